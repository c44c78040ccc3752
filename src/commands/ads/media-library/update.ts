// `postctl ads media-library update <media_key>`: the given fields only; the
// video-only ones are checked against what the item is (a GET, unless --no-fetch).
import { getMediaLibraryItem, kindFromKey, updateMediaLibraryItem } from '../../../creatives/media-library.js';
import { UsageError } from '../../../errors/cli-error.js';
import { LIBRARY_FIELDS, VIDEO_ONLY, validateLibraryFields } from '../../../validate/creatives-media-library.js';
import { Problems } from '../../../validate/rules.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { pairs, printOne } from '../_creatives.js';
import { FIELDS, fieldOptions, fieldValues } from './_fields.js';

export default defineVerb({
  name: 'update <media_key>',
  description: 'change name, file name, title, description or poster of a library item',
  examples: ['postctl ads media-library update 7_1720000000000000021 --title "Launch film (cut)"'],
  options: {
    ...fieldOptions,
    fetch: {
      flags: '--no-fetch',
      description: 'do not fetch the item to check the video-only fields (the key prefix is used, else the API decides)',
    },
    ...writeOptions,
  },
  async run([key], opts, ctx) {
    const values = fieldValues(opts);
    const params = pairs(LIBRARY_FIELDS, values);
    if (params.length === 0)
      throw new UsageError('nothing to update', `pass at least one of --name, --file-name, --title, --description, --poster-media-key.`);
    validateLibraryFields(values, undefined).throwIfAny('invalid media library item');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (VIDEO_ONLY.some((f) => values[f] !== undefined)) {
      // Video-only fields: ask the library what this item is (a GET), unless --no-fetch.
      const kind = opts.fetch === false ? kindFromKey(key) : (await getMediaLibraryItem(client, t, key)).body.data.media_type;
      validateLibraryFields(values, kind, new Problems()).throwIfAny('invalid media library item');
    }
    const res = await updateMediaLibraryItem(client, t, key, params);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`updated ${key}`);
  },
});
