// `postctl ads cards create`: a card from --file card.json or from the flags
// for the common shapes. Both go through the same validator
// (validate/cards.ts), so every component rule is checked before anything is
// sent; the API decides the card_type from the components. POST, JSON body,
// no automatic retry.
import type { Context } from '../../../entry/context.js';
import { cardFromFlags, flagFor, hasCardFlags, type CardFlags } from '../../../creatives/card-flags.js';
import { LABEL_VALUES } from '../../../creatives/enums.js';
import { createCard, type NewCard } from '../../../creatives/cards.js';
import { InputError, UsageError, formatProblem, type InputProblem } from '../../../errors/cli-error.js';
import { MAX_DATA_BYTES, parseDataJson, readDataFile } from '../../../input/structured.js';
import { validateCard } from '../../../validate/cards.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { CARD_FIELDS } from './_columns.js';

async function readCardFile(path: string, ctx: Context): Promise<unknown> {
  return parseDataJson(path === '-' ? '(stdin)' : path, await readDataFile(path, MAX_DATA_BYTES, ctx.io.stdin));
}

function flagsOf(opts: CardFlags): CardFlags {
  const keys = [
    'name',
    'media',
    'swipeable',
    'websiteTitle',
    'websiteUrl',
    'appButton',
    'country',
    'iosApp',
    'googleplayApp',
    'iosDeepLink',
    'googleplayDeepLink',
  ] as const;
  const f: CardFlags = {};
  for (const k of keys) if (opts[k] !== undefined) f[k] = opts[k];
  return f;
}

/** The card from --file (its name replaced by --name) or built from the flags; exactly one of the two. */
async function cardOf(file: string | undefined, flags: CardFlags, ctx: Context): Promise<unknown> {
  if (file !== undefined && hasCardFlags(flags))
    throw new UsageError(
      'give the card either with --file or with the component flags (--media, --swipeable, --website-*, --app-button, --country, --ios-*, --googleplay-*), not both',
      '--name may be combined with --file to set or replace the name.',
    );
  if (file === undefined && !hasCardFlags(flags))
    throw new UsageError(
      'no card given',
      'pass --file card.json ({"name", "components": […]}), or --name with --media/--swipeable and --website-title/--website-url or --app-button/--country/--ios-app/--googleplay-app.',
    );
  if (file === undefined) return cardFromFlags(flags);
  const card = await readCardFile(file, ctx);
  if (flags.name !== undefined && card && typeof card === 'object' && !Array.isArray(card))
    return { ...(card as object), name: flags.name };
  return card;
}

/** Every card rule; a problem of a card built from flags names the flag that set the field. */
function checkCard(card: unknown, file: string | undefined): void {
  const problems: InputProblem[] = validateCard(card).map((p) => {
    const flag = file === undefined ? flagFor(p.field ?? '', card as { components?: Array<Record<string, unknown>> }) : undefined;
    return flag ? { ...p, message: `${p.message} (${flag})` } : p;
  });
  if (problems.length) {
    const where = file === undefined ? 'the card built from the flags' : file === '-' ? 'the card on stdin' : file;
    throw new InputError(
      problems.length === 1 ? formatProblem(problems[0]!) : `invalid card: ${problems.length} problems`,
      problems,
      `nothing was sent; fields are JSON paths in ${where}.`,
    );
  }
}

export default defineVerb({
  name: 'create',
  description:
    'create a card from --file card.json ({name, components} or {name, slides}) or from the flags for the common shapes; every component rule is checked before sending',
  examples: [
    'postctl ads cards create --name "Spring sale" --media 3_1720000000000000001 --website-title "Spring sale" --website-url https://example.com/spring',
    'postctl ads cards create --name "Get the app" --swipeable 3_1720000000000000001,3_1720000000000000002 --app-button INSTALL --country US --ios-app 333903271',
    'postctl ads cards create --file card.json',
    'postctl ads cards create --file carousel.json --name "Three shops" --dry-run',
  ],
  options: {
    file: {
      flags: '-f, --file <path>',
      description: 'the card as JSON: {"name", "components": […]} or {"name", "slides": [[…], …]}; - for stdin',
    },
    name: { flags: '--name <name>', description: "card name (required, max 80 characters; overrides the file's name)" },
    media: { flags: '--media <key>', description: 'MEDIA component: one image or video media key' },
    swipeable: { flags: '--swipeable <keys>', description: 'SWIPEABLE_MEDIA component: 2 to 6 media keys, comma-separated' },
    websiteTitle: { flags: '--website-title <title>', description: 'DETAILS component title (website destination)' },
    websiteUrl: { flags: '--website-url <url>', description: 'DETAILS component WEBSITE destination URL' },
    appButton: { flags: '--app-button <label>', description: `BUTTON component label (app destination): ${LABEL_VALUES.join(', ')}` },
    country: { flags: '--country <code>', description: 'APP destination country_code (ISO 3166-1 alpha-2, required with a button)' },
    iosApp: { flags: '--ios-app <id>', description: 'APP destination ios_app_store_identifier (numeric part of the App Store id)' },
    googleplayApp: { flags: '--googleplay-app <id>', description: 'APP destination googleplay_app_id (package name)' },
    iosDeepLink: { flags: '--ios-deep-link <url>', description: 'APP destination ios_deep_link (needs --ios-app)' },
    googleplayDeepLink: {
      flags: '--googleplay-deep-link <url>',
      description: 'APP destination googleplay_deep_link (needs --googleplay-app)',
    },
    dryRun: { flags: '--dry-run', description: 'check the card and print the JSON body that would be sent; send nothing' },
    ...writeOptions,
  },
  async run(_args, opts, ctx) {
    const card = await cardOf(opts.file, flagsOf(opts), ctx);
    checkCard(card, opts.file);
    if (opts.dryRun) {
      ctx.printer.value(card);
      ctx.log.info('dry run: the card is valid; nothing was sent');
      return;
    }
    const t = await accountRef(ctx, opts);
    const res = await createCard(await ctx.client(), t, card as NewCard);
    ctx.printer.object(res.body.data, CARD_FIELDS, res.body);
    ctx.log.success(`created card ${res.body.data.id} (${res.body.data.card_type})`);
    ctx.log.hint(`attach it to a post: postctl ads posts create --as-user <user_id> --text … --card-uri ${res.body.data.card_uri}`);
  },
});
