// What `posts create` and `posts edit` share: the text and media flags, --dry-run,
// reading the text, and printing the created id (table) or the API envelope (json).
import type { Context } from '../../entry/context.js';
import { invalid } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { readText, type Body, type CreatedEnvelope } from '../../platform/posting.js';
import type { OptionSpec, OptionTable } from '../define.js';

export const NUMERIC_ID = /^[0-9]{1,19}$/;

export const textOptions = {
  text: { flags: '--text <text>', description: 'the post text (at most 25,000 characters, counted as Unicode code points after NFC)' },
  textFile: { flags: '--text-file <file>', description: 'read the text from a UTF-8 file (- for stdin); one trailing newline is dropped' },
} as const satisfies OptionTable;
export const mediaOption = {
  flags: '--media <media_ids>',
  description: 'media ids to attach, comma separated or repeated: up to 4 images, or 1 video or GIF',
  repeatable: true,
} as const satisfies OptionSpec;
export const dryRunOption = {
  flags: '--dry-run',
  description: 'print the JSON body that would be sent and send nothing',
} as const satisfies OptionSpec;

/** The text from --text, --text-file or `-` (stdin); any other argument is an error. The optional `[-]` argument is typed string | undefined. */
export async function textFrom(
  args: readonly (string | undefined)[],
  opts: { text?: string | undefined; textFile?: string | undefined },
  ctx: Context,
): Promise<string | undefined> {
  const given = args.filter((a): a is string => a !== undefined);
  const extra = given.filter((a) => a !== '-');
  if (extra.length)
    throw invalid('text', `unexpected argument ${JSON.stringify(extra[0])}: pass the text with --text, --text-file F or - (stdin)`);
  return readText({ text: opts.text, textFile: opts.textFile, dash: given.includes('-'), io: ctx.io });
}

export function printResult(ctx: Context, env: CreatedEnvelope, what: string): void {
  const id = env.data?.id;
  if (ctx.format === 'table' && typeof id === 'string') ctx.printer.value(id);
  else ctx.printer.object(env.data ?? {}, undefined, env);
  if (typeof id === 'string') ctx.log.success(`${what} ${id}`);
}

export function dryRun(ctx: Context, body: Body): number {
  ctx.printer.write(JSON.stringify(body, null, 2) + '\n');
  ctx.log.info('dry run: nothing was sent');
  return EXIT.OK;
}
