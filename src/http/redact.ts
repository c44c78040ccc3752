// Redaction for --verbose traces and error output: secrets never reach a terminal or log.
const REDACTED = '[redacted]';

// Names whose values are secret: *token, *secret, *verifier, *signature, *password, pin, authorization, cookie.
const SENSITIVE_NAME = /(token|secret|verifier|signature|password)$|^(pin|authorization|cookie|proxy-authorization|bearer)$/i;
// Paging cursors end in "token" but grant nothing: a --verbose trace shows them, so an interrupted listing can
// be resumed with the token it printed.
const PAGING_NAME = /^(next|previous|pagination)_token$/i;

// A token-shaped key with its value in any text that is not (or no longer) parseable:
// `"access_token":"…"`, `refresh_token=…`, also inside a JSON string (`\\"access_token\\":\\"…`).
// A body with junk after its JSON still has its tokens removed from every message.
// The match starts at the name's ending (not at `[\w-]*` before it, which would backtrack
// quadratically over a long word): linear in the text, whatever its size.
// A value is taken when it is quoted (`"…token":"v"`) or follows `=` (a form or query); after a bare
// `name: ` it is taken only when it looks like a secret (a digit and 6+ characters, or 20+), so prose
// such as "invalid token: not a bearer token" keeps its words.
const TOKEN_PAIR =
  /(?<!(?:^|\W)(?:next|previous|pagination)_)(token|secret|verifier|password)(\\?"?\s*[:=]\s*\\?"?)(?!\[redacted\])([^"\\&\s,}]+)/gi;
const SECRET_SHAPED = /^(?=.*\d).{6,}$|^.{20,}$/s;

function redactPair(match: string, name: string, sep: string, value: string): string {
  const quoted = sep.endsWith('"');
  return quoted || sep.includes('=') || SECRET_SHAPED.test(value) ? `${name}${sep}${REDACTED}` : match;
}

function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name) && !PAGING_NAME.test(name);
}

export class Redactor {
  private secrets: string[] = [];

  /** Registers literal secret values to scrub wherever they appear. */
  add(...values: Array<string | undefined>): void {
    for (const v of values) if (v && v.length >= 4 && !this.secrets.includes(v)) this.secrets.push(v);
    // Longest first, so a secret that contains another is scrubbed whole.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  text(s: string): string {
    let out = s.replace(TOKEN_PAIR, redactPair);
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    for (const secret of this.secrets) {
      const enc = encodeURIComponent(secret);
      if (enc !== secret && out.includes(enc)) out = out.split(enc).join(REDACTED);
    }
    return out;
  }

  url(u: string): string {
    try {
      const url = new URL(u);
      const parts = u.split('?');
      if (parts.length < 2) return this.text(u);
      const redactedQuery = parts[1]!.split('&').map((kv) => {
        const [k = ''] = kv.split('=');
        return isSensitiveName(decodeURIComponent(k)) ? `${k}=${REDACTED}` : kv;
      });
      return this.text(`${url.origin}${url.pathname}?${redactedQuery.join('&')}`);
    } catch {
      return this.text(u);
    }
  }

  header(name: string, value: string): string {
    if (/^authorization$/i.test(name)) {
      const scheme = value.split(' ')[0] ?? '';
      return `${scheme} ${REDACTED}`;
    }
    return isSensitiveName(name) ? REDACTED : this.text(value);
  }

  /** Deep copy of a JSON value with sensitive keys' values replaced. */
  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.json(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = isSensitiveName(k) && typeof v === 'string' ? REDACTED : this.json(v);
      return out;
    }
    return typeof value === 'string' ? this.text(value) : value;
  }

  /** Redacts a body for display: JSON by key, form bodies by name, anything else by value. */
  body(text: string): string {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return JSON.stringify(this.json(JSON.parse(trimmed)));
      } catch {
        /* not JSON after all */
      }
    }
    if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(trimmed)) {
      return trimmed
        .split('&')
        .map((kv) => {
          const [k = ''] = kv.split('=');
          return isSensitiveName(k) ? `${k}=${REDACTED}` : kv;
        })
        .join('&');
    }
    return this.text(text);
  }
}
