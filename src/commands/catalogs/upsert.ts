// `postctl catalogs upsert <catalog_id> --file FEED`: validate every product,
// then send the valid ones in batches of 25 and report one result per product.
import { adsApi } from '../../ads/common.js';
import { batches, sendBatches, type FeedSource, type Outcome } from '../../catalogs/upsert.js';
import type { Context } from '../../entry/context.js';
import { InputError } from '../../errors/cli-error.js';
import type { ApiName } from '../../http/client.js';
import { integerBetween } from '../../validate/rules.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { Outcomes, feedSource, finish, printDryRun, resumeNeedsFile, unconfirmed, upsertState, validated, type Report } from './_upsert.js';
import type { UploadState } from '../../bulk/state.js';
import { alreadyDone, resumeOption, stateOption } from '../_resume.js';

const SUCCESS = new Set(['CREATE_SUCCESS', 'UPDATE_SUCCESS', 'NO_CHANGE']);

export default defineVerb({
  name: 'upsert <catalog_id>',
  description: 'validate a product feed, then create or update its products in batches of 25 (exit 8 if any product failed)',
  examples: [
    'postctl catalogs upsert 1456789 --file products.jsonl',
    'postctl catalogs upsert 1456789 --file feed.csv --dry-run',
    'postctl catalogs upsert 1456789 --file feed.tsv --skip-invalid -o jsonl > results.jsonl',
    'gzip -dc feed.json.gz | postctl catalogs upsert 1456789 --format json',
    'postctl catalogs upsert 1456789 --file products.jsonl --resume',
  ],
  options: {
    file: { flags: '-f, --file <path>', description: 'the feed file, or - for stdin (default: stdin)' },
    format: {
      flags: '--format <format>',
      description: 'feed format (default: from the file extension, else detected): jsonl, json (an array or {"products":[…]}), csv, tsv',
      choices: ['jsonl', 'json', 'csv', 'tsv'],
    },
    skipInvalid: {
      flags: '--skip-invalid',
      description: 'send the valid products even when others are invalid (the invalid ones are reported as INVALID)',
    },
    dryRun: { flags: '--dry-run', description: 'validate and print the batches that would be sent; send nothing' },
    concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once (1 to 32)', default: '4' },
    resume: resumeOption,
    state: stateOption,
    sandbox: sandboxOption,
  },
  async run([catalogId], opts, ctx) {
    const bad = integerBetween(1, 32)(String(opts.concurrency ?? '4'));
    if (bad) throw new InputError(`--concurrency ${bad}`);
    const concurrency = Number(opts.concurrency ?? 4);
    await resumeNeedsFile(opts);
    const { src, cleanup } = await feedSource(opts, ctx);
    try {
      const report = await validated(src, opts.skipInvalid, ctx);
      if (opts.dryRun) return await printDryRun(catalogId, src, report, ctx);
      const api = adsApi(opts);
      const state = await upsertState(opts, { catalog_id: catalogId, api, skip_invalid: Boolean(opts.skipInvalid) }, ctx);
      if (state?.done) return alreadyDone(state, ctx);
      return await send(catalogId, src, report, { api, concurrency, state }, ctx);
    } finally {
      await cleanup();
    }
  },
});

/** Sends the valid products and reports every result; a job that stops names the products it did not send. */
async function send(
  catalogId: string,
  src: FeedSource,
  report: Report,
  how: { api: ApiName; concurrency: number; state: UploadState | undefined },
  ctx: Context,
): Promise<number> {
  const client = await ctx.client();
  const { state } = how;
  const results = new Outcomes(ctx, catalogId, report.valid);
  const started = ctx.now();
  let failure: unknown;
  let requests = 0;
  try {
    const onOutcomes = (outcomes: Outcome[], batch: number) => {
      results.settled.add(batch);
      results.emit(outcomes);
      // A batch is confirmed when every product in it succeeded: --resume skips it.
      if (outcomes.every((o) => SUCCESS.has(o.status))) state?.confirm(batch);
    };
    const stats = await sendBatches(
      unconfirmed(
        batches(src, report, (o) => results.emit([o])),
        state,
      ),
      { client, api: how.api, catalogId, concurrency: how.concurrency, signal: ctx.signal, clock: ctx.io.clock, onOutcomes },
    );
    requests = stats.requests;
  } catch (e) {
    failure = e;
  }
  await state?.flush();
  if (failure !== undefined) {
    // Name every product the job did not get to, so a rerun (or a person) knows
    // exactly what is missing. The feed is read again: batches are deterministic.
    for await (const b of batches(src, report, () => undefined)) {
      if (results.settled.has(b.index) || state?.isConfirmed(b.index)) continue;
      results.emit(
        b.items.map(({ line, product }) => ({
          line,
          id: String(product.id),
          status: 'NOT_SENT' as const,
          product_key: null,
          errors: [],
          warnings: [],
        })),
      );
    }
  }
  const seconds = (ctx.now() - started) / 1000;
  if (failure === undefined && !results.counts.ERROR && !results.counts.INVALID) await state?.markDone();
  return finish({ catalogId, client, requests, seconds, failure, records: report.records }, results, ctx);
}
