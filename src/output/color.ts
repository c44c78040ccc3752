// One colour policy for chalk: --no-color and NO_COLOR switch it
// off, FORCE_COLOR forces it, otherwise colour only when the stream is a TTY.
//
// chalk itself is loaded only when some stream gets colour (`prepareColor`);
// without colour a plain stand-in answers the same calls, so a piped or cron
// run never loads it.
import type { ChalkInstance } from 'chalk';

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

const plainText = (...text: unknown[]): string => text.join(' ');
/** chalk's API without colour: every style returns the text as given. */
const plain: ChalkInstance = new Proxy(plainText, { get: (_target, key) => (key === 'level' ? 0 : plain) }) as unknown as ChalkInstance;

let Chalk: typeof import('chalk')['Chalk'] | undefined;

/** Loads chalk when `level` needs it; call before makeChalk. */
export async function prepareColor(level: ColorLevel): Promise<void> {
  if (level > 0) Chalk ??= (await import('chalk')).Chalk;
}

/** A chalk instance of its own for `level` (plain when 0, or when chalk was not prepared). */
export function makeChalk(level: ColorLevel): ChalkInstance {
  return level > 0 && Chalk ? new Chalk({ level }) : plain;
}
