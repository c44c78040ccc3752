// `ads cards create`: a card from --file card.json or from the flags for the
// common shapes. Both go through the same validator (validate/cards.ts), so
// every component rule is checked before anything is sent; the API decides
// the card_type from the components. POST, JSON body, no automatic retry.
import { readFile } from 'node:fs/promises';
import { cardFromFlags, flagFor, hasCardFlags, type CardFlags } from '../../../creatives/card-flags.js';
import { createCard, type NewCard } from '../../../creatives/cards.js';
import type { Context } from '../../../context.js';
import { InputError, UsageError, formatProblem, invalid, type InputProblem } from '../../../errors.js';
import { readStdin } from '../../../prompt.js';
import { validateCard } from '../../../validate/cards.js';
import type { VerbModule } from '../../define.js';
import { CARD_FIELDS } from './cards.js';
import { str } from './shared.js';
import { accountRef } from '../_account.js';

async function readCardFile(path: string, ctx: Context): Promise<unknown> {
  const text = path === '-' ? await readStdin(ctx.io.stdin) : await readFile(path, 'utf8');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw invalid(path === '-' ? '(stdin)' : path, `is not valid JSON: ${(e as Error).message}`);
  }
}

function flagsOf(opts: Record<string, any>): CardFlags {
  const keys = ['name', 'media', 'swipeable', 'websiteTitle', 'websiteUrl', 'appButton', 'country', 'iosApp', 'googleplayApp', 'iosDeepLink', 'googleplayDeepLink'] as const;
  const f: CardFlags = {};
  for (const k of keys) if (str(opts[k]) !== undefined) f[k] = opts[k];
  return f;
}

export const run: VerbModule['run'] = async (_args, opts, ctx: Context) => {
  const flags = flagsOf(opts);
  const file = str(opts.file);
  if (file !== undefined && hasCardFlags(flags)) throw new UsageError('give the card either with --file or with the component flags (--media, --swipeable, --website-*, --app-button, --country, --ios-*, --googleplay-*), not both', '--name may be combined with --file to set or replace the name.');
  if (file === undefined && !hasCardFlags(flags)) throw new UsageError('no card given', 'pass --file card.json ({"name", "components": […]}), or --name with --media/--swipeable and --website-title/--website-url or --app-button/--country/--ios-app/--googleplay-app.');

  let card: unknown;
  if (file !== undefined) {
    card = await readCardFile(file, ctx);
    if (flags.name !== undefined && card && typeof card === 'object' && !Array.isArray(card)) card = { ...(card as object), name: flags.name };
  } else {
    card = cardFromFlags(flags);
  }

  const problems: InputProblem[] = validateCard(card).map((p) => {
    const flag = file === undefined ? flagFor(p.field ?? '', card as { components?: Array<Record<string, unknown>> }) : undefined;
    return flag ? { ...p, message: `${p.message} (${flag})` } : p;
  });
  if (problems.length) {
    const where = file === undefined ? 'the card built from the flags' : file === '-' ? 'the card on stdin' : file;
    throw new InputError(problems.length === 1 ? formatProblem(problems[0]!) : `invalid card: ${problems.length} problems`, problems, `nothing was sent; fields are JSON paths in ${where}.`);
  }

  if (opts.dryRun) {
    ctx.printer.value(card);
    ctx.log.info('dry run: the card is valid; nothing was sent');
    return;
  }
  const t = await accountRef(ctx, opts);
  const res = await createCard(await ctx.client(), t, card as NewCard);
  ctx.printer.object(res.body.data, CARD_FIELDS as never, res.body);
  ctx.log.success(`created card ${res.body.data.id} (${res.body.data.card_type})`);
  ctx.log.hint(`attach it to a post: postctl ads posts create --as-user <user_id> --text … --card-uri ${res.body.data.card_uri}`);
};
