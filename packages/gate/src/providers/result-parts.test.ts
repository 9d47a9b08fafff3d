// Results of parts on the providers' wires (SPEC CO-2), each as the provider documents it:
// Anthropic Messages `tool_result` content blocks (text, image with a base64 source, document),
// OpenAI Responses `function_call_output` items (input_text, input_image and input_file as data
// URLs), and Chat Completions text with each part that is not text named in words.
import { ToolResult } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { toAnthropicToolResult } from './anthropic.js';
import { toOpenAIChatToolMessage } from './openai-chat.js';
import { toOpenAIResponsesFunctionOutput } from './openai-responses.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const result = ToolResult.ok([
  { type: 'text', text: 'The chart:' },
  { type: 'image', data: PNG, mimeType: 'image/png', width: 1, height: 1 },
  { type: 'image', data: 'AAAA', mimeType: 'image/bmp' },
  { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
  { type: 'resource_link', uri: 'file:///data/a.csv', name: 'a.csv' },
  { type: 'resource', resource: { uri: 'file:///r/notes.txt', mimeType: 'text/plain', text: 'notes' } },
  { type: 'resource', resource: { uri: 'file:///r/report.pdf?v=2', mimeType: 'application/pdf', blob: 'JVBERg==' } },
  { type: 'resource', resource: { uri: 'file:///r/data.bin', blob: 'AAAA' } },
]);

describe('results of parts on the providers’ wires (CO-2)', () => {
  it('Anthropic: text blocks, base64 image blocks for the four image types it takes, a PDF as a document, the rest in words', () => {
    expect(toAnthropicToolResult('toolu_1', result)).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'text', text: 'The chart:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        {
          type: 'text',
          text: '[image: image/bmp, 3 bytes] (not sent: Anthropic takes PNG, JPEG, GIF and WebP images)',
        },
        { type: 'text', text: '[audio: audio/wav, 3 bytes] (not sent: Anthropic takes no audio in a tool result)' },
        { type: 'text', text: '[resource link: a.csv (file:///data/a.csv)]' },
        { type: 'text', text: '[resource: file:///r/notes.txt, text/plain]\nnotes' },
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERg==' } },
        { type: 'text', text: '[resource: file:///r/data.bin, 3 bytes] (not sent: Anthropic takes PDF files only)' },
      ],
    });
  });

  it('Anthropic: an error of parts keeps is_error; a text result stays a string', () => {
    const error = ToolResult.error([{ type: 'image', data: PNG, mimeType: 'image/png' }]);
    expect(toAnthropicToolResult('toolu_2', error)).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }],
      is_error: true,
    });
    expect(toAnthropicToolResult('toolu_3', ToolResult.ok('plain')).content).toBe('plain');
  });

  it('OpenAI Responses: input_text, input_image and input_file items with data URLs, audio in words', () => {
    expect(toOpenAIResponsesFunctionOutput('call_1', result)).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: [
        { type: 'input_text', text: 'The chart:' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
        { type: 'input_image', image_url: 'data:image/bmp;base64,AAAA' },
        { type: 'input_text', text: '[audio: audio/wav, 3 bytes] (not sent: a function output takes no audio)' },
        { type: 'input_text', text: '[resource link: a.csv (file:///data/a.csv)]' },
        { type: 'input_text', text: '[resource: file:///r/notes.txt, text/plain]\nnotes' },
        { type: 'input_file', filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERg==' },
        { type: 'input_file', filename: 'data.bin', file_data: 'data:application/octet-stream;base64,AAAA' },
      ],
    });
  });

  it('OpenAI Responses: an error starts with Error: in its first text item, or in one put first', () => {
    const withText = ToolResult.error([
      { type: 'text', text: 'render failed' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ]);
    expect(toOpenAIResponsesFunctionOutput('c', withText).output).toEqual([
      { type: 'input_text', text: 'Error: render failed' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
    ]);
    const imageOnly = ToolResult.error([{ type: 'image', data: PNG, mimeType: 'image/png' }]);
    expect(toOpenAIResponsesFunctionOutput('c', imageOnly).output).toEqual([
      { type: 'input_text', text: 'Error: the tool failed.' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
    ]);
  });

  it('OpenAI Chat Completions: text, each part that is not text named in words', () => {
    expect(toOpenAIChatToolMessage('call_2', result)).toEqual({
      role: 'tool',
      tool_call_id: 'call_2',
      content: [
        'The chart:',
        '[image: image/png, 1×1, 70 bytes]',
        '[image: image/bmp, 3 bytes]',
        '[audio: audio/wav, 3 bytes]',
        '[resource link: a.csv (file:///data/a.csv)]',
        '[resource: file:///r/notes.txt, text/plain]',
        'notes',
        '[resource: file:///r/report.pdf?v=2, application/pdf, 4 bytes]',
        '[resource: file:///r/data.bin, 3 bytes]',
      ].join('\n'),
    });
  });
});
