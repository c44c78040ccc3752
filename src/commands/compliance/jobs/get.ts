// `postctl compliance jobs get <job_id> [--download <file|->]`: one job (GET
// /2/compliance/jobs/{id}); with --download, its results read from the
// download URL (another host: no credentials) straight to a file or stdout.
import { createWriteStream } from 'node:fs';
import { CliError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { complianceReads, downloadResults, type ComplianceJob } from '../../../platform/compliance.js';
import { authedClient } from '../../_auth.js';
import { FIELD_FLAGS } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { JOB_COLUMNS, jobSelection } from './_jobs.js';

export default defineVerb({
  name: 'get <job_id>',
  description: 'show a compliance job: status, upload and download URLs (GET /2/compliance/jobs/{id}; app); --download writes its results',
  examples: ['postctl compliance jobs get 1372966999991541762', 'postctl compliance jobs get 1372966999991541762 --download results.jsonl'],
  options: {
    download: {
      flags: '--download <file>',
      description: 'when the job is complete, write its results (JSON lines) to this file, or - for stdout',
    },
    complianceJobFields: FIELD_FLAGS.complianceJobFields,
    allowUnknownFields: allowUnknownFieldsOption,
  },
  async run([id], opts, ctx) {
    const req = complianceReads.get(id!, jobSelection(opts.complianceJobFields, opts.allowUnknownFields));
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/compliance/jobs/{id}'], prefer: ['app'] });
    const res = await client.request<{ data?: ComplianceJob }>(req);
    const job = res.body?.data;
    if (opts.download === undefined) {
      ctx.printer.object(job ?? {}, JOB_COLUMNS, res.body);
      return 0;
    }
    if (job?.status !== 'complete' || typeof job.download_url !== 'string')
      throw new CliError(`job ${id} is ${job?.status ?? 'without a status'}: no results to download yet`, {
        exitCode: EXIT.NOT_FOUND,
        hint: 'run it again once `compliance jobs get` shows status complete.',
      });
    const toStdout = opts.download === '-';
    const sink = toStdout ? ctx.io.stdout : createWriteStream(opts.download, { mode: 0o600 });
    const bytes = await downloadResults(client, job.download_url, sink, !toStdout);
    ctx.log.info(`wrote ${bytes} bytes of results${toStdout ? '' : ` to ${opts.download}`}`);
    if (!toStdout) ctx.printer.object(job, JOB_COLUMNS, res.body);
    return 0;
  },
});
