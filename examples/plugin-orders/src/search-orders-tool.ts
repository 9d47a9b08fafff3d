import { GenericTool, SafetyLevel, type ToolContext } from '@toolwright/core';
import { ORDERS, type Order } from './orders.js';
import { SearchOrdersInput } from './search-orders-input.js';

/** Searches the example catalogue: a GenericTool whose schema and binding come from SearchOrdersInput. */
export class SearchOrdersTool extends GenericTool<SearchOrdersInput, readonly Order[]> {
  constructor(private readonly orders: readonly Order[] = ORDERS) {
    super({
      name: 'search_orders',
      description: 'Finds orders whose note contains the query, optionally filtered by status, customer and products.',
      safety: SafetyLevel.READ_ONLY,
      input: SearchOrdersInput,
    });
  }

  protected doExecute(input: SearchOrdersInput, _context: ToolContext): readonly Order[] {
    const limit = Math.min(Math.max(input.limit, 1), 50);
    const fold = (text: string) => (input.ignoreCase ? text.toLowerCase() : text);
    return this.orders
      .filter((order) => fold(order.note).includes(fold(input.query)))
      .filter((order) => input.status === undefined || order.status === input.status)
      .filter((order) => {
        const customer = input.customer;
        if (customer === undefined) return true;
        if (!order.customer.name.includes(customer.name)) return false;
        const address = customer.address;
        if (address === undefined) return true;
        return (
          order.customer.city === address.city &&
          (address.countryCode ?? order.customer.countryCode) === order.customer.countryCode
        );
      })
      .filter((order) =>
        (input.items ?? []).every((wanted) =>
          order.items.some((item) => item.sku === wanted.sku && item.quantity >= wanted.minQuantity),
        ),
      )
      .slice(0, limit);
  }

  protected render(orders: readonly Order[]): string {
    if (orders.length === 0) return 'No orders match.';
    return orders.map((order) => `${order.id} [${order.status}] ${order.customer.name}: ${order.note}`).join('\n');
  }
}
