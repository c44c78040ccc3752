// `postctl posts unhide <reply>`: src/commands/posts/_hide.ts does the work.
import { defineVerb } from '../define.js';
import { hideOptions, setHidden } from './_hide.js';

export default defineVerb({
  name: 'unhide <reply>',
  description: 'show a hidden reply again (PUT /2/tweets/{tweet_id}/hidden, hidden: false): the reply as id or URL',
  examples: ['postctl posts unhide 1460323737035677698'],
  options: { ...hideOptions },
  run: ([reply], opts, ctx) => setHidden(ctx, reply!, false, opts.auth, Boolean(opts.dryRun)),
});
