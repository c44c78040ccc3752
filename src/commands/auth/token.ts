// `postctl auth token`: the app-only bearer token, cached in the profile. The
// API keeps one outstanding token per app and answers 403 code 99 when asked
// too often, so a cached token is reused and no request is made.
import { applyAppFlags, requireAppCredentials } from '../../auth/app-credentials.js';
import { obtainBearer } from '../../auth/bearer.js';
import type { Context } from '../../context.js';
import { mask } from '../../output/mask.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  await applyAppFlags(ctx, opts);
  const s = await ctx.settings();
  const cached = s.values.bearer_token;
  // Key and secret are needed only when a request is made.
  if (opts.refresh || !cached?.value) await requireAppCredentials(ctx);
  const client = await ctx.client();
  const result = await obtainBearer(ctx, client, { refresh: Boolean(opts.refresh) });
  if (result.cached) ctx.log.info(`using the bearer token ${result.source === 'env' ? 'from POSTCTL_BEARER_TOKEN' : `cached in profile ${s.profile}`} (no request made; --refresh asks the API again)`);
  else {
    ctx.log.success(`bearer token obtained and cached in profile ${s.profile}`);
    if (cached?.source === 'env') ctx.log.warn('POSTCTL_BEARER_TOKEN is set and overrides the cached token in later commands.');
  }
  if (opts.print) {
    ctx.printer.write(result.token + '\n');
    return 0;
  }
  ctx.printer.object({ profile: s.profile, token_type: 'bearer', token: mask(result.token), cached: result.cached, source: result.source === 'api' ? 'api' : result.source });
  return 0;
}
