// What the API says reaches a spreadsheet or a terminal only defused: CSV
// formula values get a leading ' (OWASP), --csv-raw keeps them; on a terminal
// no escape sequence, C1 or bidi control passes in any format, while files and
// pipes keep the exact bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostileServer, json, type Hostile } from '../helpers/hostile.js';
import { terminal } from '../helpers/terminal.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

const EVIL = '\u001b]0;pwned\u0007\u001b[2Jevil\u202Etxt.exe\u009b31m';
const posts = [
  { id: '1', text: '=1+1' },
  { id: '2', text: '+SUM(A1)' },
  { id: '3', text: '-2+3' },
  { id: '4', text: '@cmd' },
  { id: '5', text: '\t=tab' },
  { id: '6', text: 'plain' },
  { id: '7', text: EVIL },
];
const serve = () => h.handle((_req, res) => json(res, { data: posts }));
const stringEnv = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));

describe('CSV formula values', () => {
  it("-o csv: every value starting with = + - @ or a tab opens neutralised ('=1+1); plain text unchanged", async () => {
    serve();
    const r = await runCli(['posts', 'lookup', '1', '2', '3', '4', '5', '6', '7', '-o', 'csv'], { env: h.env() });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('id,text');
    expect(lines.slice(1, 7)).toEqual(["1,'=1+1", "2,'+SUM(A1)", "3,'-2+3", "4,'@cmd", "5,'\t=tab", '6,plain']);
    // A pipe keeps the exact bytes of text that is not a formula.
    expect(lines[7]).toBe(`7,${EVIL}`);
  });

  it('--csv-raw keeps them as they are', async () => {
    serve();
    const r = await runCli(['posts', 'lookup', '1', '2', '-o', 'csv', '--csv-raw'], { env: h.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(1, 3)).toEqual(['1,=1+1', '2,+SUM(A1)']);
  });
});

describe('terminal escapes never reach a terminal', () => {
  const visible = '␛]0;pwned\\x07␛[2Jevil\\u202etxt.exe\\x9b31m';
  const jsonEscaped = '\\u001b]0;pwned\\u0007\\u001b[2Jevil\\u202etxt.exe\\u009b31m';
  for (const [format, shown] of [
    ['csv', visible],
    ['table', visible],
    ['json', jsonEscaped],
    ['jsonl', jsonEscaped],
  ] as const) {
    it(`-o ${format} to a terminal: no ESC, BEL, C1 or U+202E from the API on the screen`, async () => {
      serve();
      const t = terminal(['posts', 'lookup', '7', '-o', format], stringEnv(h.env()));
      expect(await t.exit).toBe(0);
      const screen = t.transcript();
      expect(screen).toContain(shown);
      expect(screen).not.toMatch(/\u001b\]|\u0007|\u009b|\u202e/);
      expect(screen).not.toContain('\u001b[2J');
    });
  }
});
