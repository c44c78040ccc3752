// `postctl audiences …` (ads-api.md "Audiences"): the custom audience users
// upload, do-not-reach lists, tailored audience permissions, targeted line
// items and keyword insights.
import type { Command } from 'commander';
import { group, verb, yesOption, type OptionSpec } from '../define.js';
import { accountOption as account, listOptions, pagingOptions, sandboxOption as sandbox } from '../_ads-flags.js';
import { CUSTOM_AUDIENCES_PAGE, PERMISSIONS_PAGE, TYPE_CHOICES } from '../../validate/audiences.js';

const yes = yesOption();

function uploadOptions(kinds: string[], audience: boolean): OptionSpec[] {
  return [
    { flags: '-f, --file <path>', description: 'input file, or - for stdin (default: stdin)' },
    { flags: '--format <format>', description: 'lines (one identifier per line), csv or tsv (header names identifier kinds), jsonl (user objects); default: from the file extension, else lines', choices: ['lines', 'csv', 'tsv', 'jsonl'] },
    { flags: '--type <kind>', description: `identifier kind of plain lines: ${kinds.join(', ')}`, choices: kinds },
    { flags: '--hashed', description: 'the input is already SHA-256 hex (64 characters, checked); sent as is' },
    { flags: '--default-country <CC>', description: 'ISO country code (e.g. GB) that turns national phone numbers (no + or 00) into international ones' },
    { flags: '--operation <op>', description: 'update (add or refresh the users) or delete (remove them)', choices: ['update', 'delete'], default: 'update' },
    ...(audience ? [{ flags: '--effective-at <time>', description: 'ISO 8601 UTC time the association starts (API default: now)' }] : []),
    { flags: '--expires-at <time>', description: audience ? 'ISO 8601 UTC expiry, later than --effective-at (API default: 13 months)' : 'ISO 8601 UTC expiry, later than now (API default: 13 months)' },
    { flags: '--batch-size <n>', description: 'users per request, 1 to 2500 (requests also stay under 5,000,000 bytes)', default: '2500' },
    { flags: '--concurrency <n>', description: 'requests in flight at once, 1 to 16 (paced to 1,500 requests per minute and the rate-limit headers)', default: '4' },
    { flags: '--rejects <file>', description: 'write every rejected or failed value with its input line to this CSV file' },
    { flags: '--resume', description: 'send only the batches a previous run of the same file and options did not get confirmed' },
    { flags: '--state <file>', description: 'resume state file (default: <file>.postctl-state.json next to the input)' },
    { flags: '--dry-run', description: 'write the normalized, hashed operations to stdout as JSON lines; send nothing' },
    account,
    sandbox,
  ];
}

export function registerAudiences(program: Command): void {
  const g = group(program, 'audiences', 'custom audience users upload, do-not-reach lists, audience permissions, targeted line items, keyword insights');
  const upload = () => import('./upload.js');

  verb(g, {
    name: 'upload <custom_audience_id>',
    description: 'normalize, hash and upload identifiers to a custom audience in checked, resumable batches (exit 8 if any failed)',
    examples: [
      'postctl audiences upload 1qz4s --file emails.txt --type email --rejects rejects.csv',
      'postctl audiences upload 1qz4s --file crm.csv --default-country GB',
      'postctl audiences upload 1qz4s --file users.jsonl --operation delete',
      'postctl audiences upload 1qz4s --file emails.txt --type email --resume',
      'postctl audiences upload 1qz4s --file emails.txt --type email --dry-run | head -c 400',
    ],
    options: uploadOptions([...TYPE_CHOICES], true),
    load: () => upload().then((m) => m.audienceUpload),
  });

  const dnr = group(g, 'do-not-reach', 'do-not-reach lists: upload hashed emails and phone numbers, delete a list');
  verb(dnr, {
    name: 'upload <list_id>',
    description: 'normalize, hash and upload emails and phone numbers to a do-not-reach list (same pipeline as audiences upload)',
    examples: ['postctl audiences do-not-reach upload 3dnr8 --file optouts.txt --type email', 'postctl audiences do-not-reach upload 3dnr8 --file optouts.csv --expires-at 2027-06-30T00:00:00Z'],
    options: uploadOptions(['email', 'phone'], false),
    load: () => upload().then((m) => m.doNotReachUpload),
  });
  verb(dnr, {
    name: 'delete <list_id>',
    description: 'delete a do-not-reach list (asks on a terminal, needs --yes otherwise)',
    examples: ['postctl audiences do-not-reach delete 3dnr8 --yes'],
    options: [yes, account, sandbox],
    load: () => import('./do-not-reach.js'),
  });

  const perms = group(g, 'permissions', 'tailored audience permissions (ads API version 5): share an audience with other ad accounts');
  const permissions = () => import('./permissions.js');
  verb(perms, {
    name: 'list <tailored_audience_id>',
    description: 'list the permissions granted on a tailored audience',
    examples: ['postctl audiences permissions list 1qz4s', 'postctl audiences permissions list 1qz4s --granted-account 18ce54d4x5u --all -o jsonl'],
    options: [
      { flags: '--granted-account <ids>', description: 'only permissions granted to these accounts (comma list or repeated; up to 200)', repeatable: true },
      { flags: '--permission-ids <ids>', description: 'only these permissions (comma list or repeated; up to 200)', repeatable: true },
      ...listOptions(PERMISSIONS_PAGE, { withDeleted: false }),
      account,
      sandbox,
    ],
    load: () => permissions().then((m) => m.list),
  });
  verb(perms, {
    name: 'grant <tailored_audience_id>',
    description: 'let another ad account use the audience (the calling account must own it; same business, or SHARE_AUDIENCE_OUTSIDE_BUSINESS)',
    examples: ['postctl audiences permissions grant 1qz4s --granted-account 18ce54d4x5u --level READ_ONLY'],
    options: [
      { flags: '--granted-account <id>', description: 'the ad account that receives the permission (required)' },
      { flags: '--level <level>', description: 'READ_ONLY or READ_WRITE (required)', choices: ['READ_ONLY', 'READ_WRITE'] },
      account,
      sandbox,
    ],
    load: () => permissions().then((m) => m.grant),
  });
  verb(perms, {
    name: 'revoke <tailored_audience_id> <permission_id>',
    description: 'revoke a permission: the granted account cannot target the audience in new campaigns (running ones keep it)',
    examples: ['postctl audiences permissions revoke 1qz4s 7xk2p --yes'],
    options: [yes, account, sandbox],
    load: () => permissions().then((m) => m.revoke),
  });

  verb(g, {
    name: 'list',
    description: 'list custom audiences of the account (GET …/custom_audiences): id, name, type, size, targetable, permission',
    examples: ['postctl audiences list', 'postctl audiences list --permission-scope SHARED', 'postctl audiences list --q news --all -o jsonl', 'postctl audiences list --custom-audience-ids 1qz4s,2hk7w -o json'],
    options: [
      { flags: '--custom-audience-ids <ids>', description: 'only these audiences (comma list, up to 200)' },
      { flags: '--permission-scope <scope>', description: 'OWNER (API default: audiences the account owns) or SHARED (shared with it)', choices: ['OWNER', 'SHARED'] },
      { flags: '--q <text>', description: 'case-insensitive name prefix (1 to 255 characters)' },
      ...listOptions(CUSTOM_AUDIENCES_PAGE),
      account,
      sandbox,
    ],
    load: () => import('./list.js'),
  });

  verb(g, {
    name: 'targeted <custom_audience_id>',
    description: 'campaigns and line items that target a custom audience',
    examples: ['postctl audiences targeted 1qz4s', 'postctl audiences targeted 1qz4s --with-active=false -o json'],
    options: [
      { flags: '--with-active <bool>', description: 'true (API default): servable line items only; false: include line items that are not servable', choices: ['true', 'false'] },
      ...pagingOptions,
      account,
      sandbox,
    ],
    load: () => import('./targeted.js'),
  });

  verb(g, {
    name: 'keywords',
    description: 'keyword insights: post volume of keywords over time (at most 7 days) and 30 related keywords, for one country',
    examples: [
      'postctl audiences keywords --keywords coffee,espresso --granularity DAY --start 2026-03-01T00:00:00Z --end 2026-03-07T00:00:00Z',
      'postctl audiences keywords --keywords tea --negative "iced tea" --granularity HOUR --start 2026-03-06T00:00:00Z --location 96683cc9126741d1',
    ],
    options: [
      { flags: '--keywords <list>', description: 'keywords, comma-separated, OR\'ed (with --negative at most 10 in all; required)', repeatable: true },
      { flags: '--negative <list>', description: 'negative keywords, comma-separated, OR\'ed', repeatable: true },
      { flags: '--granularity <g>', description: 'DAY or HOUR (required)', choices: ['DAY', 'HOUR'] },
      { flags: '--start <time>', description: 'ISO 8601 UTC start (required; the range is at most 7 days)' },
      { flags: '--end <time>', description: 'ISO 8601 UTC end (API default: now)' },
      { flags: '--location <value>', description: 'one country-level targeting value (one country per request)' },
      sandbox,
    ],
    load: () => import('./keywords.js'),
  });
}
