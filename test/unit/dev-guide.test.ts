// docs/development.md is followed to the letter in a copy of the repository:
// its ```ts blocks (each starts with the path of its file) are written there,
// the one-line table rows it gives are added where it says; those files are type-checked against the
// copy, which is built and run. A guide whose example does not compile, or a new
// top-level group that nothing registers (`unknown command`), fails here.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const GUIDE = readFileSync(join(ROOT, 'docs/development.md'), 'utf8');

/** The guide's ```ts blocks, de-indented: [path from the first line, text]. */
function snippets(md: string): Array<[string, string]> {
  return [...md.matchAll(/^( *)```ts\n([\s\S]*?)^ *```$/gm)].map((m) => {
    const text = m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), '');
    const path = /^\/\/ (src\/\S+\.ts)\n/.exec(text)?.[1];
    if (!path) throw new Error(`a ts block of the guide does not start with its path:\n${text}`);
    return [path, text];
  });
}

/** The row the guide gives as inline code, matched by its start. */
function row(start: string): string {
  const found = new RegExp('`(' + start.replace(/[{}[\]()/.*+?^$|\\]/g, '\\$&') + '[^`]*)`').exec(GUIDE)?.[1];
  if (!found) throw new Error(`the guide gives no row starting ${start}`);
  return found;
}

function insertAfter(file: string, marker: string, line: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(marker);
  writeFileSync(file, text.replace(marker, `${marker}\n  ${line}`));
}

/**
 * TypeScript's errors in `files` of the project at `dir`, checked against all its sources: the checker
 * resolves only what those files use (`tsc --noEmit` of the whole copy took ~13 s of CPU, the most of any
 * test), while a broken import, a wrong type or a table row of the wrong shape in them is still found.
 */
function typeErrors(dir: string, files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`no tsconfig.json in ${dir}`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checked = files.map((f) => {
    const source = program.getSourceFile(join(dir, f));
    if (!source) throw new Error(`${f} is not part of the program`);
    return source;
  });
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
  ];
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  return diagnostics.map((d) => ts.formatDiagnostic(d, host).trim());
}

const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 300_000 });

describe('docs/development.md, followed in a copy of the repository', () => {
  let copy: string;
  let emu: TestEmulator;
  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'postctl-guide-'));
    for (const p of ['src', 'scripts', 'bin', 'schemas', 'package.json', 'tsconfig.json'])
      cpSync(join(ROOT, p), join(copy, p), { recursive: true });
    rmSync(join(copy, 'src/commands/manifest'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    emu = await testEmulator();
  });
  afterAll(async () => {
    await emu?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('the guide has its worked example as files (endpoint function, verb file)', () => {
    expect(snippets(GUIDE).map(([p]) => p)).toEqual(['src/platform/broadcasts.ts', 'src/commands/broadcasts/get.ts']);
    expect(GUIDE).toContain('biome.jsonc');
    expect(GUIDE).not.toMatch(/biome\.json\b(?!c)/);
    expect(GUIDE).toContain('authedClient');
  });

  // A build and a typecheck of the whole copy: on a busy shared machine that took over the default 60 s.
  it('adds `broadcasts get` by the guide: it typechecks, builds and runs first time', async () => {
    // Async: the emulator answers in this process.
    const cli = (args: string[]) => runCli(args, { env: emu.cliEnv(), bin: join(copy, 'bin/postctl.js') });
    for (const [path, text] of snippets(GUIDE)) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      writeFileSync(join(copy, path), text);
    }
    insertAfter(join(copy, 'src/auth/endpoint-auth.ts'), 'const TABLE: Record<string, string> = {', row("'GET /2/broadcasts/{id}': "));
    insertAfter(
      join(copy, 'src/commands/groups.ts'),
      'export const TREE: Record<string, { description?: string; order?: readonly string[] }> = {',
      row('broadcasts: {'),
    );
    const build = run(process.execPath, ['scripts/build.mjs'], copy);
    expect(build.stderr).not.toContain('rror');
    expect(build.status).toBe(0);
    // After the build (it writes the manifests): only the sources, the guide's files compile against the project's types.
    writeFileSync(
      join(copy, 'tsconfig.json'),
      readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/"include": \[[^\]]*\]/, '"include": ["src"]'),
    );
    const edited = ['src/auth/endpoint-auth.ts', 'src/commands/groups.ts', 'src/commands/manifest/index.ts'];
    expect(typeErrors(copy, [...snippets(GUIDE).map(([p]) => p), ...edited])).toEqual([]);
    expect(readFileSync(join(copy, 'src/commands/manifest/index.ts'), 'utf8')).toContain('import("./broadcasts.js")');

    expect((await cli(['--help'])).stdout).toMatch(/^ {2}broadcasts +Broadcasts: look up live video$/m);
    expect((await cli(['broadcasts', '--help'])).stdout).toMatch(/^ {2}get \[options\] <broadcast_id> +show a broadcast/m);
    // The emulator has no route for it (step 5 not taken): the request reaches it and is answered 404.
    const got = await cli(['broadcasts', 'get', '1DXxyRYNejbKM']);
    expect(got.stderr).not.toContain('unknown command');
    expect(got.code).toBe(4);
    expect(emu.state.requests('GET', '/2/broadcasts/1DXxyRYNejbKM')).toHaveLength(1);
    const bad = await cli(['broadcasts', 'get', '../x']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('broadcast_id');
  }, 240_000);
});
