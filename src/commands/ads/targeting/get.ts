// `postctl ads targeting get <targeting_criterion_id>`: one criterion (GET …/targeting_criteria/:id).
import { getCriterion } from '../../../ads/targeting.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { CRITERION_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'get <targeting_criterion_id>',
  description: 'show one targeting criterion (line item, type, value, operator, name)',
  examples: ['postctl ads targeting get dpl3a6', 'postctl ads targeting get dpl3a6 --lang en -o json'],
  options: {
    lang: { flags: '--lang <code>', description: 'language of the criterion name (ISO 639-1, e.g. en)' },
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const p = new Problems();
    if (opts.lang !== undefined && !/^[a-z]{2}$/.test(opts.lang))
      p.add('lang', `must be a two-letter language code (got ${JSON.stringify(opts.lang)})`);
    p.throwIfAny('invalid criterion request');
    const account = await accountRef(ctx, opts);
    const res = await getCriterion(await ctx.client(), account, id, { lang: opts.lang, withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, CRITERION_COLUMNS, res.body);
    return 0;
  },
});
