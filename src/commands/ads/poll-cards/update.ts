// `postctl ads poll-cards update`: poll cards cannot be updated; this exits 2
// and says what to do instead. It accepts the create flags (hidden) so a
// command line copied from create gets that answer, not an unknown-flag error.
import { UsageError } from '../../../errors/cli-error.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { hiddenCreateOptions } from './_poll.js';

export default defineVerb({
  name: 'update [card_id]',
  description: 'not possible: poll cards cannot be updated (exits 2 and says what to do instead)',
  examples: ['postctl ads poll-cards create --name "Lunch poll v2" --duration 1440 --first-choice Pizza --second-choice Salad'],
  options: {
    ...hiddenCreateOptions,
    ...writeOptions,
  },
  async run([id]) {
    throw new UsageError(
      'poll cards cannot be updated (the ads API has no update for them)',
      `create a new poll card with \`postctl ads poll-cards create …\` and use its card_uri in a new post${id ? `; ${id} stays as it is` : ''}.`,
    );
  },
});
