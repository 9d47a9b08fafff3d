import type { Tool } from '@toolwright/core';
import type { TolerantValidator } from '../validation/tolerant-validator.js';
import { validatorFor } from '../validation/validator-cache.js';

/**
 * A registered tool with what the gate works out for it once, so that the registry lookup a call
 * makes anyway finds it all: the validators of its input and output schemas, each compiled on first
 * use and kept while the tool keeps that schema object (a tool whose schema changes gets the new one's).
 */
export class ToolEntry {
  readonly tool: Tool;
  #schema: object | undefined;
  #validator: TolerantValidator | undefined;
  #outputSchema: object | undefined;
  #outputValidator: TolerantValidator | undefined;

  constructor(tool: Tool) {
    this.tool = tool;
  }

  /** The validator of the tool's current input schema. Never throws for a schema object; reading the schema may. */
  validator(): TolerantValidator {
    const schema = this.tool.inputSchema;
    if (this.#validator === undefined || schema !== this.#schema) {
      this.#validator = validatorFor(schema);
      this.#schema = schema;
    }
    return this.#validator;
  }

  /** The validator of the tool's current output schema (SPEC CO-4), or undefined when it declares none. */
  outputValidator(): TolerantValidator | undefined {
    const schema = this.tool.outputSchema;
    if (schema === undefined) return undefined;
    if (this.#outputValidator === undefined || schema !== this.#outputSchema) {
      this.#outputValidator = validatorFor(schema);
      this.#outputSchema = schema;
    }
    return this.#outputValidator;
  }
}
