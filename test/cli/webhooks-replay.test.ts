// `webhooks replay` and `webhooks subscriptions replay`: the window (last 24 hours, from before to, to not in the
// future, whole minutes) is checked before sending (exit 6, zero requests);
// a good window creates a job on the emulator with the yyyymmddhhmm body.
import { describe, expect, it } from 'vitest';
import { replayJobs } from '../../src/emulator/routes/platform-webhook-replay.js';
import { WEBHOOK_OK } from '../../src/emulator/routes/platform-webhooks.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const MIN = 60_000;
/** A whole minute `minutesAgo` before now, as ISO 8601 and as yyyymmddhhmm. */
const at = (minutesAgo: number) => {
  const ms = Math.floor(Date.now() / MIN) * MIN - minutesAgo * MIN;
  return { iso: new Date(ms).toISOString(), compact: new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12) };
};
const replays = () => emu.state.requests('POST', '/2/webhooks/replay');

describe('webhooks replay', () => {
  it('ISO times: POSTs {webhook_id, from_date, to_date} in yyyymmddhhmm and prints the job', async () => {
    const from = at(120);
    const to = at(30);
    const mark = replays().length;
    const r = await emu.run(['webhooks', 'replay', WEBHOOK_OK, '--from', from.iso, '--to', to.iso, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(replays()[mark]!.body)).toEqual({ webhook_id: WEBHOOK_OK, from_date: from.compact, to_date: to.compact });
    const job = r.json();
    expect(job.job_id).toMatch(/^\d+$/);
    expect(replayJobs(emu.state).at(-1)).toMatchObject({ job_id: job.job_id, webhook_id: WEBHOOK_OK, from_date: from.compact });
    expect(r.stderr).toContain(`replay job ${job.job_id}`);
  });

  it('yyyymmddhhmm times are taken as they are', async () => {
    const from = at(600);
    const to = at(1);
    const mark = replays().length;
    const r = await emu.run(['webhooks', 'replay', WEBHOOK_OK, '--from', from.compact, '--to', to.compact, '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('job_id');
    expect(JSON.parse(replays()[mark]!.body)).toMatchObject({ from_date: from.compact, to_date: to.compact });
  });

  it("an unknown webhook is the API's 404 (exit 4)", async () => {
    const r = await emu.run(['webhooks', 'replay', '999', '--from', at(60).compact, '--to', at(10).compact]);
    expect(r.code).toBe(4);
  });

  const bad: Array<[string, () => string[], string]> = [
    ['from older than 24 hours', () => ['--from', at(24 * 60 + 5).iso, '--to', at(10).iso], 'from_date: must be within the last 24 hours'],
    ['to in the future', () => ['--from', at(60).iso, '--to', at(-10).iso], 'to_date: must not be in the future'],
    ['from after to', () => ['--from', at(10).iso, '--to', at(60).iso], 'to_date: must be after from_date'],
    ['from equal to to', () => ['--from', at(10).compact, '--to', at(10).compact], 'to_date: must be after from_date'],
    [
      'seconds in the time',
      () => ['--from', new Date(Date.now() - 3_600_000 + 1_500).toISOString(), '--to', at(1).iso],
      'from_date: must be a whole minute',
    ],
    ['not a time', () => ['--from', 'yesterday', '--to', at(1).iso], 'from_date: must be yyyymmddhhmm'],
    ['an impossible date', () => ['--from', '202602301200', '--to', at(1).compact], 'from_date: is not a real UTC time'],
    ['no --to', () => ['--from', at(60).iso], 'to_date: is required'],
  ];
  for (const [name, args, message] of bad) {
    it(`${name}: exit 6, nothing sent`, async () => {
      const mark = emu.state.log.length;
      const r = await emu.run(['webhooks', 'replay', WEBHOOK_OK, ...args()]);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(message);
      expect(emu.state.log.length).toBe(mark);
    });
  }
  it('a webhook id that is not 1-19 digits: exit 6, nothing sent', async () => {
    const mark = emu.state.log.length;
    const r = await emu.run(['webhooks', 'replay', '12ab', '--from', at(60).iso, '--to', at(1).iso]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('webhook_id');
    expect(emu.state.log.length).toBe(mark);
  });
});

// Its own emulator: the tests of this block run at the same time, so "nothing sent" is checked per webhook id.
describe.concurrent('webhooks subscriptions replay (account activity, 5 days back)', () => {
  const own = fileEmulator();
  const PATH = `/2/account_activity/replay/webhooks/${WEBHOOK_OK}/subscriptions/all`;
  const activity = () => own.state.requests('POST', PATH);

  it('POSTs the window in the query (yyyymmddhhmm), reaching back days, and prints the job', async () => {
    const from = at(4 * 24 * 60);
    const to = at(3 * 24 * 60);
    const r = await own.run(['webhooks', 'subscriptions', 'replay', WEBHOOK_OK, '--from', from.iso, '--to', to.iso, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const sent = activity().find((e) => e.query.some(([k, v]) => k === 'from_date' && v === from.compact))!;
    expect(sent.query).toEqual([
      ['from_date', from.compact],
      ['to_date', to.compact],
    ]);
    expect(sent.body ?? '').toBe('');
    const job = r.json();
    expect(replayJobs(own.state).find((j) => j.job_id === job.job_id)).toMatchObject({ webhook_id: WEBHOOK_OK, to_date: to.compact });
    expect(r.stderr).toContain(`account activity replay job ${job.job_id}`);
  });

  it('relative times and a table', async () => {
    const r = await own.run(['webhooks', 'subscriptions', 'replay', WEBHOOK_OK, '--from', '2d', '--to', '1d', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('job_id');
  });

  it("an unknown webhook is the API's 404 (exit 4)", async () => {
    const r = await own.run(['webhooks', 'subscriptions', 'replay', '998', '--from', '2h', '--to', '1h']);
    expect(r.code).toBe(4);
  });

  it('from older than 5 days, from after to, a bad webhook id: exit 6, nothing sent', async () => {
    for (const [id, args, message] of [
      ['997', ['--from', at(5 * 24 * 60 + 5).iso, '--to', at(10).iso], 'from_date: must be within the last 5 days'],
      ['997', ['--from', '1h', '--to', '2h'], 'to_date: must be after from_date'],
      ['12ab', ['--from', '2h', '--to', '1h'], 'webhook_id'],
    ] as const) {
      const r = await own.run(['webhooks', 'subscriptions', 'replay', id, ...args]);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(message);
    }
    expect(own.state.log.filter((e) => e.path.includes('/997/') || e.path.includes('12ab'))).toEqual([]);
  });
});
