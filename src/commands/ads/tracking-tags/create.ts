// `postctl ads tracking-tags create --line-item <id> --type <type> --url <url>`:
// POST …/tracking_tags?line_item_id=…&tracking_tag_type=…&tracking_tag_url=….
import { trackingTags } from '../../../ads/line-item-children.js';
import { checkLineItemId, checkTrackingUrl, TRACKING_TAG_TYPES, trackingTagType } from '../../../validate/line-item-children.js';
import { Problems } from '../../../validate/rules.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { printCreated } from '../_children.js';
import { printDryRun } from '../_dry-run.js';

export default defineVerb({
  name: 'create',
  description: 'add a tracking tag (impression tag or click tracker of a measurement partner) to a line item',
  examples: [
    'postctl ads tracking-tags create --line-item 8u94x --type IMPRESSION_TAG --url "https://ad.doubleclick.net/ddm/trackimp/N1234.1;dc_trk_aid=1355"',
  ],
  options: {
    lineItem: { flags: '--line-item <line_item_id>', description: 'line item to tag (required)' },
    type: { flags: '--type <tracking_tag_type>', description: `${TRACKING_TAG_TYPES.join(' or ')} (required)` },
    url: { flags: '--url <tracking_tag_url>', description: "the partner's https:// tag URL (required)" },
    dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; change nothing' },
    ...writeOptions,
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    checkLineItemId(p, opts.lineItem);
    const type = trackingTagType(p, opts.type);
    checkTrackingUrl(p, opts.url);
    p.throwIfAny('invalid tracking tag');
    const params = { line_item_id: opts.lineItem!, tracking_tag_type: type!, tracking_tag_url: opts.url! };
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.dryRun) {
      const req = trackingTags.listRequest(account, params);
      printDryRun(ctx, client.baseUrl(account.api) + req.path, { ...req, method: 'POST' }, params, undefined, 'line item');
      return 0;
    }
    return printCreated(ctx, (await trackingTags.create(client, account, params)).body, 'tracking tag');
  },
});
