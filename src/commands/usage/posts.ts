// `postctl usage posts`: posts read by the project against its cap (GET /2/usage/tweets).
import { usageRequest } from '../../platform/usage.js';
import { selectionParams } from '../../validate/selection.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, intParam, printOne } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';

const COLUMNS = [
  { header: 'project_id', key: 'project_id' },
  { header: 'project_usage', key: 'project_usage' },
  { header: 'project_cap', key: 'project_cap' },
  { header: 'cap_reset_day', key: 'cap_reset_day' },
];

export default defineVerb({
  name: 'posts',
  description: 'posts the project read this billing period against its cap (GET /2/usage/tweets; app): --days 1 to 90 of daily figures',
  examples: ['postctl usage posts', 'postctl usage posts --days 30 --usage-fields daily_project_usage -o json'],
  options: {
    days: { flags: '--days <n>', description: 'days of daily usage, 1 to 90 (the API’s default: 7)' },
    usageFields: FIELD_FLAGS.usageFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('app'),
  },
  async run(_args, opts, ctx) {
    const fields = opts.usageFields ?? ['project_id', 'project_usage', 'project_cap', 'cap_reset_day'];
    const query = [
      ...intParam('--days', opts.days, 'days', [1, 90]),
      ...selectionParams({ fields: { usage: fields }, allowUnknown: opts.allowUnknownFields }),
    ];
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/usage/tweets'], prefer: ['app'], flag: opts.auth });
    return printOne(ctx, client, usageRequest(query), COLUMNS);
  },
});
