// Text as HTML for the report page: escaped, and control or bidi-override
// characters replaced, so a hostile name is shown as text, never markup.
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text as HTML: escaped, and control or bidi-override characters replaced by U+FFFD. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '')
    .replace(UNSAFE, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
