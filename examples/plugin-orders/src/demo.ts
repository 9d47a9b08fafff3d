// The main job, for now: what a model is told about `search_orders`, and what happens to its calls
// when they go through the gate.
import { bindInput, parseToolUse, ToolInput, type ToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { SearchOrdersInput } from './search-orders-input.js';
import { SearchOrdersTool } from './search-orders-tool.js';

const tool = new SearchOrdersTool();
const gate = new ToolGate({ tools: [tool], schemaValidation: 'ENFORCE', permissions: { allow: ['search_orders'] } });

function heading(text: string): void {
  console.log(`\n=== ${text} ===`);
}

async function call(label: string, argumentsText: string): Promise<void> {
  heading(label);
  const toolUse: ToolUse = parseToolUse(`call_${label.length}`, 'search_orders', argumentsText);
  console.log(`model sent:      ${argumentsText}`);
  console.log(`tool input:      ${JSON.stringify(toolUse.input.toJSON())}`);
  if (toolUse.inputError === undefined) {
    const bound = bindInput(SearchOrdersInput, toolUse.input);
    console.log(
      bound.ok
        ? `bound instance:  ${bound.value.constructor.name} ${JSON.stringify(bound.value)}`
        : 'binding refused the call:',
    );
  }
  const result = await gate.execute(toolUse);
  console.log(`gate ${result.isError ? 'error result' : 'result'}:\n${result.content}`);
}

heading(`schema the model is told for '${tool.name}'`);
console.log(JSON.stringify(tool.inputSchema, null, 2));

await call(
  'a typed call with nulls (null means "not sent")',
  '{"query":"gift","-i":true,"status":null,"customer":{"name":"Ada","address":null},"items":[{"sku":"SKU-1001"}]}',
);
await call(
  'a typo, a wrong enum value and a nested type error, all reported at once',
  '{"qeury":"gift","status":"lost","customer":{"name":7}}',
);
await call('arguments that are not JSON', '{"query": "gift",');

heading('ToolInput accessors agree on null and absence');
const input = ToolInput.of({ query: 'gift', status: null });
console.log(`findString('status') = ${String(input.findString('status'))}`);
console.log(`getString('status', 'open') = ${input.getString('status', 'open')}`);
try {
  input.requireString('status');
} catch (error) {
  console.log(`requireString('status') throws: ${(error as Error).message}`);
}
