/** An order in the example catalogue. */
export interface Order {
  readonly id: string;
  readonly status: 'open' | 'shipped' | 'cancelled';
  readonly note: string;
  readonly customer: { readonly name: string; readonly city: string; readonly countryCode: string };
  readonly items: readonly { readonly sku: string; readonly quantity: number }[];
}

/** A small, fixed catalogue, so the example runs anywhere. */
export const ORDERS: readonly Order[] = [
  {
    id: 'A-1001',
    status: 'open',
    note: 'Gift wrap, deliver before Friday',
    customer: { name: 'Ada Lovelace', city: 'London', countryCode: 'GB' },
    items: [{ sku: 'SKU-1001', quantity: 2 }],
  },
  {
    id: 'A-1002',
    status: 'shipped',
    note: 'gift for a colleague',
    customer: { name: 'Grace Hopper', city: 'Arlington', countryCode: 'US' },
    items: [
      { sku: 'SKU-1001', quantity: 1 },
      { sku: 'SKU-2002', quantity: 5 },
    ],
  },
  {
    id: 'A-1003',
    status: 'cancelled',
    note: 'Customer changed their mind',
    customer: { name: 'Ada Lovelace', city: 'London', countryCode: 'GB' },
    items: [{ sku: 'SKU-3003', quantity: 1 }],
  },
];
