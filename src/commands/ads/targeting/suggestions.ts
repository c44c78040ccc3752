// `postctl ads targeting suggestions --type KEYWORD --values a,b`: up to 50
// keyword or user suggestions (GET accounts/:account_id/targeting_suggestions).
import { suggestionsRequest } from '../../../ads/targeting.js';
import { commaList } from '../../../validate/rules.js';
import { checkSuggestions, SUGGESTION_TYPES } from '../../../validate/targeting.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';

export default defineVerb({
  name: 'suggestions',
  description: 'keyword or user targeting suggestions that complement the given ones (up to 50)',
  examples: [
    'postctl ads targeting suggestions --type KEYWORD --values developers,api',
    'postctl ads targeting suggestions --type USER_ID --values 14230524',
  ],
  options: {
    type: { flags: '--type <suggestion_type>', description: `${SUGGESTION_TYPES.join(' or ')} (required)` },
    values: { flags: '--values <values>', description: 'comma list of keywords or user ids to start from (required; not mixed)' },
    count: { flags: '--count <n>', description: 'how many (1 to 50; API default 30)' },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    throwIfProblems(checkSuggestions(opts.type ?? '', opts.values ?? '', opts.count), 'invalid suggestions request');
    const query: Array<[string, string]> = [
      ['suggestion_type', opts.type!],
      ['targeting_values', commaList(opts.values).join(',')],
    ];
    if (opts.count !== undefined) query.push(['count', opts.count]);
    const account = await accountRef(ctx, opts);
    const res = await (await ctx.client()).request<{ data?: unknown[] }>(suggestionsRequest(account, query));
    const rows = Array.isArray(res.body?.data) ? (res.body.data as Record<string, unknown>[]) : [];
    ctx.printer.list(
      rows,
      [
        { header: 'suggestion_value', key: 'suggestion_value' },
        { header: 'suggestion_type', key: 'suggestion_type' },
      ],
      res.body,
    );
    return 0;
  },
});
