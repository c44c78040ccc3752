// What `catalogs sets get` and `catalogs sets create` share: the fields shown,
// --wait (polling until the set leaves PROCESSING), and how a set is reported.
import { getProductSet, type ProductSet } from '../../../catalogs/api.js';
import type { Context } from '../../../entry/context.js';
import { PartialFailure } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { sleep } from '../../../http/backoff.js';
import type { ApiClient, ApiName } from '../../../http/client.js';
import type { Column } from '../../../output/printer.js';
import type { OptionSpec } from '../../define.js';

export const waitOption = {
  flags: '--wait',
  description: 'poll until processing_status is no longer PROCESSING',
} as const satisfies OptionSpec;

const FIELDS: Column<ProductSet>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'description', key: 'description' },
  { header: 'type', key: 'type' },
  { header: 'processing_status', key: 'processing_status' },
  { header: 'product_ids', get: (s) => (s.product_ids ?? []).join(', ') },
  { header: 'filters', get: (s) => (s.filters ?? []).map((f) => `${f.attribute}:${f.operator}:${f.value}`).join('; ') },
];

/** Polls the set until it leaves PROCESSING, backing off from 0.5 s to 10 s. */
export async function waitForSet(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  set: ProductSet,
  envelope: unknown,
  ctx: Context,
): Promise<{ set: ProductSet; envelope: unknown }> {
  let delay = 500;
  while (set.processing_status === 'PROCESSING') {
    ctx.log.verbose(`product set ${set.id} is PROCESSING; checking again in ${delay} ms`);
    await sleep(delay, ctx.signal);
    delay = Math.min(delay * 2, 10_000);
    const res = await getProductSet(client, api, catalogId, set.id);
    set = res.body.data;
    envelope = res.body;
  }
  return { set, envelope };
}

export function show(ctx: Context, set: ProductSet, envelope: unknown, catalogId: string, waited: boolean): number {
  ctx.printer.object(set, FIELDS, envelope);
  if (set.processing_status === 'PROCESSING' && ctx.format === 'table')
    ctx.log.info(`processing_status PROCESSING: check again with \`postctl catalogs sets get ${catalogId} ${set.id}\` (or --wait)`);
  if (set.processing_status === 'FAILED') {
    if (waited) throw new PartialFailure(`product set ${set.id} failed to process (processing_status FAILED)`);
    ctx.log.warn(`product set ${set.id} failed to process (processing_status FAILED)`);
  }
  return EXIT.OK;
}
