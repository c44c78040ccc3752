// `postctl auth token`: the app-only bearer token, cached in the profile. The
// API keeps one outstanding token per app and answers 403 code 99 when asked
// too often, so a cached token is reused and no request is made.
import { applyAppFlags, requireAppCredentials } from '../../auth/app-credentials.js';
import { obtainBearer } from '../../auth/bearer.js';
import { mask } from '../../output/mask.js';
import { defineVerb } from '../define.js';
import { APP_OPTIONS } from './_options.js';

export default defineVerb({
  name: 'token',
  description: 'get the app-only bearer token (oauth2/token), cached in the profile and reused',
  examples: ['postctl auth token', 'postctl auth token --print | other-tool --bearer-stdin', 'postctl auth token --refresh'],
  options: {
    ...APP_OPTIONS,
    refresh: {
      flags: '--refresh',
      description: 'ask the API again even if a token is cached (it returns the same token until invalidated)',
    },
    print: { flags: '--print', description: 'write the token itself to stdout, for other tools' },
  },
  async run(_args, opts, ctx) {
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
