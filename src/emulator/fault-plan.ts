// The fault plan POSTed to /_emulator/faults, checked before any of it applies: an unknown field, kind or
// plan key is refused (400 naming it and the known ones) instead of a rule that silently never fires.
// docs/emulator.md lists the same fields.
import type { FaultKind, FaultRule, RandomFaultPlan } from './faults.js';

const KINDS: readonly FaultKind[] = [
  'status',
  '429',
  'drop',
  'drop-after',
  'latency',
  'slow',
  'trickle',
  'reply',
  'count-mismatch',
  'item-status',
  'disconnect',
  'cut',
  'stall',
];
const RULE_FIELDS: ReadonlyArray<keyof FaultRule> = [
  'kind',
  'method',
  'path',
  'status',
  'times',
  'after',
  'latencyMs',
  'resetHeaders',
  'resetInSec',
  'afterEvents',
  'intervalMs',
  'body',
  'contentType',
  'headers',
  'message',
  'itemStatus',
];
const RANDOM_FIELDS: ReadonlyArray<keyof RandomFaultPlan> = [
  'seed',
  'p429',
  'p5xx',
  'pDrop',
  'pDropAfter',
  'pSlow',
  'p429NoHeaders',
  'latencyMs',
  'path',
  'maxFaults',
];
const PLAN_FIELDS = ['rules', 'random', 'latencyMs'];

export interface FaultPlan {
  rules: FaultRule[];
  random?: RandomFaultPlan;
  latencyMs?: number;
}

function unknownKeys(value: unknown, known: readonly string[], where: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${where} must be a JSON object`);
  const extra = Object.keys(value).filter((k) => !known.includes(k));
  if (extra.length) throw new Error(`${where}: unknown field ${extra.join(', ')} (known: ${known.join(', ')})`);
}

/** The plan, checked whole (a bad rule applies nothing); throws with the message the admin API answers 400 with. */
export function parseFaultPlan(plan: unknown): FaultPlan {
  unknownKeys(plan, PLAN_FIELDS, 'fault plan');
  const { rules = [], random, latencyMs } = plan as { rules?: unknown; random?: unknown; latencyMs?: unknown };
  if (!Array.isArray(rules)) throw new Error('rules must be an array of fault rules');
  rules.forEach((r: unknown, i) => {
    unknownKeys(r, RULE_FIELDS, `rules[${i}]`);
    const kind = (r as { kind?: unknown }).kind;
    if (!KINDS.includes(kind as FaultKind))
      throw new Error(`rules[${i}].kind must be one of ${KINDS.join(', ')} (got ${JSON.stringify(kind)})`);
  });
  if (random !== undefined) unknownKeys(random, RANDOM_FIELDS, 'random');
  if (latencyMs !== undefined && typeof latencyMs !== 'number') throw new Error('latencyMs must be a number');
  return {
    rules: rules as FaultRule[],
    ...(random !== undefined ? { random: random as RandomFaultPlan } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
  };
}
