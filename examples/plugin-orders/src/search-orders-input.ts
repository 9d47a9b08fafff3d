import { Nested, ToolParam, Type } from '@toolwright/core';

/** A postal address filter. */
export class AddressFilter {
  @ToolParam({ description: 'City the order ships to, exactly as stored', schema: Type.String() })
  city!: string;

  @ToolParam({
    name: 'country_code',
    description: 'ISO 3166-1 alpha-2 country code',
    schema: Type.String(),
    optional: true,
  })
  countryCode?: string;
}

/** Who placed the order. */
export class CustomerFilter {
  @ToolParam({ description: 'Customer name or part of it', schema: Type.String() })
  name!: string;

  @ToolParam({ description: 'Where the customer ships to', schema: Nested(() => AddressFilter), optional: true })
  address?: AddressFilter;
}

/** One product the order must contain. */
export class LineItemFilter {
  @ToolParam({ description: 'Stock keeping unit, e.g. SKU-1001', schema: Type.String() })
  sku!: string;

  @ToolParam({
    name: 'min_quantity',
    description: 'At least this many units',
    schema: Type.Integer({ minimum: 1 }),
    default: 1,
  })
  minQuantity!: number;
}

/** The input of `search_orders`: the one source of its schema and its binding. */
export class SearchOrdersInput {
  @ToolParam({ description: 'Text to look for in order notes', schema: Type.String() })
  query!: string;

  @ToolParam({ name: '-i', description: 'Ignore case when matching the query', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({ description: 'Only orders in this state', enum: ['open', 'shipped', 'cancelled'], optional: true })
  status?: 'open' | 'shipped' | 'cancelled';

  @ToolParam({ description: 'Only orders of this customer', schema: Nested(() => CustomerFilter), optional: true })
  customer?: CustomerFilter;

  @ToolParam({
    description: 'Products every matching order must contain',
    schema: Type.Array(Nested(() => LineItemFilter)),
    optional: true,
  })
  items?: LineItemFilter[];

  @ToolParam({
    description: 'Largest number of orders to return (1-50)',
    schema: Type.Integer({ minimum: 1, maximum: 50 }),
    default: 10,
  })
  limit!: number;
}
