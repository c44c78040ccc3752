// One colour policy for chalk: --no-color and NO_COLOR switch it
// off, FORCE_COLOR forces it, otherwise colour only when the stream is a TTY.
import chalk, { type ChalkInstance } from 'chalk';

export type ColorLevel = 0 | 1 | 2 | 3;

export function colorLevel(isTTY: boolean, noColorFlag: boolean, env: NodeJS.ProcessEnv = process.env): ColorLevel {
  if (noColorFlag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '' || force === 'true') return 1;
    if (force === 'false' || force === '0') return 0;
    const n = Number(force);
    if (Number.isInteger(n) && n >= 0 && n <= 3) return n as ColorLevel;
    return 1;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  return env.COLORTERM === 'truecolor' ? 3 : 2;
}

export function makeChalk(level: ColorLevel): ChalkInstance {
  chalk.level = level;
  return chalk;
}
