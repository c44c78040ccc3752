// What the Spaces verbs share: their columns, flags and field selection.
import type { Params } from '../../http/encode.js';
import type { Column } from '../../output/printer.js';
import { EXPANSIONS, selectionParams } from '../../validate/selection.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { FIELD_FLAGS } from '../_lookup.js';
import type { OptionTable } from '../define.js';

/** Spaces endpoints take an app bearer token or an OAuth 2.0 user token (scope space.read): app first. */
export const SPACE_AUTH = ['app', 'oauth2'] as const;

export const SPACE_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'state', key: 'state' },
  { header: 'creator_id', key: 'creator_id' },
  { header: 'participants', key: 'participant_count' },
  { header: 'started_at', key: 'started_at' },
  { header: 'scheduled_start', key: 'scheduled_start' },
  { header: 'title', key: 'title', flex: true },
];

export const spaceFieldOptions = {
  spaceFields: FIELD_FLAGS.spaceFields,
  expansions: {
    flags: '--expansions <list>',
    description: 'creator_id, host_ids, invited_user_ids, speaker_ids, topic_ids (repeatable)',
    repeatable: true,
  },
  userFields: FIELD_FLAGS.userFields,
  topicFields: FIELD_FLAGS.topicFields,
  allowUnknownFields: allowUnknownFieldsOption,
} as const satisfies OptionTable;

export interface SpaceFieldFlags {
  spaceFields?: string[] | undefined;
  expansions?: string[] | undefined;
  userFields?: string[] | undefined;
  topicFields?: string[] | undefined;
  allowUnknownFields?: boolean | undefined;
}

/** The selection of a Space lookup, checked (exit 6) before anything is sent. Without --space-fields: the columns' fields. */
export function spaceSelection(opts: SpaceFieldFlags): Params {
  return selectionParams({
    fields: {
      space: opts.spaceFields ?? ['title', 'state', 'creator_id', 'participant_count', 'started_at', 'scheduled_start'],
      user: opts.userFields,
      topic: opts.topicFields,
    },
    expansions: { valid: EXPANSIONS.space, given: opts.expansions },
    allowUnknown: opts.allowUnknownFields,
  });
}
