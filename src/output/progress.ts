// A progress line on stderr (TTY only): count, total, rate and ETA. Hand-written:
// one line redrawn at most 10 times a second is all a bulk job needs.
export interface Progress {
  tick(n?: number): void;
  setTotal(total: number): void;
  done(): void;
}

const NOOP: Progress = { tick() {}, setTotal() {}, done() {} };

export function createProgress(stderr: NodeJS.WritableStream, enabled: boolean, label: string, total?: number): Progress {
  if (!enabled) return NOOP;
  const start = Date.now();
  let count = 0;
  let last = 0;
  let max = total;
  const render = (final = false) => {
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    const secs = Math.max(0.001, (now - start) / 1000);
    const rate = count / secs;
    let line = `${label} ${count.toLocaleString('en-US')}`;
    if (max) {
      const pct = Math.min(1, count / max);
      const width = 24;
      const filled = Math.round(pct * width);
      line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count.toLocaleString('en-US')}/${max.toLocaleString('en-US')} ${(pct * 100).toFixed(0)}%`;
      if (rate > 0 && count < max) line += ` ETA ${Math.ceil((max - count) / rate)}s`;
    }
    line += ` ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s`;
    stderr.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
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
