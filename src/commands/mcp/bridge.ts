// `postctl mcp bridge [URL]`: a stdio MCP client relayed to a remote Streamable-HTTP MCP server — by
// default the platform's hosted one, `<api_url>/mcp` (https://api.x.com/mcp) — with the profile's OAuth 2.0
// token, which never leaves postctl and goes only to the configured API origin.
import { envNumber } from '../../config/env-number.js';
import { AuthError, UsageError } from '../../errors/cli-error.js';
import { assertSafeBaseUrl } from '../../http/url-policy.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'bridge [url]',
  description:
    "relay a stdio MCP client to a remote Streamable-HTTP MCP server (default <api_url>/mcp, the platform's hosted one) with the profile's OAuth 2.0 token",
  examples: ['postctl mcp bridge'],
  async run([given], _opts, ctx) {
    const s = await ctx.settings();
    const api = new URL(s.get('api_url')!);
    const url = assertSafeBaseUrl(given ?? `${api.origin}${api.pathname.replace(/\/$/, '')}/mcp`, 'MCP server URL');
    const origins = [s.get('api_url'), s.get('ads_url'), s.get('ads_sandbox_url')].filter(Boolean).map((u) => new URL(u!).origin);
    if (!origins.includes(url.origin))
      throw new UsageError(
        `refusing to send the OAuth 2.0 token to ${url.origin}: credentials go only to the configured API origin (${api.origin})`,
        `pass a URL on ${api.origin}, or set the API URL (POSTCTL_API_URL or \`postctl config set api_url <url>\`) to the server's origin.`,
      );
    if (!s.stored.oauth2?.access_token)
      throw new AuthError(`profile ${s.profile} has no OAuth 2.0 login for the MCP server`, 'run `postctl auth oauth2` first.');
    const { runBridge } = await import('../../mcp/bridge.js');
    await runBridge({
      url: url.href,
      client: await ctx.client(),
      stdin: ctx.io.stdin,
      stdout: ctx.io.stdout,
      maxMessageBytes: envNumber(ctx.env, 'POSTCTL_MCP_MAX_MESSAGE_MB', { fallback: 4, min: 1, max: 256 }) * 1024 * 1024,
      signal: ctx.signal,
    });
    return 0;
  },
});
