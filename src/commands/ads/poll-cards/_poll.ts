// `ads poll-cards` output columns, and the create flags (update declares them
// hidden, only to explain that poll cards cannot be updated).
import type { PollCard } from '../../../creatives/types.js';
import type { Column } from '../../../output/printer.js';
import type { OptionTable } from '../../define.js';
import { noFetchOption } from '../_creatives.js';

const choices = (c: PollCard) => [c.first_choice, c.second_choice, c.third_choice, c.fourth_choice].filter((x) => x).join(' / ');
export const COLUMNS: Column<PollCard>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'card_type', key: 'card_type' },
  { header: 'choices', get: choices },
  { header: 'minutes', key: 'duration_in_minutes' },
  { header: 'end_time', key: 'end_time' },
  { header: 'card_uri', key: 'card_uri' },
];
export const FIELDS: Column<PollCard>[] = [
  ...(
    [
      'id',
      'name',
      'card_type',
      'card_uri',
      'first_choice',
      'second_choice',
      'third_choice',
      'fourth_choice',
      'duration_in_minutes',
      'start_time',
      'end_time',
      'video_url',
      'created_at',
      'updated_at',
      'deleted',
    ] as const
  ).map((k) => ({ header: k, key: k })),
];

export const createOptions = {
  name: { flags: '--name <name>', description: 'card name (required)' },
  duration: { flags: '--duration <minutes>', description: 'duration_in_minutes: 5 to 10080, counted from card creation (required)' },
  firstChoice: { flags: '--first-choice <text>', description: 'first choice (required, max 25 characters)' },
  secondChoice: { flags: '--second-choice <text>', description: 'second choice (required, max 25 characters)' },
  thirdChoice: { flags: '--third-choice <text>', description: 'third choice (max 25 characters; needs the first two)' },
  fourthChoice: { flags: '--fourth-choice <text>', description: 'fourth choice (max 25 characters; needs the first three)' },
  mediaKey: {
    flags: '--media-key <key>',
    description: 'image (1.91:1, at least 800 px wide) or video from the media library; media polls need the PROMOTED_MEDIA_POLLS feature',
  },
  fetch: noFetchOption,
} as const satisfies OptionTable;

/** The create flags, hidden from help (`poll-cards update` accepts them only to explain). */
export const hiddenCreateOptions = Object.fromEntries(Object.entries(createOptions).map(([k, o]) => [k, { ...o, hidden: true }])) as {
  readonly [K in keyof typeof createOptions]: (typeof createOptions)[K] & { hidden: true };
};
