// One exit code for an input file that cannot be read, in every verb that reads one (issue 27): 6, naming
// the path, nothing sent.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const missing = join(tempDir(), 'missing.txt');

describe('a missing input file is exit 6 in every verb', () => {
  it.each([
    [['catalogs', 'upsert', '1456789', '--file', missing]],
    [['audiences', 'upload', 'any', '--file', missing, '--type', 'email']],
    [['media', 'upload', missing]],
    [['posts', 'create', '--text-file', missing]],
    [['posts', 'lookup', '--file', missing]],
    [['stream', 'rules', 'add', '--file', missing]],
    [['catalogs', 'delete-products', '1456789', '--file', missing, '--yes']],
  ])('%j', async (args) => {
    const before = emu.state.log.length;
    const r = await emu.run([...args, '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.errorJson().error.exit_code).toBe(6);
    expect(r.stderr).toContain(missing);
    expect(emu.state.log.length).toBe(before);
  });
});
