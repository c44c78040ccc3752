// What the compliance job verbs share: columns and the selection.
import type { Params } from '../../../http/encode.js';
import { selectionParams } from '../../../validate/selection.js';

export const JOB_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'type', key: 'type' },
  { header: 'status', key: 'status' },
  { header: 'name', key: 'name' },
  { header: 'created_at', key: 'created_at' },
  { header: 'download_expires_at', key: 'download_expires_at' },
];

/** Without --compliance-job-fields: what the verbs use (the URLs) and the columns show. */
export const jobSelection = (fields: string[] | undefined, allowUnknown: boolean | undefined): Params =>
  selectionParams({
    fields: {
      complianceJob: fields ?? [
        'type',
        'status',
        'name',
        'created_at',
        'upload_url',
        'upload_expires_at',
        'download_url',
        'download_expires_at',
      ],
    },
    allowUnknown,
  });

export const TYPES = ['tweets', 'users'] as const;
