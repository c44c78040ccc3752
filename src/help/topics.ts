// `postctl help exit-codes` and `postctl help environment`.
import { SETTINGS } from '../config/schema.js';
import { EXIT_CODE_DOCS } from '../errors/exit-codes.js';

/** The variables read outside the settings table (SETTINGS), for `postctl help environment`. */
const ENV_ROWS: Array<[string, string]> = [
  ['POSTCTL_PROFILE', 'profile to use (default: the store\'s default profile, else "default")'],
  ['POSTCTL_CONFIG_DIR', 'directory of config.json (default: $XDG_CONFIG_HOME/postctl or ~/.config/postctl)'],
  ['POSTCTL_NO_INPUT', 'never prompt (same as --no-input)'],
  ['POSTCTL_TIMEOUT', 'per-request timeout in seconds (same as --timeout; default 30)'],
  ['POSTCTL_MAX_WAIT', 'longest total wait for rate-limit resets and retries, in seconds (same as --max-wait; default 900)'],
  ['POSTCTL_MAX_RETRIES', 'retries after network errors and 5xx (default 5)'],
  ['POSTCTL_RETRY_BASE_MS', 'first backoff delay in milliseconds, doubled per retry (default 500)'],
  ['POSTCTL_MAX_PAGES', 'most pages one listing (--all, --paginate) may request (same as --max-pages; default 10000)'],
  ['POSTCTL_MAX_BODY_MB', 'largest response body read into memory, in MiB; a larger one is exit 7 (default 64)'],
  ['POSTCTL_QUERY_TIMEOUT_MS', 'longest --query evaluation, in ms; a longer one is exit 6 naming the expression (default 2000)'],
  ['POSTCTL_QUERY_MAX_MB', 'largest --query result, in MiB of JSON; a larger one is exit 6 (default 64)'],
  ['POSTCTL_MAX_LINE_MB', 'streams: longest line kept, in MiB; a longer one is skipped with a warning (default 4)'],
  ['POSTCTL_STOP_GRACE_MS', 'longest clean-up after Ctrl-C, SIGTERM or SIGHUP before the process ends anyway, in ms (default 10000)'],
  ['POSTCTL_LOCK_STALE_MS', 'age in ms after which a lock no holder renews is broken (default 15000)'],
  [
    'POSTCTL_HASH_THREAD',
    'audiences upload: 1 hashes on a second thread, 0 on the main one (default: a second thread when the machine has 2 or more cores)',
  ],
  [
    'POSTCTL_NO_FAST_PATH',
    "set to 1 to parse every command line with the full command tree (commander) instead of the launcher's fast path; for comparing the two",
  ],
  [
    'POSTCTL_STATS_MAX_RESULT_BYTES',
    'ads stats jobs: cap on a result file once decompressed, in bytes (same as --max-result-bytes; default 1 GiB)',
  ],
  [
    'POSTCTL_NOW',
    "the run's clock, for rehearsals against the emulator (which follows it too): an ISO time with a zone (2026-11-28T01:00:00Z) or an offset (+365d, -2h)",
  ],
  ['POSTCTL_PROGRESS_INTERVAL', 'seconds between plain progress lines when stderr is not a terminal (default 10; 0 turns them off)'],
  ['POSTCTL_MCP_MAX_RESULT_MB', 'mcp: largest output of one tool call, in MiB (default 16)'],
  ['POSTCTL_MCP_MAX_MESSAGE_MB', 'mcp bridge: largest message either way, in MiB (default 4)'],
  [
    'POSTCTL_CACHE_DIR',
    'cache directory (negotiated dialects, the acting user per profile, compiled code); default $XDG_CACHE_HOME/postctl or ~/.cache/postctl',
  ],
  ['POSTCTL_EMULATOR_DIALECT', "the emulator's field dialect, 2.159 (default) or 2.167 (same as emulator --dialect)"],
  ['COLUMNS', "table width when stdout is not a terminal (default: the terminal's width, else 80)"],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy settings, honoured by every request'],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off / force it on'],
  ['CI', 'when set, postctl never prompts'],
];

export const HELP_TOPICS: Record<string, { summary: string; text: () => string }> = {
  'exit-codes': {
    summary: 'what each exit code means',
    text: () => ['Exit codes:', ...EXIT_CODE_DOCS.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`), ''].join('\n'),
  },
  environment: {
    summary: 'environment variables postctl reads',
    text: () => {
      const rows: Array<[string, string]> = [
        ...SETTINGS.map((s): [string, string] => [
          s.env,
          `${s.description}${s.default ? ` (default ${s.default})` : ''}${s.secret ? '; secret, never printed' : ''}`,
        ]),
        ...ENV_ROWS,
      ];
      const width = Math.max(...rows.map(([k]) => k.length));
      return [
        'Environment variables (flags override them; they override the config file):',
        ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
        '',
      ].join('\n');
    },
  },
};
