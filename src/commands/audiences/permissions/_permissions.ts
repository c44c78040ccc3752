// What the `audiences permissions` verbs share: the columns, and the owner-only
// rule explained when the API refuses.
import { ApiError } from '../../../errors/api-error.js';
import { AuthError } from '../../../errors/cli-error.js';
import type { Column } from '../../../output/printer.js';

interface Permission {
  id: string;
  tailored_audience_id: string;
  granted_account_id: string;
  permission_level: string;
  created_at: string;
  deleted: boolean;
}

export const COLUMNS: Column<Permission>[] = [
  'id',
  'tailored_audience_id',
  'granted_account_id',
  'permission_level',
  'created_at',
  'deleted',
].map((k) => ({ header: k, key: k }));

/**
 * Only the account that owns an audience (its is_owner attribute) may change
 * its permissions. The API's 403 is turned into a message that says so.
 */
export async function explained<T>(account: string, audience: string, call: () => Promise<T>): Promise<T> {
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
      e.hint =
        'Sharing works between ad accounts of the same business, or when the owning account has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature.';
    }
    throw e;
  }
}
