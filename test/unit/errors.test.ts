// The error model: every problem type of platform-api.md, both URI bases,
// Error objects and ads errors map to the documented exit codes and hints.
import { describe, expect, it } from 'vitest';
import { ApiError, PROBLEM_TYPES, problemKind } from '../../src/errors/api-error.js';
import { InputError } from '../../src/errors/cli-error.js';
import { renderError } from '../../src/errors/render.js';

const err = (status: number, body: unknown) => new ApiError({ status, method: 'GET', url: 'https://api.x.com/2/posts?ids=1', body });

describe('ApiError', () => {
  it('recognises both problem URI bases', () => {
    expect(problemKind('https://api.x.com/2/problems/usage-capped')).toBe('usage-capped');
    expect(problemKind('https://api.twitter.com/2/problems/usage-capped')).toBe('usage-capped');
    expect(problemKind('about:blank')).toBe('about:blank');
    expect(problemKind('https://example.com/other')).toBeUndefined();
  });

  const expected: Record<string, number> = {
    'about:blank': 6,
    'client-disconnected': 7,
    'client-forbidden': 3,
    conflict: 6,
    'disallowed-resource': 6,
    'duplicate-rules': 6,
    'invalid-request': 6,
    'invalid-rules': 6,
    'noncompliant-rules': 6,
    'not-authorized-for-field': 3,
    'not-authorized-for-resource': 3,
    'operational-disconnect': 7,
    'resource-not-found': 4,
    'resource-unavailable': 4,
    'rule-cap': 6,
    'streaming-connection': 7,
    'unsupported-authentication': 3,
    'usage-capped': 5,
  };
  it.each(Object.keys(PROBLEM_TYPES))('problem %s keeps its extra fields and maps to an exit code', (kind) => {
    const extra = Object.fromEntries(
      PROBLEM_TYPES[kind]!.map((f) => [f, f === 'errors' ? [{ message: 'bad', parameters: { ids: ['x'] } }] : `v-${f}`]),
    );
    const type = kind === 'about:blank' ? kind : `https://api.twitter.com/2/problems/${kind}`;
    const e = err(400, { type, title: 'T', detail: 'D', ...extra });
    expect(e.problem).toMatchObject(extra);
    expect(e.exitCode).toBe(expected[kind]);
    expect(e.toJSON().problem).toMatchObject({ type, ...extra });
  });

  it('code 89 → exit 3 with a log-in hint; 99 → bearer caching hint; 88 → exit 5', () => {
    expect(err(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] })).toMatchObject({
      exitCode: 3,
      hint: expect.stringContaining('postctl auth login'),
    });
    expect(err(403, { errors: [{ code: 99, message: 'too often' }] }).hint).toContain('caches');
    expect(err(429, { errors: [{ code: 88, message: 'Rate limit exceeded' }] }).exitCode).toBe(5);
  });

  it('too-many-connections points at connections terminate; usage-capped names period and scope', () => {
    expect(
      err(429, { type: 'https://api.x.com/2/problems/streaming-connection', title: 'x', connection_issue: 'TooManyConnections' }).hint,
    ).toContain('postctl connections terminate --all');
    expect(
      err(429, { type: 'https://api.x.com/2/problems/usage-capped', title: 'Usage capped', period: 'Monthly', scope: 'Product' }).hint,
    ).toMatch(/Monthly.*Product/);
  });

  it('ads errors carry the parameter; invalid-request lists parameters', () => {
    const ads = err(400, { errors: [{ code: 'INVALID_PARAMETER', message: 'bid too low', parameter: 'bid_amount_local_micro' }] });
    expect(ads.message).toContain('(parameter: bid_amount_local_micro)');
    expect(ads.exitCode).toBe(6);
    const inv = err(400, {
      type: 'https://api.x.com/2/problems/invalid-request',
      title: 'Invalid Request',
      errors: [{ message: 'ids bad', parameters: { ids: ['abc'] } }],
    });
    expect(inv.message).toContain('ids=abc');
  });

  it('status alone: 404 → 4, 5xx → 7, 401 → 3', () => {
    expect(err(404, '').exitCode).toBe(4);
    expect(err(502, null).exitCode).toBe(7);
    expect(err(401, null).exitCode).toBe(3);
  });
});

describe('renderError', () => {
  const sink = () => {
    let text = '';
    return {
      stream: {
        write: (s: string) => {
          text += s;
          return true;
        },
      } as unknown as NodeJS.WritableStream,
      text: () => text,
    };
  };
  it('people get error: and hint: lines; JSON output adds one JSON line', () => {
    const human = sink();
    expect(
      renderError(
        err(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }),
        { format: 'table', verbose: false },
        human.stream,
      ),
    ).toBe(3);
    expect(human.text()).toMatch(/^error: GET \/2\/posts failed with HTTP 401: \[89\] Invalid or expired token\.\nhint: /);
    const json = sink();
    renderError(
      new InputError('2 problems', [
        { line: 3, field: 'title', message: 'too long' },
        { line: 4, field: 'price', message: 'bad' },
      ]),
      { format: 'json', verbose: false },
      json.stream,
    );
    const last = JSON.parse(json.text().trim().split('\n').pop()!);
    expect(last.error).toMatchObject({
      exit_code: 6,
      problems: [
        { line: 3, field: 'title' },
        { line: 4, field: 'price' },
      ],
    });
    expect(json.text()).toContain('  - line 3, title: too long');
  });
  it('no stack trace without --verbose', () => {
    const s = sink();
    expect(renderError(new Error('boom'), { format: 'table', verbose: false }, s.stream)).toBe(1);
    expect(s.text()).not.toContain('    at ');
    const v = sink();
    renderError(new Error('boom'), { format: 'table', verbose: true }, v.stream);
    expect(v.text()).toContain('    at ');
  });
});
