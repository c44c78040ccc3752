// `postctl spaces search <query>`: live and scheduled Spaces by title (GET /2/spaces/search).
import type { Params } from '../../http/encode.js';
import { spaceReads } from '../../platform/spaces-lookup.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { intParam, printAll } from '../_lookup.js';
import { defineVerb } from '../define.js';
import { SPACE_AUTH, SPACE_COLUMNS, spaceFieldOptions, spaceSelection } from './_spaces.js';

export default defineVerb({
  name: 'search <query>',
  description: 'find Spaces whose title matches (GET /2/spaces/search): --state live, scheduled or all; max-results 1 to 100',
  examples: ['postctl spaces search "product launch"', 'postctl spaces search crypto --state live --max-results 20 -o csv'],
  options: {
    state: {
      flags: '--state <state>',
      description: 'live, scheduled or all (the API’s default: all)',
      choices: ['live', 'scheduled', 'all'],
    },
    maxResults: { flags: '--max-results <n>', description: 'Spaces to return, 1 to 100 (the API’s default: 100)' },
    ...spaceFieldOptions,
    auth: authOption('app'),
  },
  async run([text], opts, ctx) {
    const query: Params = [
      ...(opts.state ? [['state', opts.state] as [string, string]] : []),
      ...intParam('--max-results', opts.maxResults, 'max_results', [1, 100]),
      ...spaceSelection(opts),
    ];
    const req = spaceReads.search(text!, query);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/spaces/search'], prefer: SPACE_AUTH, flag: opts.auth });
    return printAll(ctx, client, req, SPACE_COLUMNS, 'Spaces');
  },
});
