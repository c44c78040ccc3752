import type { Command } from 'commander';
import { verb } from '../define.js';

export function registerRequest(program: Command): void {
  verb(program, {
    name: 'request <method> <path>',
    description: 'send any API request, signed, with retries and rate-limit handling (like `gh api`)',
    examples: [
      'postctl request GET /2/posts -f ids=1460323737035677698 -f post.fields=created_at',
      'postctl request GET /12/accounts/18ce54d4x5t/line_items/8u94t --api ads',
      'postctl request PUT /12/accounts/18ce54d4x5t/line_items/8u94t -f entity_status=PAUSED',
      'postctl request POST /2/activity/subscriptions --input sub.json',
      'postctl request GET /12/accounts --paginate -o jsonl',
      'postctl request GET /2/users/me --auth oauth2',
    ],
    options: [
      { flags: '--api <api>', description: 'which base URL (default: ads for /12/ and /5/ paths, else platform)', choices: ['platform', 'ads', 'ads-sandbox'] },
      { flags: '--auth <mode>', description: 'authentication: user (OAuth 1.0a), app (bearer), oauth2 (OAuth 2.0 user context, refreshed as needed), basic or none (default: user; app when only a bearer token is configured; oauth2 when only an OAuth 2.0 login is)', choices: ['user', 'app', 'oauth2', 'basic', 'none'] },
      { flags: '-f, --raw-field <key=value>', description: 'string parameter (repeatable)', repeatable: true },
      { flags: '-F, --field <key=value>', description: 'typed parameter: numbers, true/false/null, @file or @- for stdin (repeatable)', repeatable: true },
      { flags: '--form', description: 'send parameters form-encoded (signed) instead of as JSON (platform POST/PUT)' },
      { flags: '--input <file>', description: 'raw JSON request body from a file, or - for stdin' },
      { flags: '-H, --header <name:value>', description: 'extra request header (repeatable)', repeatable: true },
      { flags: '-i, --include', description: 'print the status line and response headers before the body' },
      { flags: '--paginate', description: 'follow next_cursor (ads) or meta.next_token (v2) and stream every page' },
    ],
    load: () => import('./run.js'),
  });
}
