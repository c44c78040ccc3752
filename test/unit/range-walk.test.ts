// "The `--range` walk" of docs/development.md against the code: at most 12 files from argv to the wire,
// each existing, each naming what is in it, each marked "(from N)" imported by step N (a static import, or
// the manifest's lazy loader); the range module among them. And the walk's claim that the range is read in
// one place: no file under src/ outside src/ads/stats/range/ imports the relative-date parser or reads
// --range/--from/--to values itself, and the module takes the time as a parameter (no clock of its own).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const GUIDE = readFileSync(join(ROOT, 'docs/development.md'), 'utf8');
const MODULE = 'src/ads/stats/range/';
const fix = 'fix the list under "The `--range` walk" in docs/development.md';

function section(heading: string): string {
  const start = GUIDE.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/development.md has no section "${heading}"`);
  const rest = GUIDE.slice(start + 1);
  const end = rest.slice(1).search(/\n#{1,3} /);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** The relative imports of a file, static or dynamic, as repository paths (`.js` specifiers name `.ts` files). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    join(dirname(file), m[1]!).replace(/\.js$/, '.ts'),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((n) => {
    const p = `${dir}/${n}`;
    return statSync(join(ROOT, p)).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the --range walk in docs/development.md', () => {
  const walk = section('### The `--range` walk');
  const steps = [...walk.matchAll(/^(\d+)\. `([^`]+)`(?: \(from (\d+)\))? — (.*)$/gm)].map((m) => ({
    n: Number(m[1]),
    file: m[2]!,
    from: m[3] ? Number(m[3]) : undefined,
    names: [...m[4]!.matchAll(/`([^`]+)`/g)].map((c) => c[1]!),
  }));

  it('is a request of --range last-week in at most 12 files, from argv parsing to the HTTP client, through the range module', () => {
    expect(walk).toMatch(/`postctl ads stats [^`]*--range last-week[^`]*`/);
    expect(
      steps.map((s) => s.n),
      `the steps are not numbered 1, 2, …: ${fix}`,
    ).toEqual(steps.map((_, i) => i + 1));
    expect(steps.length).toBeGreaterThanOrEqual(6);
    expect(steps.length, `the walk opens more than 12 files: ${fix}`).toBeLessThanOrEqual(12);
    expect(steps[0]!.file).toMatch(/^src\/entry\//);
    expect(steps.at(-1)!.file).toMatch(/^src\/http\//);
    expect(steps.map((s) => s.file)).toContain(`${MODULE}time-range.ts`);
    expect(steps.map((s) => s.file)).toContain('src/commands/ads/stats/index.ts');
  });

  it('every step exists, names what is in it, and is imported by the step it says it is reached from', () => {
    const problems: string[] = [];
    for (const s of steps) {
      if (!existsSync(join(ROOT, s.file))) {
        problems.push(`${s.n}. ${s.file} does not exist`);
        continue;
      }
      if (s.from !== undefined) {
        const parent = steps.find((p) => p.n === s.from);
        if (!parent || parent.n >= s.n) problems.push(`${s.n}. ${s.file} names no earlier step it is reached from`);
        else if (!importsOf(parent.file).includes(s.file))
          problems.push(`${s.n}. ${s.file} is not imported by ${parent.n}. ${parent.file}`);
      }
      const text = readFileSync(join(ROOT, s.file), 'utf8');
      for (const name of s.names) if (!text.includes(name)) problems.push(`${s.n}. ${s.file} has no \`${name}\``);
    }
    expect(problems, `the --range walk is stale: ${fix}`).toEqual([]);
  });
});

describe('the range is read in one place', () => {
  const files = sourceFiles('src').filter((f) => !f.startsWith('src/emulator/'));
  const outside = files.filter((f) => !f.startsWith(MODULE));

  it('only time-range.ts imports the relative-date parser; nothing outside the module parses a bound or a range name', () => {
    const importers = files.filter((f) => importsOf(f).includes(`${MODULE}relative.ts`));
    expect(importers).toEqual([`${MODULE}time-range.ts`]);
    const parsers = outside.filter((f) =>
      /\b(parseBound|resolveRangeName|resolveDay|daysAgo|isRelativeDay|RANGE_NAMES)\b/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(parsers, 'read --range/--from/--to through src/ads/stats/range/time-range.ts').toEqual([]);
  });

  it('every verb that takes --range gets its flags and its range from the module', () => {
    const verbs = outside.filter((f) => f.startsWith('src/commands/') && !f.includes('/manifest/'));
    const declaring = verbs.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('--range <'));
    expect(declaring, 'declare --range with RANGE_OPTIONS').toEqual([]);
    const users = verbs.filter((f) => importsOf(f).includes(`${MODULE}time-range.ts`));
    expect(users.sort()).toEqual([
      // The html report's previous period: its dates resolved by the module like dates given by hand.
      'src/commands/ads/stats/_previous.ts',
      'src/commands/ads/stats/_query.ts',
      // `ads stats --db`: the report's range resolved in the stored account's zone, as from the API.
      'src/commands/ads/stats/_store-report.ts',
      'src/commands/ads/stats/active.ts',
      'src/commands/ads/stats/index.ts',
      'src/commands/ads/stats/reach.ts',
      // `ads sync --since`: a one-day range's start, checked and resolved in the account's zone by the module.
      'src/commands/ads/sync/_account.ts',
      'src/commands/ads/sync/_flags.ts',
    ]);
  });

  it('the module has no clock of its own: now is a parameter', () => {
    for (const f of files.filter((x) => x.startsWith(MODULE)))
      expect(readFileSync(join(ROOT, f), 'utf8'), f).not.toMatch(/Date\.now\(|new Date\(\)|performance\.now\(/);
  });
});
