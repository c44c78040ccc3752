// The emulator's fault plan is checked whole: unknown fields and kinds are refused, naming them.
import { describe, expect, it } from 'vitest';
import { parseFaultPlan } from '../../src/emulator/fault-plan.js';

describe('parseFaultPlan', () => {
  it('accepts the documented fields', () => {
    const plan = parseFaultPlan({
      rules: [{ kind: 'status', status: 503, times: 2, path: '/2/tweets', method: 'GET' }],
      random: { seed: 7, p5xx: 0.1, maxFaults: 3 },
      latencyMs: 5,
    });
    expect(plan).toEqual({
      rules: [{ kind: 'status', status: 503, times: 2, path: '/2/tweets', method: 'GET' }],
      random: { seed: 7, p5xx: 0.1, maxFaults: 3 },
      latencyMs: 5,
    });
  });

  it.each([
    [{ rules: [{ kind: 'status', code: 503 }] }, 'rules[0]: unknown field code'],
    [{ rules: [{ kind: 'teapot' }] }, 'rules[0].kind must be one of status, 429'],
    [{ rules: [{ status: 503 }] }, 'rules[0].kind must be one of'],
    [{ rules: {} }, 'rules must be an array'],
    [{ random: { seed: 1, p500: 0.1 } }, 'random: unknown field p500'],
    [{ rule: [] }, 'fault plan: unknown field rule'],
    [{ latencyMs: '5' }, 'latencyMs must be a number'],
  ])('refuses %j', (plan, message) => {
    expect(() => parseFaultPlan(plan)).toThrow(message);
  });
});
