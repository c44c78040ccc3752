// The emulator is an independent model of the service: nothing under
// src/emulator imports client code (so a client mistake cannot be copied into
// the server that tests it), and no client module imports the emulator. The
// one launcher, src/commands/emulator/index.ts, starts it and is the exception.
//
// The client's layers: commands (src/commands, the Context and the launcher
// files beside them) → domain (endpoint functions, rules, names, bulk state:
// DOMAIN below) → http → output. Each layer imports only from its own and the
// layers below (ALLOWED); domain code never takes the command Context nor prints
// (it returns data, the verb prints it). src/auth holds both the endpoint-auth table and credential
// storage the domain reads and the interactive flows the `auth` verbs run with the Context: the domain
// may import the former only, checked transitively (no chain of imports from domain, http or output code
// reaches src/entry/context.ts). And no module imports itself through any chain (no import circles).
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
  // bin/ (the CommonJS launcher and the safe-file rule it shares with src/config) is below every layer.
  return specs.map((s) => relative(SRC, resolve(dirname(file), s)).replace(/\.js$/, '.ts')).filter((p) => !p.startsWith('../bin/'));
}

const top = (p: string) => p.split('/')[0]!;

/** Every source file's imports under src/ (static, dynamic and type-only alike), keyed by its path under src/. */
function graph(): Map<string, string[]> {
  return new Map(files(SRC).map((f) => [relative(SRC, f), importsOf(f).filter((i) => i.endsWith('.ts'))]));
}

/**
 * The import circles of a graph: its strongly connected components of more than one module (or a module
 * importing itself), found with Tarjan's algorithm, each listed as the imports that close it. Type-only
 * imports count: a circle of types still means neither module can be read, moved or tested without the
 * other, and a later value import along the same edge would make it a load-order hazard.
 */
function cycles(g: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.add(w);
    } while (w !== v);
    if (scc.size > 1 || g.get(v)?.includes(v))
      found.push([...new Set([...scc].sort().flatMap((a) => (g.get(a) ?? []).filter((b) => scc.has(b)).map((b) => `${a} → ${b}`)))]);
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found.sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/** Whether `from` (a path under src/) imports `target`, directly or through any chain of imports. */
function reaches(from: string, target: string, seen = new Set<string>()): boolean {
  if (seen.has(from)) return false;
  seen.add(from);
  const next = importsOf(join(SRC, from)).filter((i) => i.endsWith('.ts'));
  return next.includes(target) || next.some((i) => reaches(i, target, seen));
}

/** Endpoint functions, their rules (validate), wire names, input readers and bulk state. */
const DOMAIN = ['platform', 'ads', 'audiences', 'catalogs', 'creatives', 'media', 'bulk', 'validate', 'wire', 'input'];
/** Modules every layer may use: errors, exit codes, lossless JSON, settings from the environment. */
const BASE = ['errors', 'json', 'config', 'world'];
/** What each lower layer may import (top-level directory or file under src/). */
const ALLOWED: Record<string, string[]> = {
  // auth: the endpoint-auth table and credential storage the domain's auth choice reads.
  ...Object.fromEntries(DOMAIN.map((d) => [d, [...DOMAIN, 'http', 'output', 'auth', ...BASE]])),
  // wire: the one name table the client applies to what it sends.
  http: ['http', 'wire', 'output', ...BASE],
  // validate/money: the exact money formatting of micro columns.
  output: ['output', 'validate', ...BASE],
};
const PRINTS = /process\.(stdout|stderr)|console\.|\.printer\b/;

describe('import graph', () => {
  it('finds imports (the scanner works)', () => {
    expect(importsOf(join(SRC, 'emulator/server.ts'))).toContain('emulator/state.ts');
    expect(importsOf(join(SRC, LAUNCHER))).toContain('emulator/server.ts');
  });

  it('no import circles anywhere in src/ (static, dynamic or type-only imports)', () => {
    const g = graph();
    expect(g.size).toBeGreaterThan(400);
    expect(cycles(g)).toEqual([]);
  });

  it('the circle check finds a planted circle (in a small graph and in src/ with one import added)', () => {
    const small = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cycles(small)).toEqual([['a.ts → b.ts', 'b.ts → c.ts', 'c.ts → a.ts'], ['d.ts → d.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
    // The http types importing the client back: the circle the types module exists to avoid, which takes in
    // the client's parts that import the types.
    const g = graph();
    g.set('http/types.ts', [...g.get('http/types.ts')!, 'http/client.ts']);
    expect(cycles(g)).toEqual([
      [
        'http/auth-header.ts → http/types.ts',
        'http/client.ts → http/auth-header.ts',
        'http/client.ts → http/retry-policy.ts',
        'http/client.ts → http/transport.ts',
        'http/client.ts → http/types.ts',
        'http/retry-policy.ts → http/types.ts',
        'http/transport.ts → http/types.ts',
        'http/types.ts → http/client.ts',
      ],
    ]);
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

  it('each layer imports only its own and the layers below (commands → domain → http → output)', () => {
    const bad = files(SRC).flatMap((f) => {
      const allowed = ALLOWED[top(relative(SRC, f))];
      if (!allowed) return [];
      return (
        importsOf(f)
          // The JSON Schemas the package ships (schemas/) are data any layer may read.
          .filter((i) => !allowed.includes(top(i)) && !/^\.\.\/schemas\/[^/]+\.json$/.test(i))
          .map((i) => `${relative(SRC, f)} → ${i}`)
      );
    });
    expect(bad).toEqual([]);
  });

  it('domain, http and output code never reach the command Context (not even through src/auth) and never print', () => {
    const domain = files(SRC).filter((f) => [...DOMAIN, 'http', 'output'].includes(top(relative(SRC, f))));
    expect(domain.length).toBeGreaterThan(100);
    const ctx = domain.map((f) => relative(SRC, f)).filter((f) => reaches(f, 'entry/context.ts'));
    const prints = domain.filter((f) => PRINTS.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect({ ctx, prints }).toEqual({ ctx: [], prints: [] });
  });

  it('the layer check sees a leak (a domain file importing the Context)', () => {
    expect(importsOf(join(SRC, 'commands/_ads-list.ts'))).toContain('entry/context.ts');
    // Through a chain: the Context is reached from the verb that prints a list via its helper.
    expect(reaches('commands/ads/campaigns/list.ts', 'entry/context.ts')).toBe(true);
    expect(reaches('validate/money.ts', 'entry/context.ts')).toBe(false);
    expect(ALLOWED.ads).not.toContain('entry/context.ts');
    expect(ALLOWED.ads).not.toContain('commands');
    expect(PRINTS.test('ctx.printer.list(items)')).toBe(true);
  });
});
