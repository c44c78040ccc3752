// `postctl compliance jobs list --type tweets|users`: the app's compliance jobs (GET /2/compliance/jobs).
import { UsageError } from '../../../errors/cli-error.js';
import { complianceReads } from '../../../platform/compliance.js';
import { authedClient } from '../../_auth.js';
import { FIELD_FLAGS, printAll } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { JOB_COLUMNS, TYPES, jobSelection } from './_jobs.js';

export default defineVerb({
  name: 'list',
  description:
    'the app’s batch compliance jobs of one type (GET /2/compliance/jobs; app): --status created, in_progress, failed or complete',
  examples: ['postctl compliance jobs list --type tweets', 'postctl compliance jobs list --type users --status complete -o csv'],
  options: {
    type: { flags: '--type <type>', description: 'tweets or users (required)', choices: TYPES },
    status: {
      flags: '--status <status>',
      description: 'only jobs in this state',
      choices: ['created', 'in_progress', 'failed', 'complete'],
    },
    complianceJobFields: FIELD_FLAGS.complianceJobFields,
    allowUnknownFields: allowUnknownFieldsOption,
  },
  async run(_args, opts, ctx) {
    if (!opts.type) throw new UsageError('--type is required: tweets or users');
    const query: Array<[string, string]> = [
      ['type', opts.type],
      ...(opts.status ? [['status', opts.status] as [string, string]] : []),
      ...jobSelection(opts.complianceJobFields, opts.allowUnknownFields),
    ];
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/compliance/jobs'], prefer: ['app'] });
    return printAll(ctx, client, complianceReads.list(query), JOB_COLUMNS, 'compliance jobs');
  },
});
