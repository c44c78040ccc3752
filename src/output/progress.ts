// Progress on stderr. On a terminal: one line redrawn at most 10 times a second
// (count, total, rate, ETA). Elsewhere (ssh without a tty, `| tee`, cron logs):
// one plain line every N seconds (POSTCTL_PROGRESS_INTERVAL, default 10; 0 turns
// it off), so a long job is never silent until its summary.
import { envNumber } from '../config/env-number.js';

export interface Progress {
  tick(n?: number): void;
  setTotal(total: number): void;
  done(): void;
}

export interface ProgressMode {
  tty: boolean;
  /** Seconds between plain lines when not a terminal; 0 = none. */
  intervalSec: number;
}

const NOOP: Progress = { tick() {}, setTotal() {}, done() {} };
const DEFAULT_INTERVAL_SEC = 10;

/** POSTCTL_PROGRESS_INTERVAL as seconds (non-negative number), else the default. */
export function progressInterval(env: NodeJS.ProcessEnv): number {
  return envNumber(env, 'POSTCTL_PROGRESS_INTERVAL', { fallback: DEFAULT_INTERVAL_SEC, max: 86_400 });
}

const num = (n: number): string => n.toLocaleString('en-US');
const rateText = (rate: number): string => `${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s`;

function duration(sec: number): string {
  const s = Math.ceil(sec);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The plain line: `uploading: 1,200/6,000 (20%), 240/s, ETA 20s`. */
export function plainLine(label: string, count: number, total: number | undefined, elapsedSec: number): string {
  const rate = count / Math.max(0.001, elapsedSec);
  let line = `${label}: ${num(count)}`;
  if (total) line += `/${num(total)} (${Math.floor(Math.min(1, count / total) * 100)}%)`;
  line += `, ${rateText(rate)}`;
  if (total && rate > 0 && count < total) line += `, ETA ${duration((total - count) / rate)}`;
  return line;
}

function barLine(label: string, count: number, max: number | undefined, elapsedSec: number): string {
  const rate = count / Math.max(0.001, elapsedSec);
  let line = `${label} ${num(count)}`;
  if (max) {
    const pct = Math.min(1, count / max);
    const width = 24;
    const filled = Math.round(pct * width);
    line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${num(count)}/${num(max)} ${(pct * 100).toFixed(0)}%`;
    if (rate > 0 && count < max) line += ` ETA ${Math.ceil((max - count) / rate)}s`;
  }
  return `${line} ${rateText(rate)}`;
}

export function createProgress(stderr: NodeJS.WritableStream, mode: ProgressMode, label: string, total?: number): Progress {
  if (!mode.tty && mode.intervalSec <= 0) return NOOP;
  const start = Date.now();
  let count = 0;
  let max = total;
  const elapsed = () => (Date.now() - start) / 1000;
  if (!mode.tty) {
    // A timer, not ticks: a stalled job (slow server, long waits) still reports.
    let printed = false;
    const print = () => {
      printed = true;
      stderr.write(plainLine(label, count, max, elapsed()) + '\n');
    };
    const timer = setInterval(print, mode.intervalSec * 1000);
    timer.unref();
    return {
      tick: (n = 1) => void (count += n),
      setTotal: (t) => void (max = t),
      done: () => {
        clearInterval(timer);
        // A log that showed progress also shows where it ended; a short job stays quiet.
        if (printed) print();
      },
    };
  }
  let last = 0;
  const render = (final = false) => {
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    stderr.write(`\r\x1b[2K${barLine(label, count, max, elapsed())}${final ? '\n' : ''}`);
  };
  return {
    tick(n = 1) {
      count += n;
      render();
    },
    setTotal(t) {
      max = t;
    },
    done() {
      render(true);
    },
  };
}
