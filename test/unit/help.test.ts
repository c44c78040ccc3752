// Every verb's --help: a one-line description, every flag described (with its
// allowed values where it has a fixed set), and at least one example that
// runs `postctl` with the verb's group. Read from the full command tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../src/help/topics.js';
import { buildProgram } from '../../src/entry/program.js';

function leaves(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  const subs = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
  if (!subs.length) return [{ path, cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

function helpText(cmd: Command): string {
  let out = '';
  cmd.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (out += s) });
  cmd.outputHelp();
  return out;
}

// `creatives <group> <verb>` are stand-ins rewritten to `ads <group> <verb>` (tested there).
const verbs = leaves(await buildProgram()).filter(({ path }) => !['help', 'creatives'].includes(path[0]!));

describe('verb help', () => {
  it('covers the whole tree', () => {
    expect(verbs.length).toBeGreaterThan(60);
  });

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))('%s', (name, { cmd }) => {
    const description = cmd.description();
    expect(description, `${name}: description`).toMatch(/\S/);
    expect(description, `${name}: one line`).not.toMatch(/\n/);
    for (const o of cmd.options as Option[]) {
      if (o.hidden) continue;
      expect(o.description, `${name} ${o.flags}: description`).toMatch(/\S{3}/);
    }
    const text = helpText(cmd);
    const examples = text.split('\nExamples:\n')[1];
    expect(examples, `${name}: an Examples section`).toBeDefined();
    const lines = examples!.split('\n').filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(0);
    // Examples may start with a pipe (`cut -f1 ids.tsv | postctl …`).
    for (const l of lines) expect(l, `${name}: example`).toMatch(/^\s+\$ .*\bpostctl /);
    expect(
      lines.some((l) => l.includes(`postctl ${name.split(' ')[0]}`)),
      `${name}: an example of its group`,
    ).toBe(true);
    // Fixed sets of values are listed by commander as (choices: …).
    for (const o of cmd.options as Option[]) if (o.argChoices?.length && !o.hidden) expect(text).toContain(`"${o.argChoices[0]}"`);
  });
});

describe('help environment', () => {
  it('lists every POSTCTL_ variable the code reads (test-only hooks aside)', () => {
    const src = fileURLToPath(new URL('../../src', import.meta.url));
    const read = new Set<string>();
    for (const f of readdirSync(src, { recursive: true }) as string[]) {
      if (!f.endsWith('.ts')) continue;
      for (const m of readFileSync(join(src, f), 'utf8').matchAll(/\bPOSTCTL_[A-Z0-9_]*[A-Z0-9]\b/g)) read.add(m[0]);
    }
    const text = HELP_TOPICS.environment!.text();
    const missing = [...read].filter((v) => !v.startsWith('POSTCTL_TEST_') && !text.includes(v));
    expect(missing).toEqual([]);
    expect(read.size).toBeGreaterThan(15);
  });
});
