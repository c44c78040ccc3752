// `postctl auth import twurl|xurl`: one profile per account stored by twurl (~/.twurlrc) or xurl
// (~/.xurl/auth.yml, or the single file ~/.xurl of older versions), without printing a secret.
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { apply, checkSourceFile, plan, type PlannedAccount } from '../../auth/import-plan.js';
import { MAX_IMPORT_BYTES, parseTwurlrc, parseXurl, SourceFormatError } from '../../auth/import-sources.js';
import { loadConfigData } from '../../config/resolve.js';
import type { Profile } from '../../config/schema.js';
import type { Context } from '../../entry/context.js';
import { InputError, UsageError } from '../../errors/cli-error.js';
import type { ImportedAccount } from '../../auth/import-sources.js';
import { readDataFile } from '../../input/structured.js';
import { defineVerb } from '../define.js';

function sourcePath(source: 'twurl' | 'xurl', env: NodeJS.ProcessEnv, file: string | undefined): string {
  if (file) return file;
  const home = env.HOME || homedir();
  if (source === 'twurl') return join(home, '.twurlrc');
  const root = join(home, '.xurl');
  try {
    return statSync(root).isDirectory() ? join(root, 'auth.yml') : root;
  } catch {
    return join(root, 'auth.yml');
  }
}

/** Which kinds of credentials a profile gets (names only). */
function kinds(v: Partial<Profile>): string {
  const out: string[] = [];
  if (v.access_token && v.access_token_secret) out.push('OAuth 1.0a user');
  else if (v.consumer_key && v.consumer_secret) out.push('app key');
  if (v.bearer_token) out.push('bearer');
  if (v.oauth2)
    out.push(
      `OAuth 2.0${v.oauth2.refreshed_by ? ` (refreshed by ${v.oauth2.refreshed_by})` : v.oauth2.refresh_token ? ' (refreshable)' : ''}`,
    );
  return out.join(', ');
}

/**
 * The service rotates OAuth 2.0 refresh tokens: each refresh invalidates the one used, so two tools holding the
 * same refresh token cut each other off at the first refresh. Without --take-over postctl keeps xurl's access token
 * only and marks the login as refreshed by xurl; with it, postctl keeps the refresh token and owns the login.
 * Returns the profiles concerned.
 */
function shareRefresh(accounts: ImportedAccount[], takeOver: boolean): string[] {
  const out: string[] = [];
  for (const a of accounts) {
    const o2 = a.values.oauth2;
    if (!o2?.refresh_token) continue;
    out.push(a.profile);
    if (takeOver) continue;
    const { refresh_token: _kept, ...rest } = o2;
    a.values = { ...a.values, oauth2: { ...rest, refreshed_by: 'xurl' } };
  }
  return out;
}

function warnRotation(ctx: Context, profiles: string[], takeOver: boolean): void {
  const names = profiles.join(', ');
  if (takeOver)
    ctx.log.warn(
      `postctl now owns the OAuth 2.0 login of ${names}: the service rotates refresh tokens, so postctl's first refresh invalidates xurl's copy; log xurl in again if you keep using it`,
    );
  else
    ctx.log.warn(
      `the service rotates OAuth 2.0 refresh tokens (a refresh invalidates the token used), so two tools cannot share one: ${names} got xurl's access token only and refreshing stays with xurl. When it expires, refresh with xurl and import again, or import with --take-over to let postctl own the login (xurl's copy then stops working)`,
    );
}

const VERB: Record<PlannedAccount['action'], string> = { create: 'created', update: 'updated', unchanged: 'unchanged', skip: 'skipped' };

export default defineVerb({
  name: 'import <source>',
  description: 'create a profile per account stored by twurl (~/.twurlrc) or xurl (~/.xurl/auth.yml); prints no secret',
  examples: ['postctl auth import twurl', 'postctl auth import xurl --dry-run', 'postctl auth import twurl --file ./twurlrc-backup'],
  options: {
    file: { flags: '--file <path>', description: 'read this file instead of ~/.twurlrc or ~/.xurl/auth.yml (mode 0600, yours)' },
    overwrite: { flags: '--overwrite', description: 'replace the credentials of a profile that holds others (default: skip it)' },
    dryRun: { flags: '--dry-run', description: 'show what would be imported and write nothing' },
    takeOver: {
      flags: '--take-over',
      description:
        "xurl: take the OAuth 2.0 refresh token too, so postctl owns the login (the service rotates it: xurl's copy stops working at postctl's first refresh)",
    },
  },
  async run([source], opts, ctx) {
    if (source !== 'twurl' && source !== 'xurl') throw new InputError(`unknown source ${JSON.stringify(source)}`, [], 'use twurl or xurl.');
    const path = sourcePath(source, ctx.env, opts.file);
    checkSourceFile(path);
    const text = await readDataFile(path, MAX_IMPORT_BYTES);
    let set: ReturnType<typeof parseTwurlrc>;
    try {
      set = (source === 'twurl' ? parseTwurlrc : parseXurl)(text, { parseDocument, LineCounter, isMap, isSeq, isScalar, isAlias });
    } catch (e) {
      if (e instanceof SourceFormatError) throw new InputError(`${path}: ${e.message}`);
      throw e;
    }
    if (!set.accounts.length) throw new InputError(`${path} holds no credentials to import`);
    if (opts.takeOver && source !== 'xurl') throw new UsageError('--take-over is for the OAuth 2.0 logins of xurl; twurl has none');
    const rotating = shareRefresh(set.accounts, Boolean(opts.takeOver));
    const { data } = await loadConfigData(ctx.env);
    const p = plan(set, data, Boolean(opts.overwrite));
    const changes = p.accounts.some((a) => a.action === 'create' || a.action === 'update') || p.setDefault !== undefined;
    if (changes && !opts.dryRun) {
      const store = await ctx.store();
      // Planned again under the lock, against the file as it is now.
      store.update((fresh) => apply(plan(set, fresh, Boolean(opts.overwrite)), fresh, new Date(ctx.now()).toISOString()));
    }
    for (const a of p.accounts)
      if (a.action === 'skip')
        ctx.log.warn(`profile ${a.profile} holds other credentials (${a.conflicts.join(', ')}): skipped; --overwrite replaces them`);
    const rows = p.accounts.map((a) => ({
      profile: a.profile,
      from: a.from,
      action: opts.dryRun && (a.action === 'create' || a.action === 'update') ? `would be ${VERB[a.action]}` : VERB[a.action],
      credentials: kinds(a.values),
      default: a.profile === p.setDefault,
    }));
    ctx.printer.list(rows, [
      { header: 'profile', get: (r) => `${r.profile}${r.default ? ' (default)' : ''}` },
      { header: 'from', key: 'from', flex: true },
      { header: 'action', key: 'action' },
      { header: 'credentials', key: 'credentials' },
    ]);
    if (rotating.length) warnRotation(ctx, rotating, Boolean(opts.takeOver));
    const n = (action: PlannedAccount['action']) => p.accounts.filter((a) => a.action === action).length;
    if (!changes) ctx.log.info(`nothing changed: every account in ${path} is already imported`);
    else
      ctx.log.info(
        `${opts.dryRun ? 'dry run, nothing written: ' : ''}${n('create')} created, ${n('update')} updated, ${n('unchanged')} unchanged, ${n('skip')} skipped from ${path}${p.setDefault ? `; default profile ${p.setDefault}` : ''}`,
      );
    return 0;
  },
});
