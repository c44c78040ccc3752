// `postctl ads cards update <card_id> --file body.json [--name …]`: the body
// holds only the fields to replace (name, components or slides); it is checked
// with the card rules (validate/cards.ts) and sent as given — never merged
// with the card's current fields.
import type { Context } from '../../../entry/context.js';
import { updateCard, type NewCard } from '../../../creatives/cards.js';
import { InputError, UsageError, formatProblem } from '../../../errors/cli-error.js';
import { MAX_DATA_BYTES, parseDataJson, readDataFile } from '../../../input/structured.js';
import { validateCardUpdate } from '../../../validate/cards.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { CARD_FIELDS } from './_columns.js';

async function readBody(path: string, ctx: Context): Promise<unknown> {
  return parseDataJson(path === '-' ? '(stdin)' : path, await readDataFile(path, MAX_DATA_BYTES, ctx.io.stdin));
}

/** The body from --file, with --name set over it; checked with the create rules. */
async function bodyOf(file: string | undefined, name: string | undefined, ctx: Context): Promise<unknown> {
  if (file === undefined && name === undefined)
    throw new UsageError(
      'nothing to update',
      'pass --file body.json with the fields to replace ({"name"}, {"components": […]} or {"slides": […]}), or --name.',
    );
  let body: unknown = file !== undefined ? await readBody(file, ctx) : {};
  if (name !== undefined && body && typeof body === 'object' && !Array.isArray(body)) body = { ...(body as object), name };
  const problems = validateCardUpdate(body);
  if (problems.length) {
    const where = file === undefined ? 'the flags' : file === '-' ? 'the body on stdin' : file;
    throw new InputError(
      problems.length === 1 ? formatProblem(problems[0]!) : `invalid card update: ${problems.length} problems`,
      problems,
      `nothing was sent; fields are JSON paths in ${where}.`,
    );
  }
  return body;
}

export default defineVerb({
  name: 'update <card_id>',
  description:
    'replace fields of a card: the JSON body holds only the fields to change (name, components or slides); checked with the create rules; only those fields are sent',
  examples: [
    'postctl ads cards update 1505723617405960001 --name "Spring sale (final)"',
    'postctl ads cards update 1505723617405960001 --file components.json',
    'postctl ads cards update 1505723617405960001 --file body.json --dry-run',
  ],
  options: {
    file: {
      flags: '-f, --file <path>',
      description: 'the fields to replace as JSON: {"name"}, {"components": […]} or {"slides": [[…], …]}; - for stdin',
    },
    name: { flags: '--name <name>', description: "new card name (max 80 characters; overrides the file's name)" },
    dryRun: { flags: '--dry-run', description: 'check the body and print it; send nothing' },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const body = await bodyOf(opts.file, opts.name, ctx);
    if (opts.dryRun) {
      ctx.printer.value(body);
      ctx.log.info('dry run: the update is valid; nothing was sent');
      return;
    }
    const t = await accountRef(ctx, opts);
    const res = await updateCard(await ctx.client(), t, id, body as Partial<NewCard>);
    ctx.printer.object(res.body.data, CARD_FIELDS, res.body);
    ctx.log.success(`updated card ${id} (${Object.keys(body as object).join(', ')})`);
  },
});
