// `ads cards list|get|delete`.
import { printAdsList } from '../../../ads/common.js';
import { CARDS_PAGE, cardsListRequest, deleteCard, getCard, summarizeComponents } from '../../../creatives/cards.js';
import { CARDS_Q_MAX } from '../../../creatives/pages.js';
import type { Card } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import type { Params } from '../../../http/encode.js';
import type { Column } from '../../../output/printer.js';
import { CARD_TYPES } from '../../../validate/cards.js';
import { cardUriList, enumList, idList } from '../../../validate/creatives-lists.js';
import { maxLength } from '../../../validate/rules.js';
import type { VerbModule } from '../../define.js';
import { confirmDelete, listParams, printOne, str } from './shared.js';
import { accountRef } from '../_account.js';

export const CARD_COLUMNS: Column<Card>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'card_type', key: 'card_type' },
  { header: 'components', get: (c) => summarizeComponents(c) },
  { header: 'card_uri', key: 'card_uri' },
];
export const CARD_FIELDS: Column<Card>[] = [...CARD_COLUMNS, { header: 'created_at', key: 'created_at' }, { header: 'updated_at', key: 'updated_at' }, { header: 'deleted', key: 'deleted' }];

export const list: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const query = listParams(opts, CARDS_PAGE, (p) => {
      const q: Params = [];
      const types = enumList(p, 'card_types', str(opts.cardTypes), CARD_TYPES);
      const ids = idList(p, 'card_id', str(opts.cardIds));
      const uris = cardUriList(p, 'card_uris', str(opts.cardUris));
      p.check('q', str(opts.q), [maxLength(CARDS_Q_MAX)]);
      if (types) q.push(['card_types', types.join(',')]);
      if (ids) q.push(['card_id', ids.join(',')]);
      if (uris) q.push(['card_uris', uris.join(',')]);
      if (opts.includeLegacyCards) q.push(['include_legacy_cards', 'true']);
      if (str(opts.q) !== undefined) q.push(['q', opts.q]);
      return q;
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), cardsListRequest(t, query), opts, CARD_COLUMNS);
  },
};

export const get: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    const res = await getCard(await ctx.client(), t, id!, Boolean(opts.withDeleted));
    printOne(ctx, res.body, CARD_FIELDS);
  },
};

export const remove: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `card ${id} of account ${t.id}`, opts.yes))) return;
    const res = await deleteCard(await ctx.client(), t, id!);
    printOne(ctx, res.body, CARD_FIELDS);
    ctx.log.success(`deleted card ${id}`);
  },
};
