// The documented exit codes (README "Exit codes", `postctl help exit-codes`).
export const EXIT = {
  OK: 0,
  INTERNAL: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  RATE_LIMITED: 5,
  INVALID_INPUT: 6,
  NETWORK: 7,
  PARTIAL: 8,
  /** A write that cannot safely be repeated may have been acted on: check before sending again. */
  MAYBE_SENT: 9,
  INTERRUPTED: 130,
  /** 128 + the signal number, as a shell reports a process ended by it. */
  HANGUP: 129,
  TERMINATED: 143,
} as const;

export const EXIT_CODE_DOCS: Array<[number, string]> = [
  [0, 'success (an empty result is success: [])'],
  [1, 'unexpected internal error'],
  [2, 'usage error: unknown flag or command, missing argument or verb, conflicting options, input needed but not interactive, busy port'],
  [
    3,
    'authentication or authorization: no credentials, 401, 403, invalid/expired token (code 89), not-authorized problems, client-forbidden',
  ],
  [4, 'not found: 404, resource-not-found'],
  [5, 'rate limited or usage capped, after the allowed waiting and retries'],
  [
    6,
    'invalid input: a value rejected by postctl before sending (flag values out of range or not among the choices included; an input file that is missing, unreadable or a directory), or invalid-request / 400 from the API',
  ],
  [7, "network, timeout or server error (5xx) after retries, or a reply that is not the API's (empty or non-JSON 2xx, too large)"],
  [8, 'partial failure: a batch finished but some items failed (details on stdout, summary on stderr)'],
  [
    9,
    'maybe sent: a write that is not safe to repeat (a post, a message, a create) went out but no answer came back (connection dropped, timeout); the JSON error says "sent": "unknown" — check before sending again (posts create and dm send do it themselves on a rerun with the same --idempotency-key)',
  ],
  [129, 'stopped by SIGHUP (terminal closed), after the same clean-up as Ctrl-C'],
  [130, 'interrupted (Ctrl-C / SIGINT)'],
  [143, 'stopped by SIGTERM (cron, systemd, timeout, kill), after the same clean-up as Ctrl-C'],
];
