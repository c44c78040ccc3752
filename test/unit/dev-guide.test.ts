// docs/development.md against the code, in a second: every file it names exists (but the four its worked
// example adds), "How to add a verb" is four ```ts blocks — the four hand-written files — in numbered
// steps 1 to 5, and the walk of `--bid` from the verb file to the wire lists at most 8 files, each
// imported by the one it says it is reached from and naming what that file holds. Following the worked
// example end to end (write the four files in a copy, `npm run gen`, git status, typecheck, the copy's
// tests) takes a build and more: `npm run guide:check` (scripts/guide-check.mjs), run by .ci/run.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const GUIDE = readFileSync(join(ROOT, 'docs/development.md'), 'utf8');

/** The text of the section whose heading starts with `heading`, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = GUIDE.indexOf(`\n${heading}`);
  if (start < 0) throw new Error(`docs/development.md has no section "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  const rest = GUIDE.slice(start + 1);
  const end = rest.slice(1).search(new RegExp(`\\n#{1,${level}} `));
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** The relative imports of a source file, resolved to repository paths (`.js` specifiers name `.ts` files). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) =>
    join(dirname(file), m[1]!).replace(/\.js$/, '.ts'),
  );
}

describe('docs/development.md', () => {
  const adding = section('## How to add a verb');
  const blocks = [...adding.matchAll(/^ *```ts\n *\/\/ ((?:src|test)\/\S+\.ts)(:[^\n]*)?\n/gm)].map((m) => m[1]!);

  it('names only files that exist (but the four its worked example writes)', () => {
    const named = new Set([...GUIDE.matchAll(/`((?:src|test|scripts|bin|docs)\/[\w./-]+\.(?:ts|mjs|js|md|json))`/g)].map((m) => m[1]!));
    const missing = [...named].filter((f) => !existsSync(join(ROOT, f)) && !blocks.includes(f));
    expect(missing, 'paths in docs/development.md that are not in the repository').toEqual([]);
  });

  it('"How to add a verb" is four hand-written files, in steps 1 to 5, the last `npm run gen`', () => {
    expect(blocks).toHaveLength(4);
    const [domain, verb, route, test] = blocks;
    expect(domain).toMatch(/^src\/(ads|platform|audiences|catalogs|creatives|media)\//);
    expect(verb).toMatch(/^src\/commands\//);
    expect(route).toMatch(/^src\/emulator\/routes\//);
    expect(test).toMatch(/^test\/cli\//);
    // The route is added to an existing family file, which must have the function the block names.
    const into = /\/\/ src\/emulator\/routes\/\S+\.ts: added at the end of `(\w+)\(/.exec(adding)?.[1];
    expect(into).toBe('register');
    expect(existsSync(join(ROOT, route!)) && readFileSync(join(ROOT, route!), 'utf8')).toContain(`export function ${into}(`);
    for (const f of [domain, verb, test]) expect(existsSync(join(ROOT, f!)), `${f} would overwrite a file`).toBe(false);
    const steps = [...adding.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(steps).toEqual([1, 2, 3, 4, 5]);
    expect(adding).toMatch(/5\. \*\*`npm run gen`\*\*/);
    expect(adding).toContain('follows\nsteps 1 to 5');
    // The endpoint table is a platform-only step; sweep rows live in test/helpers/verb-rows.ts.
    expect(adding).toMatch(/\*\*A platform API endpoint\*\* \(not the ads API\)[\s\S]*`src\/auth\/endpoint-auth\.ts`/);
    expect(adding).toContain('`overrideRows` in\n   `test/helpers/verb-rows.ts`');
    expect(GUIDE).toContain('biome.jsonc');
    expect(GUIDE).not.toMatch(/biome\.json\b(?!c)/);
    expect(GUIDE).not.toMatch(/npm run (completions|readme:commands|coverage:doc)\b/);
  });

  it('the walk of --bid: at most 8 files from the verb file, each imported by the one it is reached from', () => {
    const walk = section('### Following one flag to the wire');
    const steps = [...walk.matchAll(/^(\d+)\. `([^`]+)`(?: \(from (\d+)\))? — (.*)$/gm)].map((m) => ({
      n: Number(m[1]),
      file: m[2]!,
      from: m[3] ? Number(m[3]) : undefined,
      names: [...m[4]!.matchAll(/`([^`]+)`/g)].map((c) => c[1]!),
    }));
    const fix = 'fix the list under "Following one flag to the wire" in docs/development.md';
    expect(
      steps.map((s) => s.n),
      `the walk's steps are not numbered 1, 2, …: ${fix}`,
    ).toEqual(steps.map((_, i) => i + 1));
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.length, `the walk opens more than 8 files: ${fix}`).toBeLessThanOrEqual(8);
    expect(steps[0]!.file).toBe('src/commands/ads/line-items/update.ts');
    expect(steps.at(-1)!.file).toMatch(/^src\/http\//);
    const problems: string[] = [];
    for (const s of steps) {
      if (!existsSync(join(ROOT, s.file))) {
        problems.push(`${s.n}. ${s.file} does not exist`);
        continue;
      }
      if (s.n > 1) {
        const parent = steps.find((p) => p.n === s.from);
        if (!parent || parent.n >= s.n) problems.push(`${s.n}. ${s.file} names no earlier step it is reached from ("(from N)")`);
        else if (!importsOf(parent.file).includes(s.file))
          problems.push(`${s.n}. ${s.file} is not imported by ${parent.n}. ${parent.file}`);
      }
      // What the step says the file holds (`paramsFromFlags`, `--bid`, `PUT`…) is in it.
      const text = readFileSync(join(ROOT, s.file), 'utf8');
      for (const name of s.names) if (!text.includes(name.replace(/^'|'$/g, ''))) problems.push(`${s.n}. ${s.file} has no \`${name}\``);
    }
    expect(problems, `the walk of --bid is stale: ${fix}`).toEqual([]);
  });
});
