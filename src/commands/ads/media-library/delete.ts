// `postctl ads media-library delete <media_key>`: asks first (or --yes).
import { deleteMediaLibraryItem } from '../../../creatives/media-library.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { confirmDelete, printOne, yesDelete } from '../_creatives.js';
import { FIELDS } from './_fields.js';

export default defineVerb({
  name: 'delete <media_key>',
  description: 'remove an item from the media library (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads media-library delete 3_1720000000000000001 --yes'],
  options: {
    yes: yesDelete,
    ...writeOptions,
  },
  async run([key], opts, ctx) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `media library item ${key} of account ${t.id}`, opts.yes))) return;
    const res = await deleteMediaLibraryItem(await ctx.client(), t, key);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`deleted ${key} from the media library`);
  },
});
