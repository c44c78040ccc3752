// Shared by the custom audience verbs: the fields shown, and the name/description checks.
import type { InputProblem } from '../../errors/cli-error.js';

export const AUDIENCE_FIELDS = [
  'id',
  'name',
  'description',
  'audience_type',
  'audience_size',
  'targetable',
  'reasons_not_targetable',
  'permission_level',
  'owner_account_id',
  'created_at',
  'updated_at',
  'deleted',
].map((k) => ({ header: k, key: k }));

/** name is required on create; neither may be blank (the reference gives no length limit). */
export function audienceProblems(p: { name?: string; description?: string }, create: boolean): InputProblem[] {
  const out: InputProblem[] = [];
  if (create && p.name === undefined) out.push({ field: 'name', message: 'is required (--name)' });
  if (p.name !== undefined && p.name.trim() === '') out.push({ field: 'name', message: 'must not be blank' });
  if (p.description !== undefined && p.description.trim() === '') out.push({ field: 'description', message: 'must not be blank' });
  return out;
}

export const nameOptions = {
  name: { flags: '--name <name>', description: 'audience name (unique in the account; the API refuses a name it already has)' },
  description: { flags: '--description <text>', description: 'description' },
} as const;
