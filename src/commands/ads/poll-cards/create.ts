// `postctl ads poll-cards create`: checked locally, then its media key against
// the media library (unless --no-fetch), then sent.
import { createPollCard } from '../../../creatives/poll-cards.js';
import { pollMediaProblem } from '../../../validate/creatives-media.js';
import { POLL_FIELDS, validatePollCard, type PollParams } from '../../../validate/creatives-poll.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { checkLibraryKeys, pairs, printOne } from '../_creatives.js';
import { FIELDS, createOptions } from './_poll.js';

export default defineVerb({
  name: 'create',
  description: 'create a poll card',
  examples: [
    'postctl ads poll-cards create --name "Lunch poll" --duration 1440 --first-choice Pizza --second-choice Salad --third-choice Soup',
  ],
  options: {
    ...createOptions,
    ...writeOptions,
  },
  async run(_args, opts, ctx) {
    const values: PollParams = {
      name: opts.name,
      duration_in_minutes: opts.duration,
      first_choice: opts.firstChoice,
      second_choice: opts.secondChoice,
      third_choice: opts.thirdChoice,
      fourth_choice: opts.fourthChoice,
      media_key: opts.mediaKey,
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
});
