// Pure parts of issue 19's local hardening: the logger and error renderer
// neutralise and clip, problems clip huge ids, state temp files get a random
// name and mode 0600, a directory read is exit 6.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { openExclusiveTemp } from '../../src/bulk/state.js';
import { InputError, formatProblem } from '../../src/errors/cli-error.js';
import { Logger } from '../../src/output/logger.js';
import { renderError, toCliError } from '../../src/errors/render.js';
import { tempDir } from '../helpers/cli.js';

const collect = (): { stream: PassThrough; text: () => string } => {
  const stream = new PassThrough();
  let out = '';
  stream.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return { stream, text: () => out };
};
const HOSTILE = 'a\x1b]0;title\x07b\x1b[2Jc\x9bd';

describe('logger', () => {
  it("neutralises every kind of message and keeps the message's own newlines", () => {
    const { stream, text } = collect();
    const log = new Logger(stream, new Chalk({ level: 0 }), true);
    log.warn(HOSTILE);
    log.info(`line 1\n${HOSTILE}`);
    log.hint(HOSTILE);
    log.success(HOSTILE);
    log.verbose(HOSTILE);
    expect(text()).toBe(
      [
        'warning: a␛]0;title\\x07b␛[2Jc\\x9bd',
        'line 1',
        'a␛]0;title\\x07b␛[2Jc\\x9bd',
        'hint: a␛]0;title\\x07b␛[2Jc\\x9bd',
        '✓ a␛]0;title\\x07b␛[2Jc\\x9bd',
        'a␛]0;title\\x07b␛[2Jc\\x9bd',
        '',
      ].join('\n'),
    );
  });
});

describe('error rendering', () => {
  it('neutralises message, problems and hint; the JSON line keeps the text exact (escaped by JSON)', () => {
    const { stream, text } = collect();
    const err = new InputError(
      `bad ${HOSTILE}`,
      [
        { line: 1, message: HOSTILE },
        { line: 2, id: HOSTILE, message: 'x' },
      ],
      `hint ${HOSTILE}`,
    );
    expect(renderError(err, { format: 'json', verbose: false }, stream)).toBe(6);
    const [message, p1, p2, hint, json] = text().trimEnd().split('\n');
    expect(message).toBe('error: bad a␛]0;title\\x07b␛[2Jc\\x9bd');
    expect(p1).toBe('  - line 1: a␛]0;title\\x07b␛[2Jc\\x9bd');
    expect(p2).toBe('  - line 2, id a␛]0;title\\x07b␛[2Jc\\x9bd: x');
    expect(hint).toBe('hint: hint a␛]0;title\\x07b␛[2Jc\\x9bd');
    expect(JSON.parse(json!).error.message).toBe(`bad ${HOSTILE}`);
  });

  it("a huge id in a problem is cut to 80 characters and its size, in messages and in the error's problems", () => {
    const id = 'i'.repeat(1_000_000);
    expect(formatProblem({ line: 3, id, message: 'm' })).toBe(`line 3, id ${'i'.repeat(80)}…(1000000 bytes): m`);
    const err = new InputError('x', [{ line: 3, id, message: 'v'.repeat(10_000) }]);
    expect(err.problems[0]!.id).toBe(`${'i'.repeat(80)}…(1000000 bytes)`);
    expect(err.problems[0]!.message).toBe(`${'v'.repeat(1000)}…(10000 bytes)`);
  });

  it('reading a directory is exit 6 naming it', () => {
    const e = Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR', path: '/some/dir' });
    const err = toCliError(e);
    expect(err.exitCode).toBe(6);
    expect(err.message).toBe('/some/dir is a directory, not a file');
  });
});

describe('upload state temporary files', () => {
  it('get a random name next to the state file and mode 0600', async () => {
    const path = join(tempDir(), 'x.postctl-state.json');
    const a = await openExclusiveTemp(path);
    const b = await openExclusiveTemp(path);
    await a.fh.close();
    await b.fh.close();
    expect(a.tmp).not.toBe(b.tmp);
    for (const t of [a.tmp, b.tmp]) {
      expect(t).toMatch(/x\.postctl-state\.json\.[0-9a-f]{16}\.tmp$/);
      expect(statSync(t).mode & 0o777).toBe(0o600);
    }
  });
});
