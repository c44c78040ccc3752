// `postctl compliance jobs get <job_id> [--download <file|->]`: one job (GET
// /2/compliance/jobs/{id}); with --download, its results read from the
// download URL (another host: no credentials) straight to a file or stdout.
import { CliError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { complianceReads, downloadResults, type ComplianceJob } from '../../../platform/compliance.js';
import { authedClient } from '../../_auth.js';
import { FIELD_FLAGS } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { downloadTarget, openDownload } from './_download.js';
import { JOB_COLUMNS, jobSelection } from './_jobs.js';

export default defineVerb({
  name: 'get <job_id>',
  description: 'show a compliance job: status, upload and download URLs (GET /2/compliance/jobs/{id}; app); --download writes its results',
  examples: [
    'postctl compliance jobs get 1372966999991541762',
    'postctl compliance jobs get 1372966999991541762 --download results.jsonl',
    'postctl compliance jobs get 1372966999991541762 --download results.jsonl --force',
  ],
  options: {
    download: {
      flags: '--download <file>',
      description: 'when the job is complete, write its results (JSON lines) to this file, or - for stdout',
    },
    force: { flags: '--force', description: 'with --download: replace the file if it exists (on a terminal, postctl asks)' },
    complianceJobFields: FIELD_FLAGS.complianceJobFields,
    allowUnknownFields: allowUnknownFieldsOption,
  },
  async run([id], opts, ctx) {
    const toStdout = opts.download === '-';
    // The file is checked (and a replace asked) before anything is sent.
    const target = opts.download === undefined || toStdout ? undefined : await downloadTarget(opts.download, Boolean(opts.force), ctx);
    if (opts.download !== undefined && !toStdout && !target) {
      ctx.log.info(`nothing downloaded: ${opts.download} left as it was`);
      return 0;
    }
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
    let bytes: number;
    if (toStdout) bytes = await downloadResults(client, job.download_url, ctx.io.stdout, false);
    else {
      const file = await openDownload(opts.download, target!.exists);
      try {
        bytes = await downloadResults(client, job.download_url, file.handle.createWriteStream(), true);
        await file.commit();
      } catch (e) {
        await file.abort();
        throw e;
      } finally {
        await file.handle.close().catch(() => undefined);
      }
    }
    ctx.log.info(`wrote ${bytes} bytes of results${toStdout ? '' : ` to ${opts.download}`}`);
    if (!toStdout) ctx.printer.object(job, JOB_COLUMNS, res.body);
    return 0;
  },
});
