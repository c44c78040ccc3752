// `postctl ads cards list`: the cards made through the create endpoint.
import { printAdsList } from '../../_ads-list.js';
import { CARDS_PAGE, cardsListRequest } from '../../../creatives/cards.js';
import { CARDS_Q_MAX } from '../../../creatives/pages.js';
import type { Params } from '../../../http/encode.js';
import { CARD_TYPES } from '../../../validate/cards.js';
import { cardUriList, enumList, idList } from '../../../validate/creatives-lists.js';
import { maxLength } from '../../../validate/rules.js';
import { accountRef } from '../_account.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { listParams, q80Option } from '../_creatives.js';
import { CARD_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list the cards made through the create endpoint (type, components summary, card_uri)',
  examples: [
    'postctl ads cards list',
    'postctl ads cards list --card-types IMAGE_WEBSITE,VIDEO_WEBSITE --q spring',
    'postctl ads cards list --count 50 --all -o jsonl',
  ],
  options: {
    cardTypes: {
      flags: '--card-types <types>',
      description: 'only these card types (comma list), e.g. IMAGE_WEBSITE, VIDEO_APP, IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
    },
    cardIds: { flags: '--card-ids <ids>', description: 'only these card ids (comma list, up to 200; sent as card_id)' },
    cardUris: { flags: '--card-uris <uris>', description: 'only these card URIs (comma list of card://<id>, up to 200)' },
    includeLegacyCards: { flags: '--include-legacy-cards', description: 'also list legacy cards' },
    q: q80Option,
    ...listOptions(CARDS_PAGE, { totalCount: false }),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const query = listParams(opts, CARDS_PAGE, (p) => {
      const q: Params = [];
      const types = enumList(p, 'card_types', opts.cardTypes, CARD_TYPES);
      const ids = idList(p, 'card_id', opts.cardIds);
      const uris = cardUriList(p, 'card_uris', opts.cardUris);
      p.check('q', opts.q, [maxLength(CARDS_Q_MAX)]);
      if (types) q.push(['card_types', types.join(',')]);
      if (ids) q.push(['card_id', ids.join(',')]);
      if (uris) q.push(['card_uris', uris.join(',')]);
      if (opts.includeLegacyCards) q.push(['include_legacy_cards', 'true']);
      if (opts.q !== undefined) q.push(['q', opts.q]);
      return q;
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), cardsListRequest(t, query), opts, CARD_COLUMNS);
  },
});
