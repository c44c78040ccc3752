// `postctl ads media-library list`: filtered by media type and a search term.
import { printAdsList } from '../../_ads-list.js';
import { MEDIA_LIBRARY_PAGE, MEDIA_TYPES, mediaLibraryListRequest } from '../../../creatives/media-library.js';
import type { Params } from '../../../http/encode.js';
import { validateLibraryFilters } from '../../../validate/creatives-media-library.js';
import { accountRef } from '../_account.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { listParams } from '../_creatives.js';
import { COLUMNS } from './_fields.js';

export default defineVerb({
  name: 'list',
  description: 'list media library items (key, type, status, duration, aspect ratio, name)',
  examples: [
    'postctl ads media-library list',
    'postctl ads media-library list --media-type VIDEO --q launch',
    'postctl ads media-library list --count 50 --all -o jsonl',
  ],
  options: {
    mediaType: { flags: '--media-type <type>', description: `only this media type: ${MEDIA_TYPES.join(', ')}` },
    q: { flags: '--q <text>', description: 'case-insensitive term on name, title, file_name and description (1 to 255 characters)' },
    ...listOptions(MEDIA_LIBRARY_PAGE, { sortBy: false, withDeleted: false, totalCount: false }),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const query = listParams(opts, MEDIA_LIBRARY_PAGE, (p) => {
      const mediaType = opts.mediaType?.toUpperCase();
      validateLibraryFilters(opts.q, mediaType, MEDIA_TYPES, p);
      const q: Params = [];
      if (mediaType !== undefined) q.push(['media_type', mediaType]);
      if (opts.q !== undefined) q.push(['q', opts.q]);
      return q;
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), mediaLibraryListRequest(t, query), opts, COLUMNS);
  },
});
