// `postctl audiences do-not-reach upload <list_id>`: the audience upload's
// pipeline (../_upload.ts) for a do-not-reach list: emails and phone numbers only.
import { DO_NOT_REACH_TYPE_CHOICES } from '../../../validate/audiences.js';
import { defineVerb } from '../../define.js';
import { expiresAtOption, runUpload, uploadInputOptions, uploadJobOptions } from '../_upload.js';

export default defineVerb({
  name: 'upload <list_id>',
  description: 'normalize, hash and upload emails and phone numbers to a do-not-reach list (same pipeline as audiences upload)',
  examples: [
    'postctl audiences do-not-reach upload 3dnr8 --file optouts.txt --type email',
    'postctl audiences do-not-reach upload 3dnr8 --file optouts.csv --expires-at 2027-06-30T00:00:00Z',
  ],
  options: {
    ...uploadInputOptions(DO_NOT_REACH_TYPE_CHOICES),
    expiresAt: expiresAtOption('ISO 8601 UTC expiry, later than now (API default: 13 months)'),
    ...uploadJobOptions,
  },
  run: ([id], opts, ctx) => runUpload('do_not_reach', id, opts, ctx),
});
