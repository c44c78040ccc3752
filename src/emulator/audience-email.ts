// The emulator's own reading of an email address the way the ads reference
// describes audience identifiers: trim and lowercase, then one @, something
// before it, and a domain made of at least two dot-separated labels after it.
// Written apart from the client's pattern (src/validate/audiences.ts) so that a
// mistake in one is caught by the shared corpus test.
export function emailAcceptable(raw: string): boolean {
  const s = raw.trim().toLowerCase();
  const at = s.indexOf('@');
  if (at <= 0 || at !== s.lastIndexOf('@')) return false;
  if (/\s/.test(s)) return false;
  const labels = s.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => l.length > 0);
}
