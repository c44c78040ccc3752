// `postctl request` on a terminal (issue 27): JSON indented and ending with a newline; piped, the bytes as received.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const emu = fileEmulator();

describe('request on a terminal', () => {
  it('prints the JSON indented, with a closing newline', async () => {
    const term = terminal(['request', 'GET', '/2/tweets', '-f', 'ids=20'], emu.cliEnv() as Record<string, string>);
    expect(await term.exit).toBe(0);
    const text = term.transcript();
    expect(text).toMatch(/^\{\n {2}"data": \[\n/);
    expect(text.endsWith('}\n')).toBe(true);
    const piped = await emu.run(['request', 'GET', '/2/tweets', '-f', 'ids=20']);
    expect(piped.stdout.startsWith('{"data":[')).toBe(true);
  });
});
