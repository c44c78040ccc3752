// `audiences permissions list|grant|revoke` (ads API version 5): share a
// tailored audience with other ad accounts.
import { listQuery } from '../../ads/common.js';
import { printAdsList } from '../../ads/common.js';
import { ApiError } from '../../api-error.js';
import { grantPermission, permissionsRequest, revokePermission } from '../../audiences/api.js';
import type { Context } from '../../context.js';
import { accountRef } from '../ads/_account.js';
import { AuthError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { Column } from '../../output/printer.js';
import { PERMISSION_LEVELS, PERMISSIONS_PAGE, filterIds } from '../../validate/audiences.js';
import { Problems, commaList } from '../../validate/rules.js';

interface Permission {
  id: string;
  tailored_audience_id: string;
  granted_account_id: string;
  permission_level: string;
  created_at: string;
  deleted: boolean;
}

const COLUMNS: Column<Permission>[] = ['id', 'tailored_audience_id', 'granted_account_id', 'permission_level', 'created_at', 'deleted'].map((k) => ({ header: k, key: k }));

/**
 * Only the account that owns an audience (its is_owner attribute) may change
 * its permissions. The API's 403 is turned into a message that says so.
 */
async function explained<T>(account: string, audience: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) {
      throw new AuthError(
        `account ${account} may not change the permissions of tailored audience ${audience}: only the account that owns the audience (is_owner) can grant or revoke them`,
        `run this with the owning account (--account), or ask its owner to share it. API said: ${e.errors.map((x) => x.message).join('; ') || `HTTP ${e.status}`}`,
      );
    }
    if (e instanceof ApiError && e.errors.some((x) => x.parameter === 'granted_account_id')) {
      e.hint = 'Sharing works between ad accounts of the same business, or when the owning account has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature.';
    }
    throw e;
  }
}

export const list = {
  async run([audience]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const p = new Problems();
    const granted = filterIds(p, '--granted-account', opts.grantedAccount);
    const ids = filterIds(p, '--permission-ids', opts.permissionIds);
    p.throwIfAny();
    const query = listQuery(opts, PERMISSIONS_PAGE);
    if (granted.length) query.push(['granted_account_ids', granted.join(',')]);
    if (ids.length) query.push(['tailored_audience_permission_ids', ids.join(',')]);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, permissionsRequest(account, client.names, audience!, query), opts, COLUMNS);
    return EXIT.OK;
  },
};

export const grant = {
  async run([audience]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const granted = commaList(opts.grantedAccount);
    if (granted.length !== 1) throw new UsageError(granted.length ? '--granted-account takes one account id when granting' : '--granted-account is required', 'grant to one ad account per call.');
    if (!opts.level) throw new UsageError(`--level is required (${PERMISSION_LEVELS.join(' or ')})`);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await explained(account.id, audience!, () => grantPermission(client, account, audience!, granted[0]!, opts.level));
    ctx.printer.object(res.body?.data ?? {}, COLUMNS, res.body);
    return EXIT.OK;
  },
};

export const revoke = {
  async run([audience, permission]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const account = await accountRef(ctx, opts);
    if (!(await ctx.prompt.confirm(`Revoke permission ${permission} on tailored audience ${audience}? (running campaigns keep the audience; new ones cannot use it)`, opts.yes))) {
      ctx.log.info('nothing revoked');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const res = await explained(account.id, audience!, () => revokePermission(client, account, audience!, permission!));
    ctx.printer.object(res.body?.data ?? {}, COLUMNS, res.body);
    return EXIT.OK;
  },
};
