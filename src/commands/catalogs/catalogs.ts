// `catalogs list|create|rename|delete`.
import { adsApi } from '../../ads/common.js';
import { ApiError } from '../../api-error.js';
import { createCatalog, deleteCatalog, listCatalogs, renameCatalog, type Catalog } from '../../catalogs/api.js';
import type { Context } from '../../context.js';
import { CliError, InputError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { Column } from '../../output/printer.js';

const COLUMNS: Column<Catalog>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
];

function userId(opts: Record<string, any>): string | undefined {
  const v = opts.userId as string | undefined;
  if (v !== undefined && !/^\d{1,19}$/.test(v)) throw new InputError(`--user-id must be a numeric user id (got ${JSON.stringify(v)})`);
  return v;
}

function catalogName(name: string | undefined): string {
  if (!name || !name.trim()) throw new InputError('the catalog name must not be empty');
  return name;
}

export const list = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const uid = userId(opts);
    const client = await ctx.client();
    const res = await listCatalogs(client, adsApi(opts), uid);
    const items = Array.isArray(res.body?.data) ? res.body.data : [];
    ctx.printer.list(items, COLUMNS, res.body);
    if (items.length === 0 && ctx.format === 'table') ctx.log.info('no product catalogs yet; create one with `postctl catalogs create <name>`');
    return 0;
  },
};

export const create = {
  async run([name]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const uid = userId(opts);
    const api = adsApi(opts);
    const client = await ctx.client();
    let res;
    try {
      res = await createCatalog(client, api, catalogName(name), uid);
    } catch (e) {
      // One catalog per user: when the API refuses, say so in plain words,
      // whatever code it uses, by looking for the catalog that already exists.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403 && e.status !== 429) {
        const existing = await listCatalogs(client, api, uid).then((r) => (Array.isArray(r.body?.data) ? r.body.data : []), () => []);
        if (existing.length) {
          const c = existing[0]!;
          throw new CliError(`the catalog was not created: a user can have only one product catalog, and ${uid ? `user ${uid}` : 'you'} already ${uid ? 'has' : 'have'} ${JSON.stringify(c.name)} (id ${c.id})`, {
            exitCode: EXIT.INVALID_INPUT,
            code: 'catalog_exists',
            hint: `use it (\`postctl catalogs upsert ${c.id} --file …\`), rename it (\`postctl catalogs rename ${c.id} <name>\`), or delete it first (\`postctl catalogs delete ${c.id}\`, permanent). API said: ${e.message}`,
            cause: e,
          });
        }
      }
      throw e;
    }
    const catalog = res.body.data;
    ctx.printer.object(catalog, COLUMNS, res.body);
    ctx.log.success(`created catalog ${catalog.id}`);
    return 0;
  },
};

export const rename = {
  async run([id, name]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const client = await ctx.client();
    const res = await renameCatalog(client, adsApi(opts), id!, catalogName(name));
    ctx.printer.object(res.body.data, COLUMNS, res.body);
    return 0;
  },
};

export const remove = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const ok = await ctx.prompt.confirm(`Delete product catalog ${id} and all its products permanently?`, opts.yes);
    if (!ok) {
      ctx.log.info('nothing deleted');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const res = await deleteCatalog(client, adsApi(opts), id!);
    ctx.printer.object(res.body.data, COLUMNS, res.body);
    ctx.log.success(`deleted catalog ${id} (permanent)`);
    return 0;
  },
};
