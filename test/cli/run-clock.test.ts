// POSTCTL_NOW moves postctl's clock and the emulator's together (bin/clock.js, EmulatorOptions.now): a run a
// year ahead against an emulator a year ahead signs timestamps both accept; against an emulator on the real
// clock the same run is refused for its timestamp, which shows the move reaches the wire. A bad value is
// exit 6 for every verb, before any request.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { movedClock } from '../helpers/clock.js';
import { fileEmulator } from '../helpers/emulator.js';

const AHEAD = movedClock('+365d');
const ahead = fileEmulator({ now: AHEAD.now });
const today = fileEmulator();

describe('POSTCTL_NOW', () => {
  it("a year ahead on both sides: signed calls pass, and the emulator's time is a year ahead", async () => {
    const r = await ahead.run(['posts', 'create', '--text', 'from next year', '-o', 'json'], { env: AHEAD.env });
    expect(r.code, r.stderr).toBe(0);
    const id = (JSON.parse(r.stdout) as { data: { id: string } }).data.id;
    const shown = await ahead.run(['ads', 'accounts', 'list', '-o', 'json'], { env: AHEAD.env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(id).toMatch(/^\d+$/);
    // The emulator's log times its requests by its own (moved) clock: a year from the real one.
    const drift = ahead.state.log.at(-1)!.time - Date.now();
    expect(drift).toBeGreaterThan(AHEAD.offsetMs - 60_000);
    expect(drift).toBeLessThanOrEqual(AHEAD.offsetMs);
  });

  it('a year ahead against an emulator on the real clock: the OAuth timestamp is refused (exit 3)', async () => {
    const r = await today.run(['ads', 'accounts', 'list', '-o', 'json'], { env: AHEAD.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/[Tt]imestamp/);
  });

  it('a value that is neither a time nor an offset is exit 6 for any verb, nothing sent', async () => {
    const before = today.state.log.length;
    for (const args of [
      ['posts', 'lookup', '20'],
      ['ads', 'accounts', 'list'],
    ]) {
      const r = await today.run([...args, '-o', 'json'], { env: { POSTCTL_NOW: 'tomorrow' } });
      expect(r.code, args.join(' ')).toBe(6);
      expect(r.errorJson().error.message).toMatch(/POSTCTL_NOW must be an ISO 8601 time .*"tomorrow"/);
    }
    expect(today.state.log.length).toBe(before);
  });
});

describe("the emulator's clock is its own", () => {
  it('no emulator module reads the wall clock: every time comes from EmulatorOptions.now', () => {
    const dir = fileURLToPath(new URL('../../src/emulator/', import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(30);
    const offenders = files.filter((f) => /Date\.now\(\)|new Date\(\)/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
