// `postctl ads media-library get <media_key>`.
import { getMediaLibraryItem } from '../../../creatives/media-library.js';
import { accountRef } from '../_account.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { FIELDS } from './_fields.js';

export default defineVerb({
  name: 'get <media_key>',
  description: 'show one media library item',
  examples: ['postctl ads media-library get 7_1720000000000000021'],
  options: accountOptions,
  async run([key], opts, ctx) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getMediaLibraryItem(await ctx.client(), t, key)).body, FIELDS);
  },
});
