// `postctl auth logout`: invalidate the profile's tokens at the API, then
// remove them locally. A token the API already rejects (401 code 89) is still
// removed, with a note; any other failure keeps it, so nothing live is lost.
import { isAlreadyInvalid } from '../../auth/errors.js';
import type { Profile } from '../../config/schema.js';
import type { Context } from '../../entry/context.js';
import { invalidateAccessToken, invalidateBearerToken } from '../../platform/oauth.js';
import { yesOption } from '../_flags.js';
import { defineVerb, type OptionsOf, type OptionTable } from '../define.js';
import { logoutOAuth2 } from './_logout-oauth2.js';

const OPTIONS = {
  bearer: { flags: '--bearer', description: 'invalidate and remove the app-only bearer token instead of the access token' },
  oauth2: { flags: '--oauth2', description: 'revoke the OAuth 2.0 access and refresh tokens (POST /2/oauth2/revoke) and remove them' },
  all: { flags: '--all', description: 'invalidate and remove both the access token and the bearer token' },
  localOnly: { flags: '--local-only', description: 'remove the tokens from the profile without contacting the API (they stay valid)' },
  yes: yesOption('do not ask for confirmation'),
} as const satisfies OptionTable;

type Kind = 'access_token' | 'bearer_token';

const REMOVE: Record<Kind, Array<keyof Profile & string>> = {
  access_token: ['access_token', 'access_token_secret', 'user_id', 'screen_name'],
  bearer_token: ['bearer_token'],
};

/** The OAuth 1.0a access token and/or the bearer token. */
async function logoutTokens(opts: OptionsOf<typeof OPTIONS>, ctx: Context): Promise<number> {
  const s = await ctx.settings();
  const stored = s.stored;
  const wanted: Kind[] = opts.all ? ['access_token', 'bearer_token'] : opts.bearer ? ['bearer_token'] : ['access_token'];
  const present = wanted.filter((k) => (k === 'access_token' ? stored.access_token && stored.access_token_secret : stored.bearer_token));
  for (const k of wanted) {
    if (present.includes(k)) continue;
    const env = k === 'access_token' ? 'POSTCTL_ACCESS_TOKEN' : 'POSTCTL_BEARER_TOKEN';
    ctx.log.info(
      `profile ${s.profile} holds no ${k === 'access_token' ? 'access token' : 'bearer token'}${ctx.env[env] ? ` (${env} is set: postctl does not revoke tokens it does not store; unset the variable)` : ''}`,
    );
  }
  const pending = opts.all && stored.pending_request;
  if (!present.length && !pending) {
    ctx.printer.object({ profile: s.profile, invalidated: [], already_invalid: [], removed: [] });
    return 0;
  }
  const who = stored.screen_name ? ` (@${stored.screen_name})` : '';
  const what =
    present.map((k) => (k === 'access_token' ? `the access token${who}` : 'the bearer token')).join(' and ') || 'the pending PIN login';
  const verb = opts.localOnly ? 'Remove' : 'Invalidate and remove';
  if (!(await ctx.prompt.confirm(`${verb} ${what} of profile ${s.profile}?`, opts.yes))) {
    ctx.log.info('cancelled; nothing changed');
    return 0;
  }

  const store = await ctx.store();
  const result = { profile: s.profile, invalidated: [] as Kind[], already_invalid: [] as Kind[], removed: [] as string[] };
  const forget = (k: Kind | 'pending_request') => {
    store.patchProfile(
      s.profile,
      Object.fromEntries((k === 'pending_request' ? ['pending_request'] : REMOVE[k]).map((key) => [key, undefined])),
    );
    result.removed.push(k);
  };
  const client = present.length && !opts.localOnly ? await ctx.client() : undefined;
  for (const k of present) {
    if (client) {
      try {
        if (k === 'access_token') await invalidateAccessToken(client, { token: stored.access_token!, secret: stored.access_token_secret! });
        else await invalidateBearerToken(client, stored.bearer_token!);
        result.invalidated.push(k);
      } catch (e) {
        if (!isAlreadyInvalid(e)) {
          if (result.removed.length) ctx.printer.object(result);
          if (e && typeof e === 'object' && 'hint' in e)
            (e as { hint?: string }).hint =
              `${(e as { hint?: string }).hint ?? ''} Nothing else was removed; \`postctl auth logout --local-only\` forgets the tokens without revoking them.`.trim();
          throw e;
        }
        result.already_invalid.push(k);
        ctx.log.info(
          `note: the ${k === 'access_token' ? 'access' : 'bearer'} token was already invalid at the API (401, code 89); removing it locally`,
        );
      }
    }
    forget(k);
  }
  if (pending) forget('pending_request');
  ctx.invalidateSettings();
  ctx.log.success(
    `${opts.localOnly ? 'removed' : 'logged out:'} ${result.removed.join(', ')} ${opts.localOnly ? 'from' : 'removed from'} profile ${s.profile}${opts.localOnly && present.length ? ' (not revoked at the API)' : ''}`,
  );
  ctx.printer.object(result);
  return 0;
}

export default defineVerb({
  name: 'logout',
  description: "invalidate the profile's access token at the API (and/or its bearer token), then remove it locally",
  examples: [
    'postctl auth logout',
    'postctl auth logout --all --yes',
    'postctl auth logout --bearer --yes',
    'postctl auth logout --oauth2 --yes',
  ],
  options: OPTIONS,
  async run(_args, opts, ctx) {
    return opts.oauth2 ? logoutOAuth2(opts, ctx) : logoutTokens(opts, ctx);
  },
});
