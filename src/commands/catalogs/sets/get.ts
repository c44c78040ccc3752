// `postctl catalogs sets get <catalog_id> <set_id>`: a product set and its processing_status.
import { adsApi } from '../../../ads/common.js';
import { getProductSet } from '../../../catalogs/api.js';
import { sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { show, waitForSet, waitOption } from './_sets.js';

export default defineVerb({
  name: 'get <catalog_id> <set_id>',
  description: 'show a product set with its processing_status (DONE, PROCESSING, FAILED)',
  examples: ['postctl catalogs sets get 1456789 73kq1', 'postctl catalogs sets get 1456789 73kq1 --wait'],
  options: {
    wait: waitOption,
    sandbox: sandboxOption,
  },
  async run([catalogId, setId], opts, ctx) {
    const api = adsApi(opts);
    const client = await ctx.client();
    const res = await getProductSet(client, api, catalogId, setId);
    let set = res.body.data;
    let envelope: unknown = res.body;
    if (opts.wait) ({ set, envelope } = await waitForSet(client, api, catalogId, set, envelope, ctx));
    return show(ctx, set, envelope, catalogId, Boolean(opts.wait));
  },
});
