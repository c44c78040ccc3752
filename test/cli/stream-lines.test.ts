// `stream connect` and `events stream` for a person (issue 27): one readable line per item in the table
// format (the default on a terminal) — time, @author or event type, text neutralised — and JSON lines when
// piped or with -o jsonl.
import { describe, expect, it } from 'vitest';
import { configureFilteredStream } from '../../src/emulator/routes/platform-stream.js';
import { eventLine, postLine } from '../../src/commands/_stream-lines.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const TIME = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d';

describe('stream connect', () => {
  it('-o table: `time  user <id>  text` per post; piped by default: JSON lines', async () => {
    configureFilteredStream(emu.state, { intervalMs: 20 });
    expect((await emu.run(['stream', 'rules', 'add', 'postctl'])).code).toBe(0);
    const table = await emu.run(['stream', 'connect', '--limit', '2', '--post-fields', 'created_at,author_id', '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatch(new RegExp(`^${TIME}  user 783214  Stream post \\d+ matching postctl$`));
    const piped = await emu.run(['stream', 'connect', '--limit', '1']);
    expect(JSON.parse(piped.stdout.trim()).data.text).toMatch(/^Stream post \d+ matching postctl$/);
    const jsonl = await emu.run(['stream', 'connect', '--limit', '1', '-o', 'jsonl']);
    expect(JSON.parse(jsonl.stdout.trim()).matching_rules).toHaveLength(1);
  });
});

describe('events stream', () => {
  it('-o table: `time  event_type  what` per event', async () => {
    const r = await emu.run(['events', 'stream', '--limit', '2', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${TIME}  post\\.create  user 2244994945: Event post 1$`));
    expect(lines[1]).toMatch(new RegExp(`^${TIME}  profile\\.update\\.bio  bio: bio value 1 → bio value 2$`));
  });
});

describe('readable lines', () => {
  it('the expanded @username, and control characters from the API neutralised on one line', () => {
    const line = postLine({
      data: { id: '1', text: 'hi\u001b[2J\nthere', author_id: '7', created_at: '2026-01-02T03:04:05.000Z' },
      includes: { users: [{ id: '7', username: 'emu\u0007dev' }] },
    });
    expect(line).toBe('2026-01-02 03:04:05  @emu\\x07dev  hi␛[2J there');
    expect(eventLine({ data: { event_type: 'x\u009b', created_at: '2026-01-02T03:04:05Z', payload: { text: 'a' } } })).toMatch(
      /^2026-01-02 03:04:05 {2}x\S+ {2}a$/,
    );
  });
});
