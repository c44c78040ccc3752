export const FORMATS = ['table', 'json', 'jsonl', 'csv', 'html', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats every verb writes; the others (html: a report page; yaml: a campaigns file) only the verbs that declare them. */
export const COMMON_FORMATS: readonly Format[] = ['table', 'json', 'jsonl', 'csv'];

/** Flag > POSTCTL_OUTPUT / profile setting > table on a TTY, json when piped. */
export function selectFormat(
  flag: string | undefined,
  json: boolean | undefined,
  configured: string | undefined,
  stdoutTTY: boolean,
): Format {
  if (json) return 'json';
  // A report format is asked for one run (-o), never taken from the environment or a profile for every verb.
  const pick = flag ?? (configured && (COMMON_FORMATS as readonly string[]).includes(configured) ? configured : undefined);
  if (pick && (FORMATS as readonly string[]).includes(pick)) return pick as Format;
  return stdoutTTY ? 'table' : 'json';
}
