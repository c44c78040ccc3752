// A small multipart/form-data reader for the emulator (RFC 7578): enough for
// media appends, with the part bodies kept as bytes.
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The boundary from a Content-Type header, or undefined when it is not multipart/form-data. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Parts in order; throws on a malformed body. */
export function parseMultipart(raw: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = raw.indexOf(delimiter);
  if (pos < 0) throw new Error('no boundary in the body');
  for (;;) {
    pos += delimiter.length;
    if (raw.subarray(pos, pos + 2).toString() === '--') return parts;
    if (raw.subarray(pos, pos + 2).toString() !== '\r\n') throw new Error('malformed boundary line');
    const headEnd = raw.indexOf('\r\n\r\n', pos + 2);
    if (headEnd < 0) throw new Error('part without headers');
    const head = raw.subarray(pos + 2, headEnd).toString('utf8');
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headEnd + 4);
    if (next < 0) throw new Error('unterminated part');
    const disposition = /content-disposition:\s*form-data([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new Error('part without a name');
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType ? { contentType } : {}),
      data: raw.subarray(headEnd + 4, next),
    });
    pos = next + 2;
  }
}
