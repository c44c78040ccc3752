// `postctl ads history`: the change journal (src/config/journal.ts), one row per
// write postctl sent to the ads API: when, where, what (old → new), how it ended,
// why (--reason) and the command line. Local: nothing is sent.
import { changesOf, fieldsText, type Change } from '../../ads/journal-read.js';
import { journalPath, readJournal } from '../../config/journal.js';
import type { Column } from '../../output/printer.js';
import { timeFlag } from '../../validate/relative-time.js';
import { defineVerb } from '../define.js';

const COLUMNS: Column<Change & { changes: string }>[] = [
  { header: 'time', key: 'time' },
  { header: 'account', key: 'account', priority: 0 },
  { header: 'entity', key: 'entity' },
  { header: 'id', key: 'id' },
  { header: 'op', key: 'op' },
  { header: 'changes', key: 'changes', flex: true },
  { header: 'outcome', key: 'outcome' },
  { header: 'reason', key: 'reason' },
  { header: 'error', key: 'error', priority: 0 },
];

export default defineVerb({
  name: 'history',
  description:
    'the change journal: each write postctl sent to the ads API (time, profile, account, entity, old → new, outcome, --reason, command line); local, oldest first',
  examples: ['postctl ads history', 'postctl ads history --entity 8wku2 --since 7d -o json'],
  options: {
    account: { flags: '--account <id>', description: 'only changes in this ad account (default: every account)' },
    entity: {
      flags: '--entity <id>',
      description: 'only changes to this entity (a campaign also shows the line items its cascades changed)',
    },
    since: { flags: '--since <time>', description: 'only changes since then: 24h, 7d, 30m, 2w ago or an ISO 8601 time' },
  },
  async run(_args, opts, ctx) {
    const since = opts.since === undefined ? undefined : Date.parse(timeFlag('--since', opts.since, ctx.now()));
    const rows = changesOf(readJournal(ctx.env))
      .filter((c) => opts.account === undefined || c.account === opts.account)
      .filter((c) => opts.entity === undefined || c.id === opts.entity || c.cascade === opts.entity)
      .filter((c) => since === undefined || Date.parse(c.time) >= since)
      .map((c) => ({ ...c, changes: fieldsText(c) }));
    ctx.printer.list(rows, COLUMNS, { journal: journalPath(ctx.env), data: rows });
    if (!rows.length) ctx.log.info(`no changes recorded${opts.account || opts.entity || opts.since ? ' that match' : ''}`);
    return 0;
  },
});
