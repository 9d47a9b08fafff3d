// CSI sequences (colours, cursor moves), OSC sequences (titles, hyperlinks) and two-byte escapes.
// eslint-disable-next-line no-control-regex -- escape sequences are exactly what this removes
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The text without terminal escape codes: what the model reads (the raw bytes stay in the result). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
