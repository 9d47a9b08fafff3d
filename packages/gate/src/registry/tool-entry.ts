import type { Tool } from '@toolwright/core';
import type { TolerantValidator } from '../validation/tolerant-validator.js';
import { validatorFor } from '../validation/validator-cache.js';

/**
 * A registered tool with what the gate works out for it once, so that the registry lookup a call
 * makes anyway finds it all: the validator of its input schema, compiled on first use and kept
 * while the tool keeps that schema object (a tool whose schema changes gets the new one's).
 */
export class ToolEntry {
  readonly tool: Tool;
  #schema: object | undefined;
  #validator: TolerantValidator | undefined;

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
}
