// `postctl ads line-items placements [--product-type …]`: GET line_items/placements,
// the placement combinations each product type allows (no account in the path).
import { adsApi } from '../../../ads/common.js';
import { linePlacements } from '../../../ads/line-item-children.js';
import { PLACEMENT_PRODUCT_TYPES } from '../../../validate/line-item-children.js';
import { oneOf, Problems } from '../../../validate/rules.js';
import { respell } from '../../../wire/names.js';
import { sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'placements',
  description: 'the placement combinations each product type allows (MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS)',
  examples: ['postctl ads line-items placements', 'postctl ads line-items placements --product-type PROMOTED_ACCOUNT'],
  options: {
    productType: {
      flags: '--product-type <value>',
      description: 'only this product type: MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS (PROMOTED_POSTS accepted)',
    },
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    let type: string | undefined;
    if (opts.productType !== undefined) {
      const p = new Problems();
      const official = respell('enum.product_type.', opts.productType.toUpperCase(), 'official');
      p.check('product_type', official, [oneOf(PLACEMENT_PRODUCT_TYPES)]);
      p.throwIfAny('invalid product type');
      type = respell('enum.product_type.', official, client.names);
    }
    const res = await linePlacements(client, adsApi(opts), type);
    const rows = (Array.isArray(res.body?.data) ? res.body.data : []).map((r) => ({
      product_type: r.product_type,
      placements: Array.isArray(r.placements) ? r.placements.map((c) => (Array.isArray(c) ? c.join('+') : String(c))).join(', ') : '',
    }));
    ctx.printer.list(
      rows,
      [
        { header: 'product_type', key: 'product_type' },
        { header: 'placements', key: 'placements', flex: true },
      ],
      res.body,
    );
    return 0;
  },
});
