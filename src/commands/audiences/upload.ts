// `postctl audiences upload <custom_audience_id>`: normalize, hash and upload
// identifiers to a custom audience (the job's steps are in ./_upload.ts).
import { typeChoicesFor } from '../../validate/audiences.js';
import { defineVerb } from '../define.js';
import { effectiveAtOption, expiresAtOption, runUpload, uploadInputOptions, uploadJobOptions } from './_upload.js';

export default defineVerb({
  name: 'upload <custom_audience_id>',
  description: 'normalize, hash and upload identifiers to a custom audience in checked, resumable batches (exit 8 if any failed)',
  examples: [
    'postctl audiences upload 1qz4s --file emails.txt --type email --rejects rejects.csv',
    'postctl audiences upload 1qz4s --file crm.csv --default-country GB',
    'postctl audiences upload 1qz4s --file users.jsonl --operation delete',
    'postctl audiences upload 1qz4s --file emails.txt --type email --resume',
    'postctl audiences upload 1qz4s --file emails.txt --type email --dry-run | head -c 400',
  ],
  options: {
    ...uploadInputOptions(typeChoicesFor('custom_audience')),
    effectiveAt: effectiveAtOption,
    expiresAt: expiresAtOption('ISO 8601 UTC expiry, later than --effective-at (API default: 13 months)'),
    ...uploadJobOptions,
  },
  run: ([id], opts, ctx) => runUpload('custom_audience', id, opts, ctx),
});
