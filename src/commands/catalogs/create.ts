// `postctl catalogs create <name>`: the user's one product catalog.
import { adsApi } from '../../ads/common.js';
import { ApiError } from '../../errors/api-error.js';
import { createCatalog, listCatalogs } from '../../catalogs/api.js';
import { CliError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { ApiClient, ApiName } from '../../http/client.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { COLUMNS, catalogName, userId } from './_catalog.js';

export default defineVerb({
  name: 'create <name>',
  description: 'create the product catalog (one per user; create it before uploading products)',
  examples: ['postctl catalogs create "Spring shop"'],
  options: {
    userId: { flags: '--user-id <id>', description: 'create it for this user id (a number)' },
    sandbox: sandboxOption,
  },
  async run([name], opts, ctx) {
    const uid = userId(opts);
    const api = adsApi(opts);
    const client = await ctx.client();
    const res = await createCatalog(client, api, catalogName(name), uid).catch(async (e: unknown) => {
      throw await explainRefusal(e, client, api, uid);
    });
    const catalog = res.body.data;
    ctx.printer.object(catalog, COLUMNS, res.body);
    ctx.log.success(`created catalog ${catalog.id}`);
    return 0;
  },
});

/**
 * One catalog per user: when the API refuses, say so in plain words, whatever
 * code it uses, by looking for the catalog that already exists. Returns the
 * error to throw (`e` itself when it is not that refusal).
 */
async function explainRefusal(e: unknown, client: ApiClient, api: ApiName, uid: string | undefined): Promise<unknown> {
  if (!(e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403 && e.status !== 429)) return e;
  const existing = await listCatalogs(client, api, uid).then(
    (r) => (Array.isArray(r.body?.data) ? r.body.data : []),
    () => [],
  );
  if (!existing.length) return e;
  const c = existing[0]!;
  return new CliError(
    `the catalog was not created: a user can have only one product catalog, and ${uid ? `user ${uid}` : 'you'} already ${uid ? 'has' : 'have'} ${JSON.stringify(c.name)} (id ${c.id})`,
    {
      exitCode: EXIT.INVALID_INPUT,
      code: 'catalog_exists',
      hint: `use it (\`postctl catalogs upsert ${c.id} --file …\`), rename it (\`postctl catalogs rename ${c.id} <name>\`), or delete it first (\`postctl catalogs delete ${c.id}\`, permanent). API said: ${e.message}`,
      cause: e,
    },
  );
}
