// `postctl stream rules counts`: rules held against the caps (GET /2/tweets/search/stream/rules/counts).
import { ruleCountsRequest } from '../../../platform/volume-streams.js';
import { selectionParams } from '../../../validate/selection.js';
import { FIELD_FLAGS, printOne } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';

const COLUMNS = [
  { header: 'client_app_rules_count', key: 'client_app_rules_count' },
  { header: 'cap_per_client_app', key: 'cap_per_client_app' },
  { header: 'project_rules_count', key: 'project_rules_count' },
  { header: 'cap_per_project', key: 'cap_per_project' },
];

export default defineVerb({
  name: 'counts',
  description: 'rules the app and the project hold against their caps (GET /2/tweets/search/stream/rules/counts; app)',
  examples: ['postctl stream rules counts', 'postctl stream rules counts --rules-count-fields all_project_client_apps -o json'],
  options: { rulesCountFields: FIELD_FLAGS.rulesCountFields, allowUnknownFields: allowUnknownFieldsOption },
  async run(_args, opts, ctx) {
    const fields = opts.rulesCountFields ?? COLUMNS.map((c) => c.key);
    const query = selectionParams({ fields: { rulesCount: fields }, allowUnknown: opts.allowUnknownFields });
    const client = await ctx.client();
    return printOne(ctx, client, ruleCountsRequest(query, client.names), COLUMNS);
  },
});
