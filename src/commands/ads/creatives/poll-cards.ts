// `ads poll-cards list|get|create|update` (update only explains that poll cards cannot be updated).
import { printAdsList } from '../../../ads/common.js';
import { POLL_CARDS_PAGE, createPollCard, getPollCard, pollCardsListRequest } from '../../../creatives/poll-cards.js';
import type { PollCard } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Column } from '../../../output/printer.js';
import { pollMediaProblem } from '../../../validate/creatives-media.js';
import { POLL_FIELDS, validatePollCard, type PollParams } from '../../../validate/creatives-poll.js';
import type { VerbModule } from '../../define.js';
import { checkLibraryKeys } from './library-check.js';
import { cardIdFilters, listParams, pairs, printOne, str } from './shared.js';
import { accountRef } from '../_account.js';

const choices = (c: PollCard) => [c.first_choice, c.second_choice, c.third_choice, c.fourth_choice].filter((x) => x).join(' / ');
const COLUMNS: Column<PollCard>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'card_type', key: 'card_type' },
  { header: 'choices', get: choices },
  { header: 'minutes', key: 'duration_in_minutes' },
  { header: 'end_time', key: 'end_time' },
  { header: 'card_uri', key: 'card_uri' },
];
const FIELDS: Column<PollCard>[] = [
  ...(['id', 'name', 'card_type', 'card_uri', 'first_choice', 'second_choice', 'third_choice', 'fourth_choice', 'duration_in_minutes', 'start_time', 'end_time', 'video_url', 'created_at', 'updated_at', 'deleted'] as const).map((k) => ({ header: k, key: k })),
];

export const list: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const query = listParams(opts, POLL_CARDS_PAGE, cardIdFilters(opts));
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), pollCardsListRequest(t, query), opts, COLUMNS);
  },
};

export const get: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getPollCard(await ctx.client(), t, id!, Boolean(opts.withDeleted))).body, FIELDS);
  },
};

export const create: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const values: PollParams = {
      name: str(opts.name),
      duration_in_minutes: str(opts.duration),
      first_choice: str(opts.firstChoice),
      second_choice: str(opts.secondChoice),
      third_choice: str(opts.thirdChoice),
      fourth_choice: str(opts.fourthChoice),
      media_key: str(opts.mediaKey),
    };
    const problems = validatePollCard(values);
    problems.throwIfAny('invalid poll card');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (values.media_key !== undefined && opts.fetch !== false) {
      await checkLibraryKeys(client, t, problems, [{ field: 'media_key', key: values.media_key, kindProblem: pollMediaProblem }]);
      problems.throwIfAny('invalid poll card');
    }
    const res = await createPollCard(client, t, pairs(POLL_FIELDS, values));
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`created poll card ${res.body.data.id}; attach it with --card-uri ${res.body.data.card_uri}`);
  },
};

export const update: VerbModule = {
  async run([id]) {
    throw new UsageError(
      'poll cards cannot be updated (the ads API has no update for them)',
      `create a new poll card with \`postctl ads poll-cards create …\` and use its card_uri in a new post${id ? `; ${id} stays as it is` : ''}.`,
    );
  },
};
