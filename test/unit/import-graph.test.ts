// The emulator is an independent model of the service: nothing under
// src/emulator imports client code (so a client mistake cannot be copied into
// the server that tests it), and no client module imports the emulator. The
// one launcher, src/commands/emulator/index.ts, starts it and is the exception.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(new URL('../../src', import.meta.url).pathname);
const CLIENT = ['validate', 'platform', 'ads', 'audiences', 'catalogs', 'creatives', 'http', 'wire', 'commands'];
const LAUNCHER = 'commands/emulator/index.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every relative import (static or dynamic) of a file, as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(SRC, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

const top = (p: string) => p.split('/')[0]!;

describe('import graph', () => {
  it('finds imports (the scanner works)', () => {
    expect(importsOf(join(SRC, 'emulator/server.ts'))).toContain('emulator/state.ts');
    expect(importsOf(join(SRC, LAUNCHER))).toContain('emulator/server.ts');
  });

  it('nothing under src/emulator imports a client module', () => {
    const bad = files(join(SRC, 'emulator')).flatMap((f) =>
      importsOf(f)
        .filter((i) => CLIENT.includes(top(i)))
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );
    expect(bad).toEqual([]);
  });

  it('no client module imports src/emulator (except the emulator command that starts it)', () => {
    const client = files(SRC).filter((f) => top(relative(SRC, f)) !== 'emulator' && relative(SRC, f) !== LAUNCHER);
    const bad = client.flatMap((f) =>
      importsOf(f)
        .filter((i) => top(i) === 'emulator')
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );
    expect(bad).toEqual([]);
  });
});
