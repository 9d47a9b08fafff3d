import { readFileSync } from 'node:fs';
import type { AnthropicToolUseBlock, OpenAIChatToolCall } from '@toolwright/gate/providers';

/** One turn of a recorded model session, as the provider sent it. */
export type RecordedTurn =
  | {
      readonly provider: 'anthropic';
      readonly scenario: string;
      readonly content: readonly ({ type: 'text'; text: string } | AnthropicToolUseBlock)[];
    }
  | { readonly provider: 'openai'; readonly scenario: string; readonly tool_calls: readonly OpenAIChatToolCall[] };

/** Reads the recorded session, with `TOKEN` replaced so the run can find the processes it started. */
export function readTranscript(token: string): RecordedTurn[] {
  const text = readFileSync(new URL('../transcripts/session.json', import.meta.url), 'utf8').replaceAll('TOKEN', token);
  return (JSON.parse(text) as { turns: RecordedTurn[] }).turns;
}
