// `postctl ads media-library add <media_key>`: uploaded media into the library.
import { addMediaLibraryItem, kindFromKey } from '../../../creatives/media-library.js';
import { LIBRARY_FIELDS, validateLibraryFields } from '../../../validate/creatives-media-library.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { pairs, printOne } from '../_creatives.js';
import { FIELDS, fieldOptions, fieldValues } from './_fields.js';

export default defineVerb({
  name: 'add <media_key>',
  description:
    'add uploaded media (uploaded with a media_category) to the library; an AMPLIFY_VIDEO also becomes a PREROLL account media asset',
  examples: [
    'postctl ads media-library add 3_1720000000000009001 --name "Hero image"',
    'postctl ads media-library add 13_1720000000000009003 --name Launch --title "Launch film" --description "60 seconds"',
  ],
  options: {
    ...fieldOptions,
    ...writeOptions,
  },
  async run([key], opts, ctx) {
    const values = fieldValues(opts);
    // Not in the library yet, so its kind comes from the key prefix (or the API decides).
    const problems = validateLibraryFields(values, kindFromKey(key));
    if (!key.trim()) problems.add('media_key', 'is required');
    problems.throwIfAny('invalid media library item');
    const t = await accountRef(ctx, opts);
    const res = await addMediaLibraryItem(await ctx.client(), t, [['media_key', key], ...pairs(LIBRARY_FIELDS, values)]);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`added ${key} to the media library of account ${t.id}`);
    if (res.body.data.media_category === 'AMPLIFY_VIDEO') {
      ctx.log.info(
        'an AMPLIFY_VIDEO in the media library is also available as a PREROLL account media asset: postctl ads media list --creative-types PREROLL',
      );
    }
  },
});
