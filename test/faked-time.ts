// Under `faketime` (the whole suite a year ahead: docs/development.md), every program the tests start keeps
// libfaketime's variables, also where a test builds a clean environment of its own, so no child runs on the
// real clock against an emulator on the moved one. A no-op in every other run.
import cp from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';
import { fakedTime } from './helpers/cli.js';

const vars = fakedTime();
const MARK = Symbol.for('postctl.test.fakedTime');
type Fn = (...args: unknown[]) => unknown;

if (Object.keys(vars).length && !(cp as unknown as Record<symbol, boolean>)[MARK]) {
  const withVars = (args: unknown[]): unknown[] =>
    args.map((a) =>
      a && typeof a === 'object' && !Array.isArray(a) && 'env' in a && (a as { env?: object }).env
        ? { ...a, env: { ...(a as { env: object }).env, ...vars } }
        : a,
    );
  const table = cp as unknown as Record<string, Fn>;
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork']) {
    const original = table[name]! as Fn & { [promisify.custom]?: Fn };
    const wrapped = ((...args: unknown[]) => original(...withVars(args))) as Fn & { [promisify.custom]?: Fn };
    // execFile and exec promisify to {stdout, stderr}: keep that, with the variables.
    const custom = original[promisify.custom];
    if (custom) wrapped[promisify.custom] = (...args: unknown[]) => custom(...withVars(args));
    table[name] = wrapped;
  }
  (cp as unknown as Record<symbol, boolean>)[MARK] = true;
  syncBuiltinESMExports();
}
