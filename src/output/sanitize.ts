// Text that came from the API or from an input file is shown to a person only
// with control characters neutralised: C0 (except tab and newline where the
// caller keeps them), DEL and C1 become visible escapes, so a post holding
// `ESC ] 0 ;` or `ESC [ 2 J` cannot retitle the window or clear the screen.
// JSON output is not passed through here: it stays exact.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_AND_LINES = /[\u0000-\u001f\u007f-\u009f]/g;

const visibleEscape = (c: string): string => {
  const code = c.charCodeAt(0);
  if (code === 0x1b) return '␛';
  return `\\x${code.toString(16).padStart(2, '0')}`;
};

/** Neutralises control characters; keeps tab and newline when `keepLines`. */
export function neutralize(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROLS : CONTROLS_AND_LINES, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : visibleEscape(c)));
}

/** Cuts a long value for a message: the first `max` characters and the size. */
export function clip(text: string, max = 80): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…(${Buffer.byteLength(text)} bytes)`;
}
