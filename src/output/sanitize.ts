// Text that came from the API or from an input file is shown to a person only
// with control characters neutralised: C0 (except tab and newline where the
// caller keeps them), DEL, C1 and the bidirectional controls become visible
// escapes, so a post holding `ESC ] 0 ;` or `ESC [ 2 J` cannot retitle the window
// or clear the screen, and U+202E cannot reorder what a person reads.
// JSON output keeps its exact values: `inertJson` only re-spells the characters
// JSON itself leaves raw (C1, bidi) as \u escapes, which decode to the same text.
// Bidi controls: U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069 (Unicode TR9).
const BIDI = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
// eslint-disable-next-line no-control-regex
const CONTROLS = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');
// eslint-disable-next-line no-control-regex
const CONTROLS_AND_LINES = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');
// What JSON.stringify leaves unescaped but a terminal acts on (C0 it escapes itself).
const JSON_RAW = new RegExp(`[\\u007f-\\u009f${BIDI}]`, 'g');

const visibleEscape = (c: string): string => {
  const code = c.charCodeAt(0);
  if (code === 0x1b) return '␛';
  if (code > 0xff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\x${code.toString(16).padStart(2, '0')}`;
};

/** Neutralises control characters; keeps tab and newline when `keepLines`. */
export function neutralize(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROLS : CONTROLS_AND_LINES, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : visibleEscape(c)));
}

/** JSON text with DEL, C1 and bidi controls written as \u escapes: the same JSON value, inert on a terminal. */
export function inertJson(json: string): string {
  return json.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Cuts a long value for a message: the first `max` characters and the size. */
export function clip(text: string, max = 80): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…(${Buffer.byteLength(text)} bytes)`;
}

/** Every string inside a JSON-like value clipped to `max` characters (the JSON error line). */
export function clipDeep(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === 'string') return clip(value, max);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => clipDeep(v, max, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 100)) out[clip(k, max)] = clipDeep(v, max, depth + 1);
  return out;
}
