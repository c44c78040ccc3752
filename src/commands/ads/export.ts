// `postctl ads export`: the account's campaigns (or those named) with their
// line items, targeting and promoted posts, in the file format `ads plan` and
// `ads apply` read — planning the exported file reports no changes.
import { listCampaigns, readChildren } from '../../ads/plan/current.js';
import { exportText, exportTree } from '../../ads/plan/export.js';
import { CliError, InputError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { accountOptions } from '../_ads-flags.js';
import { defineVerb, type OptionTable } from '../define.js';
import { accountRef } from './_account.js';

const options = {
  campaign: {
    flags: '--campaign <campaign_id>',
    description: 'export only this campaign (repeatable; default: every campaign)',
    repeatable: true,
  },
  format: { flags: '--format <format>', description: 'json (default) or yaml (the same as -o yaml)', choices: ['json', 'yaml'] },
  ...accountOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'export',
  description:
    "write the account's campaigns, line items, targeting and promoted posts as a campaigns file (JSON or YAML) for `ads plan`/`ads apply`",
  examples: ['postctl ads export > campaigns.json', 'postctl ads export --campaign 8wku2 -o yaml > spring.yaml'],
  formats: ['yaml'],
  options,
  async run(_args, opts, ctx) {
    const wanted = opts.campaign ?? [];
    const bad = wanted.filter((id) => !/^[0-9a-z]{1,32}$/.test(id));
    if (bad.length)
      throw new InputError(`--campaign must be an ads id (letters a-z and digits; got ${bad.map((b) => JSON.stringify(b)).join(', ')})`);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const all = await listCampaigns(client, account);
    const missing = wanted.filter((id) => !all.some((c) => c.id === id));
    if (missing.length)
      throw new CliError(`campaign ${missing.join(', ')} not found in account ${account.id}`, {
        exitCode: EXIT.NOT_FOUND,
        code: 'not_found',
      });
    const picked = wanted.length ? all.filter((c) => wanted.includes(c.id)) : all;
    const { file, skipped } = exportTree(account.id, await readChildren(client, account, picked));
    for (const s of skipped) ctx.log.warn(`left out: ${s} (a file identifies entities by name)`);
    ctx.printer.write(await exportText(file, ctx.format === 'yaml' || opts.format === 'yaml' ? 'yaml' : 'json'));
    return 0;
  },
});
