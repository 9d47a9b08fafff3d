// The provider wire shapes the adapters read and write: minimal interfaces of the payloads, no SDK.
import type { JsonObject } from '@toolwright/core';

/** A tool definition for the Anthropic Messages API (`tools[]`). */
export interface AnthropicToolDefinition {
  /** The name the model calls. */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** The JSON Schema of the input: the plain schema (PR-3), an object schema as the API requires. */
  readonly input_schema: JsonObject & { readonly type: 'object' };
}

/** The image types the Anthropic Messages API takes in a `tool_result`. */
export type AnthropicImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** A `tool_use` content block of an Anthropic assistant message. */
export interface AnthropicToolUseBlock {
  /** Always `tool_use`. */
  readonly type: 'tool_use';
  /** The call id, echoed back as `tool_use_id`. */
  readonly id: string;
  /** The tool the model called. */
  readonly name: string;
  /** The arguments, already parsed (an object, or anything a model may send). */
  readonly input: unknown;
}

/** One block of a `tool_result`'s content (SPEC CO-2): text, a base64 image, or a base64 PDF document. */
export type AnthropicToolResultContent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image';
      readonly source: { readonly type: 'base64'; readonly media_type: AnthropicImageType; readonly data: string };
    }
  | {
      readonly type: 'document';
      readonly source: { readonly type: 'base64'; readonly media_type: 'application/pdf'; readonly data: string };
    };

/** A `tool_result` content block of an Anthropic user message. */
export interface AnthropicToolResultBlock {
  /** Always `tool_result`. */
  readonly type: 'tool_result';
  /** The `id` of the `tool_use` block this answers. */
  readonly tool_use_id: string;
  /**
   * What the model reads: the text, or for a result of parts (SPEC CO-1) their blocks (a mutable
   * array, as the SDK's `ToolResultBlockParam` takes it: a fresh one for each result).
   */
  readonly content: string | AnthropicToolResultContent[];
  /** Present, and true, only on errors. */
  readonly is_error?: true;
}

/** Options of the OpenAI tool definitions. */
export interface OpenAIToolOptions {
  /**
   * Send the strict variant of the schema (every property required, optional ones nullable) with
   * `strict: true`, or the plain schema with `strict: false`. Chat Completions leaves `strict` out
   * unless asked (the API's default is non-strict); Responses defaults to `true`.
   */
  readonly strict?: boolean;
}

/** A tool definition for OpenAI Chat Completions (`tools[]`): the function is nested. */
export interface OpenAIChatTool {
  /** Always `function`. */
  readonly type: 'function';
  /** The function the model may call. */
  readonly function: {
    /** The name the model calls. */
    readonly name: string;
    /** What the model reads about the tool. */
    readonly description: string;
    /** The JSON Schema of the arguments. */
    readonly parameters: JsonObject;
    /** Whether the model's arguments are constrained to `parameters`; absent unless chosen. */
    readonly strict?: boolean;
  };
}

/** One entry of an OpenAI Chat Completions `message.tool_calls`. */
export interface OpenAIChatToolCall {
  /** The call id, echoed back as `tool_call_id`. */
  readonly id: string;
  /** Always `function`. */
  readonly type: 'function';
  /** The called function. */
  readonly function: {
    /** The tool the model called. */
    readonly name: string;
    /** The arguments as JSON text (which the model may get wrong). */
    readonly arguments: string;
  };
}

/** The Chat Completions message that answers one tool call. */
export interface OpenAIChatToolMessage {
  /** Always `tool`. */
  readonly role: 'tool';
  /** The `id` of the call this answers. */
  readonly tool_call_id: string;
  /** What the model reads; errors start with `Error: `. */
  readonly content: string;
}

/** A function tool definition for the OpenAI Responses API (`tools[]`): flat, not nested. */
export interface OpenAIResponsesTool {
  /** Always `function`. */
  readonly type: 'function';
  /** The name the model calls. */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** The JSON Schema of the arguments. */
  readonly parameters: JsonObject;
  /** Always written: left out, the Responses API would rewrite the schema into strict mode itself. */
  readonly strict: boolean;
}

/** A `function_call` output item of an OpenAI Responses API response. */
export interface OpenAIResponsesFunctionCall {
  /** Always `function_call`. */
  readonly type: 'function_call';
  /** The item id (`fc_…`); not the call id. */
  readonly id?: string;
  /** The call id, echoed back as `call_id`. */
  readonly call_id: string;
  /** The tool the model called. */
  readonly name: string;
  /** The arguments as JSON text (which the model may get wrong). */
  readonly arguments: string;
  /** The item's status, when the API reports one. */
  readonly status?: string;
}

/** The Responses API input item that answers one function call. */
export interface OpenAIResponsesFunctionCallOutput {
  /** Always `function_call_output`. */
  readonly type: 'function_call_output';
  /** The `call_id` of the call this answers. */
  readonly call_id: string;
  /**
   * What the model reads, text or for a result of parts (SPEC CO-1) their items (a fresh mutable
   * array, as the SDK takes it); errors start with `Error: `.
   */
  readonly output: string | OpenAIResponsesFunctionCallOutputContent[];
}

/** One item of a `function_call_output`'s output (SPEC CO-2): text, an image or a file, as data URLs. */
export type OpenAIResponsesFunctionCallOutputContent =
  | { readonly type: 'input_text'; readonly text: string }
  | { readonly type: 'input_image'; readonly image_url: string }
  | { readonly type: 'input_file'; readonly filename: string; readonly file_data: string };
