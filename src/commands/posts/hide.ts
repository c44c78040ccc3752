// `postctl posts hide <reply>`: src/commands/posts/_hide.ts does the work.
import { defineVerb } from '../define.js';
import { hideOptions, setHidden } from './_hide.js';

export default defineVerb({
  name: 'hide <reply>',
  description: 'hide a reply to one of your posts (PUT /2/tweets/{tweet_id}/hidden, hidden: true): the reply as id or URL',
  examples: ['postctl posts hide 1460323737035677698'],
  options: { ...hideOptions },
  run: ([reply], opts, ctx) => setHidden(ctx, reply!, true, opts.auth, Boolean(opts.dryRun)),
});
