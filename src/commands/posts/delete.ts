// `postctl posts delete <post_ids…>`: ids checked before anything is sent
// (exit 6); asks first unless --yes; with several ids a failure is reported
// and the rest deleted (exit 8).
import type { Context } from '../../entry/context.js';
import type { ApiClient } from '../../http/client.js';
import { CliError, UsageError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { deletePost, type CreatedEnvelope } from '../../platform/posting.js';
import { idSegment, joinPath } from '../../http/path.js';
import { wire } from '../../wire/names.js';
import { postIdsFromArgs } from '../../platform/refs.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';

/** Deletes each post in turn; one failure among several is a warning. */
async function deleteEach(
  ctx: Context,
  client: ApiClient,
  unique: string[],
): Promise<{ results: Array<{ id: string; deleted: boolean }>; envelopes: CreatedEnvelope[]; failed: number }> {
  const results: Array<{ id: string; deleted: boolean }> = [];
  const envelopes: CreatedEnvelope[] = [];
  let failed = 0;
  for (const id of unique) {
    try {
      const env = await deletePost(client, id);
      envelopes.push(env);
      results.push({ id, deleted: env.data?.deleted === true });
    } catch (e) {
      if (!(e instanceof CliError) || unique.length === 1) throw e;
      failed++;
      ctx.log.warn(`post ${id}: ${e.message}`);
    }
  }
  return { results, envelopes, failed };
}

export default defineVerb({
  name: 'delete <post_ids...>',
  description: 'delete posts (DELETE /2/tweets/{id}); asks y/N on a terminal, needs --yes otherwise; --dry-run shows the requests',
  examples: ['postctl posts delete 1460323737035677698', 'postctl posts delete 1460323737035677698 1460323737035677699 --yes'],
  options: {
    yes: { flags: '-y, --yes', description: 'do not ask for confirmation' },
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run(args, opts, ctx) {
    // Ids or post URLs (src/platform/refs.ts).
    const unique = postIdsFromArgs(args, 'post ids');
    if (!unique.length) throw new UsageError('no post ids given');
    // The authentication is settled (and a wrong one refused) before asking.
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/tweets/{id}'], prefer: USER_CONTEXT, flag: opts.auth });
    // The request deletePost sends, shown instead.
    const planned = unique.map((id) => ({
      method: 'DELETE',
      path: joinPath('2', wire('path.posts', client.names), idSegment(id, 'numeric', 'post id')),
    }));
    if (opts.dryRun) return printRequests(ctx, planned);
    if (!(await ctx.prompt.confirm(`Delete ${unique.length === 1 ? `post ${unique[0]}` : `${unique.length} posts`}?`, opts.yes)))
      return EXIT.OK;
    const { results, envelopes, failed } = await deleteEach(ctx, client, unique);
    if (ctx.format === 'json') ctx.printer.value(unique.length === 1 ? envelopes[0] : envelopes);
    else
      ctx.printer.list(results, [
        { header: 'id', key: 'id' },
        { header: 'deleted', key: 'deleted' },
      ]);
    if (failed) throw new CliError(`${failed} of ${unique.length} posts were not deleted`, { exitCode: EXIT.PARTIAL, code: 'partial' });
    return EXIT.OK;
  },
});
