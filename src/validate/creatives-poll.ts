// Poll card create rules (ads-api.md "Creatives", "Limits", "Errors").
import { charLength, integerBetween, maxLength, Problems } from './rules.js';

const POLL_DURATION = { min: 5, max: 10080 } as const;
const POLL_CHOICE_MAX = 25;
/** Poll cards are cards: the card name limit (80) applies, as the API enforces it. */
const POLL_NAME_MAX = 80;
const CHOICES = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'] as const;
export const POLL_FIELDS = ['name', 'duration_in_minutes', ...CHOICES, 'media_key'] as const;
export type PollParams = Partial<Record<(typeof POLL_FIELDS)[number], string>>;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

export function validatePollCard(p: PollParams, problems = new Problems()): Problems {
  if (blank(p.name)) problems.add('name', 'is required');
  else problems.check('name', p.name, [maxLength(POLL_NAME_MAX)]);
  if (p.duration_in_minutes === undefined)
    problems.add('duration_in_minutes', `is required: ${POLL_DURATION.min} to ${POLL_DURATION.max} minutes, counted from card creation`);
  else problems.check('duration_in_minutes', p.duration_in_minutes, [integerBetween(POLL_DURATION.min, POLL_DURATION.max)]);
  for (const f of ['first_choice', 'second_choice'] as const) if (blank(p[f])) problems.add(f, 'is required');
  for (const f of CHOICES) {
    const v = p[f];
    if (v !== undefined && charLength(v) > POLL_CHOICE_MAX)
      problems.add(f, `must be at most ${POLL_CHOICE_MAX} characters (got ${charLength(v)})`);
    if (v !== undefined && v.trim() === '' && (f === 'third_choice' || f === 'fourth_choice'))
      problems.add(f, 'must not be empty when given');
  }
  // Required-with: a third choice needs the first two, a fourth the first three.
  if (!blank(p.third_choice) && (blank(p.first_choice) || blank(p.second_choice)))
    problems.add('third_choice', 'needs first_choice and second_choice');
  if (!blank(p.fourth_choice) && (blank(p.first_choice) || blank(p.second_choice) || blank(p.third_choice)))
    problems.add('fourth_choice', 'needs first_choice, second_choice and third_choice');
  if (p.media_key !== undefined && blank(p.media_key)) problems.add('media_key', 'must not be empty when given');
  return problems;
}
