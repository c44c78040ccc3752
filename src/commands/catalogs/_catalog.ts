// What the catalog verbs (list, create, rename, delete) share: the columns,
// the --user-id check, the name check and the flags.
import type { Catalog } from '../../catalogs/api.js';
import { InputError } from '../../errors/cli-error.js';
import type { Column } from '../../output/printer.js';
import { yesOption } from '../_flags.js';

export const COLUMNS: Column<Catalog>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
];

/** -y/--yes of the catalogs verbs that delete. */
export const yes = yesOption('confirm the permanent deletion without asking');

export function userId(opts: { userId?: string }): string | undefined {
  const v = opts.userId;
  if (v !== undefined && !/^\d{1,19}$/.test(v)) throw new InputError(`--user-id must be a numeric user id (got ${JSON.stringify(v)})`);
  return v;
}

export function catalogName(name: string | undefined): string {
  if (!name?.trim()) throw new InputError('the catalog name must not be empty');
  return name;
}
