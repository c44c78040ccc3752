// `postctl auth logout --oauth2`: revoke the OAuth 2.0 refresh and access
// tokens (POST /2/oauth2/revoke), then remove them from the profile. A failed
// revocation keeps them, so nothing live is forgotten (--local-only skips it).
import { readTokens, removeTokens } from '../../auth/oauth2-store.js';
import { revokeToken } from '../../auth/oauth2-token.js';
import type { Context } from '../../entry/context.js';

export async function logoutOAuth2(opts: { localOnly?: boolean; yes?: boolean }, ctx: Context): Promise<number> {
  const s = await ctx.settings();
  const store = await ctx.store();
  const t = readTokens(store, s.profile);
  const result = { profile: s.profile, revoked: [] as string[], removed: [] as string[] };
  if (!t) {
    ctx.log.info(`profile ${s.profile} holds no OAuth 2.0 login`);
    ctx.printer.object(result);
    return 0;
  }
  ctx.redactor.add(t.access_token, t.refresh_token);
  const who = t.username ? ` (@${t.username})` : '';
  if (
    !(await ctx.prompt.confirm(
      `${opts.localOnly ? 'Remove' : 'Revoke and remove'} the OAuth 2.0 tokens${who} of profile ${s.profile}?`,
      opts.yes,
    ))
  ) {
    ctx.log.info('cancelled; nothing changed');
    return 0;
  }
  if (!opts.localOnly) {
    const client = await ctx.client();
    const creds = { clientId: t.client_id, clientSecret: s.get('client_secret') };
    // The refresh token first: it is the long-lived one.
    const order = [...(t.refresh_token ? [['refresh_token', t.refresh_token] as const] : []), ['access_token', t.access_token] as const];
    for (const [kind, token] of order) {
      try {
        await revokeToken(client, creds, token, kind);
      } catch (e) {
        if (e && typeof e === 'object' && 'hint' in e)
          (e as { hint?: string }).hint =
            `${result.revoked.length ? `${result.revoked.join(' and ')} revoked; ` : ''}nothing was removed; \`postctl auth logout --oauth2 --local-only\` forgets the tokens without revoking them.`;
        throw e;
      }
      result.revoked.push(kind);
    }
  }
  removeTokens(store, s.profile);
  ctx.invalidateSettings();
  result.removed.push('oauth2');
  ctx.log.success(
    `${opts.localOnly ? 'removed the OAuth 2.0 tokens (not revoked at the API) from' : 'logged out of OAuth 2.0: both tokens revoked and removed from'} profile ${s.profile}`,
  );
  ctx.printer.object(result);
  return 0;
}
