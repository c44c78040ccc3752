// Terminal safety (issue 19): text from the API or from input shown to a
// person — errors, hints, warnings, summaries, --verbose traces — never
// carries a control sequence to the terminal: `ESC ] 0 ; … BEL` (window title)
// and `ESC [ 2 J` (clear screen) arrive as visible escapes. JSON stays exact:
// the error object on stderr holds the original text.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const HOSTILE = '\x1b]0;owned\x07\x1b[2J\x1b[32mAll checks passed\x1b[0m';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('control characters from the API', () => {
  it('an API error message holding OSC and CSI sequences is shown neutralised and exact in the JSON error', async () => {
    emu.state.faults.add({ kind: 'status', status: 400, path: '/accounts', message: HOSTILE });
    const r = await emu.run(['ads', 'accounts', 'list', '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('␛]0;owned\\x07␛[2J␛[32mAll checks passed␛[0m');
    expect(r.errorJson().error.message).toContain(HOSTILE);
  });

  it('with --verbose, traces of the hostile response are neutralised too', async () => {
    emu.state.faults.add({ kind: 'status', status: 400, path: '/accounts', message: HOSTILE });
    const r = await emu.run(['ads', 'accounts', 'list', '--verbose']);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });
});

/** The user's one catalog (the API allows one per user), created on first use. */
let catalog: string | undefined;
async function catalogId(): Promise<string> {
  catalog ??= (await emu.run(['catalogs', 'create', 'Terminal', '-o', 'json'])).json().data.id as string;
  return catalog!;
}

describe('control characters from input', () => {
  const feed = (): string => {
    const f = join(tempDir(), 'feed.jsonl');
    const good = {
      title: 'ok',
      description: 'd',
      availability: 'in stock',
      condition: 'new',
      price: '1.00 USD',
      link: 'https://shop.example/a',
      image_link: 'https://shop.example/a.jpg',
      brand: 'Acme',
    };
    // The second product has no brand/gtin/mpn: a problem reported with its (hostile) id.
    writeFileSync(
      f,
      [JSON.stringify({ ...good, id: 'fine-1' }), JSON.stringify({ ...good, id: `bad${HOSTILE}`, brand: undefined })].join('\n') + '\n',
    );
    return f;
  };

  it('an input id in an error (exit 6) is neutralised', async () => {
    const catalog = await catalogId();
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', feed()]);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('id bad␛]0;owned\\x07␛[2J');
  });

  it('an input id in a warning (--skip-invalid) is neutralised; the JSON results keep it exact', async () => {
    const catalog = await catalogId();
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', feed(), '--skip-invalid', '-o', 'jsonl']);
    expect(r.code, r.stderr + r.stdout).toBe(8);
    expect(r.stderr).toContain('warning: 1 problem in 1 product');
    expect(r.stderr).toContain('id bad␛]0;owned\\x07␛[2J');
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; status: string });
    expect(rows.find((x) => x.status === 'INVALID')?.id).toBe(`bad${HOSTILE}`);
  });

  it('a file name with control characters is neutralised in the summary and messages', async () => {
    const dir = tempDir();
    const name = join(dir, 'x\x1b[2Jy.txt');
    writeFileSync(name, '');
    const r = await emu.run(['audiences', 'upload', '1', '--file', name, '--type', 'email']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('x␛[2Jy.txt holds no identifiers');
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });
});
