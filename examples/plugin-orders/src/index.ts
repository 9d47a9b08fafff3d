// The plugin's public API: the tool, its input classes, and (as the default export) the tools it offers.
import { SearchOrdersTool } from './search-orders-tool.js';

export { SearchOrdersTool };
export { AddressFilter, CustomerFilter, LineItemFilter, SearchOrdersInput } from './search-orders-input.js';
export { ORDERS, type Order } from './orders.js';

/** The tools this plugin offers. */
export default [new SearchOrdersTool()];
