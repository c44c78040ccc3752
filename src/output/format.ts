export const FORMATS = ['table', 'json', 'jsonl', 'csv'] as const;
export type Format = (typeof FORMATS)[number];

/** Flag > POSTCTL_OUTPUT / profile setting > table on a TTY, json when piped. */
export function selectFormat(
  flag: string | undefined,
  json: boolean | undefined,
  configured: string | undefined,
  stdoutTTY: boolean,
): Format {
  if (json) return 'json';
  const pick = flag ?? configured;
  if (pick && (FORMATS as readonly string[]).includes(pick)) return pick as Format;
  return stdoutTTY ? 'table' : 'json';
}
