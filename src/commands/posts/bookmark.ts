// `postctl posts bookmark`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'bookmark [posts...]',
  description: 'bookmark posts (POST /2/users/{id}/bookmarks; OAuth 2.0 only, scope bookmark.write): ids or post URLs, --file or -',
  examples: ['postctl posts bookmark 1460323737035677698'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'bookmark', args, opts),
});
