// The emulator as a child process (npm run demo, the benchmarks): started on a free port,
// resolved with the environment it prints (base URLs, seeded credentials).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/postctl.js', import.meta.url));

export function startEmulatorProcess({ args = [], env = { ...process.env, NO_COLOR: '1' } } = {}) {
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'], env });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('POSTCTL_ADS_ACCOUNT=')) return;
      const vars = Object.fromEntries(
        out
          .trim()
          .split('\n')
          .map((l) => l.replace(/^export /, '').split('='))
          .map(([k, ...v]) => [k, v.join('=')]),
      );
      resolve({ env: vars, pid: child.pid, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
}
