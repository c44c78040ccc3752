// `postctl auth token`: the app-only bearer token, cached in the profile. The
// API keeps one outstanding token per app and answers 403 code 99 when asked
// too often, so a cached token is reused and no request is made. --stdin stores
// a token copied from the developer portal instead, without any request.
import { applyAppFlags, readPiped, requireAppCredentials } from '../../auth/app-credentials.js';
import type { Context } from '../../entry/context.js';
import { UsageError, invalid } from '../../errors/cli-error.js';
import { obtainBearer } from '../../auth/bearer.js';
import { mask } from '../../output/mask.js';
import { defineVerb } from '../define.js';
import { APP_OPTIONS } from './_options.js';

export default defineVerb({
  name: 'token',
  description: 'get the app-only bearer token (oauth2/token), cached in the profile and reused',
  examples: [
    'postctl auth token',
    'postctl auth token --print | other-tool --bearer-stdin',
    'postctl auth token --refresh',
    'printf %s "$PORTAL_BEARER" | postctl --profile bot auth token --stdin',
  ],
  options: {
    ...APP_OPTIONS,
    refresh: {
      flags: '--refresh',
      description: 'ask the API again even if a token is cached (it returns the same token until invalidated)',
    },
    print: { flags: '--print', description: 'write the token itself to stdout, for other tools' },
    stdin: {
      flags: '--stdin',
      description: 'store a bearer token piped in (e.g. from the developer portal) in the profile, no request made; never echoed',
    },
  },
  async run(_args, opts, ctx) {
    if (opts.stdin) {
      const other = (['refresh', 'print', 'consumerSecretStdin', 'consumerKey'] as const).find(
        (k) => opts[k] !== undefined && opts[k] !== false,
      );
      if (other)
        throw new UsageError(
          `--stdin stores the token piped in; it does not go with --${other.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
        );
      return storePiped(ctx);
    }
    await applyAppFlags(ctx, opts);
    const s = await ctx.settings();
    const cached = s.values.bearer_token;
    // Key and secret are needed only when a request is made.
    if (opts.refresh || !cached?.value) await requireAppCredentials(ctx);
    const client = await ctx.client();
    const result = await obtainBearer(ctx, client, { refresh: Boolean(opts.refresh) });
    if (result.cached)
      ctx.log.info(
        `using the bearer token ${result.source === 'env' ? 'from POSTCTL_BEARER_TOKEN' : `cached in profile ${s.profile}`} (no request made; --refresh asks the API again)`,
      );
    else {
      ctx.log.success(`bearer token obtained and cached in profile ${s.profile}`);
      if (cached?.source === 'env') ctx.log.warn('POSTCTL_BEARER_TOKEN is set and overrides the cached token in later commands.');
    }
    if (opts.print) {
      ctx.printer.write(result.token + '\n');
      return 0;
    }
    ctx.printer.object({
      profile: s.profile,
      token_type: 'bearer',
      token: mask(result.token),
      cached: result.cached,
      source: result.source === 'api' ? 'api' : result.source,
    });
    return 0;
  },
});

/** A bearer token is printable ASCII without spaces (the portal's are URL-encoded base64); at most 2,048 characters. */
const BEARER_SHAPE = /^[\x21-\x7e]{20,2048}$/;

/** `--stdin`: the piped token, checked for shape (never echoed, not even in the error), stored in the profile. */
async function storePiped(ctx: Context): Promise<number> {
  const token = await readPiped(ctx, 'the bearer token', '--stdin', () =>
    ctx.prompt.secret('Bearer token (from the developer portal)', { supply: '--stdin (pipe the token in)' }),
  );
  ctx.redactor.add(token);
  if (!BEARER_SHAPE.test(token))
    throw invalid('bearer token', `must be 20 to 2,048 printable characters without spaces (got ${token.length} characters)`);
  const s = await ctx.settings();
  const store = await ctx.store();
  store.patchProfile(s.profile, { bearer_token: token });
  ctx.invalidateSettings();
  ctx.log.success(`bearer token stored in profile ${s.profile}`);
  if (s.values.bearer_token?.source === 'env')
    ctx.log.warn('POSTCTL_BEARER_TOKEN is set and overrides the stored token in later commands.');
  ctx.printer.object({ profile: s.profile, token_type: 'bearer', token: mask(token), cached: true, source: 'stdin' });
  return 0;
}
