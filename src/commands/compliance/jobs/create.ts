// `postctl compliance jobs create --type tweets|users [--ids-file ids.txt]`:
// a batch compliance job (POST /2/compliance/jobs), and its ids uploaded to
// the job's upload URL (another host: no credentials), streamed from disk.
import { NetworkError, UsageError } from '../../../errors/cli-error.js';
import { checkIdsFile, createJobRequest, uploadIds, type ComplianceJob } from '../../../platform/compliance.js';
import { authedClient } from '../../_auth.js';
import { lifecycleDryRun, printRequests } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { JOB_COLUMNS, TYPES } from './_jobs.js';

export default defineVerb({
  name: 'create',
  description:
    'create a batch compliance job for post or user ids (POST /2/compliance/jobs; app); --ids-file uploads the ids (one per line) to its upload URL',
  examples: [
    'postctl compliance jobs create --type tweets --name nightly --ids-file ids.txt',
    'postctl compliance jobs create --type users --resumable -o json',
  ],
  options: {
    type: { flags: '--type <type>', description: 'tweets (post ids) or users (user ids)', choices: TYPES },
    name: { flags: '--name <name>', description: 'a name for the job, up to 64 characters' },
    resumable: { flags: '--resumable', description: 'ask for an upload URL that takes resumable uploads' },
    idsFile: {
      flags: '--ids-file <path>',
      description: 'upload these ids (one per line, 1 to 19 digits; checked before the job is created)',
    },
    dryRun: lifecycleDryRun,
  },
  async run(_args, opts, ctx) {
    if (!opts.type) throw new UsageError('--type is required: tweets or users');
    const req = createJobRequest({ type: opts.type, name: opts.name, resumable: opts.resumable });
    const ids = opts.idsFile !== undefined ? await checkIdsFile(opts.idsFile) : undefined;
    const { client } = await authedClient(ctx, { endpoints: ['POST /2/compliance/jobs'], prefer: ['app'] });
    if (opts.dryRun) return printRequests(ctx, [req]);
    const res = await client.request<{ data?: ComplianceJob }>(req);
    const job = res.body?.data;
    if (opts.idsFile !== undefined && job) {
      if (typeof job.upload_url !== 'string')
        throw new NetworkError(`job ${job.id} came back without an upload_url: the ids were not uploaded`);
      const bytes = await uploadIds(client, job.upload_url, opts.idsFile);
      ctx.log.info(`uploaded ${ids} ids (${bytes} bytes) to the job's upload URL`);
    }
    ctx.printer.object(job ?? {}, JOB_COLUMNS, res.body);
    return 0;
  },
});
