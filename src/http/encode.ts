// RFC 3986 percent-encoding as OAuth 1.0a requires: only ALPHA DIGIT - . _ ~
// stay literal; a space is %20 (never +) and !*'() are encoded.
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Ordered, repeatable parameters: [name, value] pairs (both values of a repeated name are kept). */
export type Params = Array<[string, string]>;

export type ParamInput = Params | Record<string, string | number | boolean | readonly string[] | undefined | null>;

/** Normalizes a record or pair list to pairs; arrays become comma lists (the APIs' list syntax). */
export function toParams(input: ParamInput | undefined): Params {
  if (!input) return [];
  if (Array.isArray(input)) return input.map(([k, v]) => [k, String(v)]);
  const out: Params = [];
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    out.push([k, Array.isArray(v) ? v.join(',') : String(v)]);
  }
  return out;
}

/** Serializes pairs exactly as they are signed: RFC 3986 encoding, original order. */
export function encodeParams(params: Params): string {
  return params.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
}

/** Parses application/x-www-form-urlencoded text (where + means space) into pairs. */
export function parseForm(text: string): Params {
  if (!text) return [];
  return text
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const i = part.indexOf('=');
      const k = i < 0 ? part : part.slice(0, i);
      const v = i < 0 ? '' : part.slice(i + 1);
      const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return [dec(k), dec(v)];
    });
}
