// `postctl ads tracking-tags update <tracking_tag_id> --url <url>`: the URL is the
// only parameter the reference's PUT takes (the line item and type are fixed).
import { trackingTags } from '../../../ads/line-item-children.js';
import { checkTrackingUrl } from '../../../validate/line-item-children.js';
import { Problems } from '../../../validate/rules.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'update <tracking_tag_id>',
  description: "change a tracking tag's URL (the only field the API lets change)",
  examples: ['postctl ads tracking-tags update 3m82 --url "https://ad.doubleclick.net/ddm/trackimp/N1234.2;dc_trk_aid=1356"'],
  options: {
    url: { flags: '--url <tracking_tag_url>', description: "the partner's new https:// tag URL (required)" },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const p = new Problems();
    checkTrackingUrl(p, opts.url);
    p.throwIfAny('invalid tracking tag update');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await trackingTags.update(client, account, id!, { tracking_tag_url: opts.url! });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`updated tracking tag ${id}`);
    return 0;
  },
});
