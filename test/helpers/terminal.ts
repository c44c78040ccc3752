// Runs the built CLI on a real pseudo-terminal: python3 forks it on a pty and
// relays bytes both ways, so the CLI sees TTYs on stdin, stdout and stderr.
import { spawn } from 'node:child_process';
import { BIN, sharedCodeCache } from './cli.js';

const BRIDGE = `
import os, pty, sys, select, fcntl, termios, struct
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 50, int(os.environ.get('POSTCTL_TEST_PTY_COLUMNS', '400')), 0, 0))
inp, out, open_in = sys.stdin.fileno(), sys.stdout.fileno(), True
while True:
    r, _, _ = select.select([fd] + ([inp] if open_in else []), [], [])
    if fd in r:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b''
        if not data:
            break
        os.write(out, data)
    if open_in and inp in r:
        data = os.read(inp, 65536)
        if data:
            os.write(fd, data)
        else:
            open_in = False
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
`;

export const strip = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\r/g, '');

export function terminal(args: string[], env: Record<string, string>) {
  const child = spawn('python3', ['-c', BRIDGE, process.execPath, BIN, ...args], {
    env: sharedCodeCache({ TERM: 'xterm', NO_COLOR: '1', ...env }),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let raw = '';
  let cursor = 0;
  child.stdout.setEncoding('utf8').on('data', (d: string) => (raw += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const kill = setTimeout(() => child.kill('SIGKILL'), 40_000);
  void exit.then(() => clearTimeout(kill));
  return {
    /** Waits until the screen shows `re` after what was already consumed. */
    async expect(re: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const text = strip(raw);
        const m = re.exec(text.slice(cursor));
        if (m) {
          cursor += m.index + m[0].length;
          return m;
        }
        if (child.exitCode !== null) throw new Error(`exited before ${re} appeared:\n${text}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    type: (s: string) => child.stdin.write(s),
    exit,
    transcript: () => strip(raw),
  };
}
