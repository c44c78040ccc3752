// What `stream open` checks before connecting: the selection each kind of
// source takes (post field flags for the post streams; like fields, the likes'
// expansions and post/user fields for the likes streams; nothing for the
// compliance and label streams), the time window, and the readable line.
import { invalid } from '../../errors/cli-error.js';
import type { Params } from '../../http/encode.js';
import { tableCell } from '../../output/cells.js';
import { sourceKind, type SourceName } from '../../platform/volume-streams.js';
import { fieldParams, fieldParamsFromFlags, type FieldFlags } from '../../validate/post-fields.js';
import { Problems, isoDateTime } from '../../validate/rules.js';
import { EXPANSIONS, selectionParams } from '../../validate/selection.js';
import type { NameStyle } from '../../wire/names.js';
import { postLine } from '../_stream-lines.js';

export interface VolumeFlags extends FieldFlags {
  likeFields?: string[] | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

const POST_ONLY = [
  ['mediaFields', '--media-fields'],
  ['placeFields', '--place-fields'],
  ['pollFields', '--poll-fields'],
  ['allFields', '--all-fields'],
] as const;

function refuse(name: SourceName, flag: string): never {
  throw invalid(flag, `the ${name} stream does not take it`);
}

/** The selection parameters of a source, checked (exit 6, naming the flag) before connecting. */
export function volumeSelection(name: SourceName, opts: VolumeFlags, style: NameStyle): Params {
  const kind = sourceKind(name);
  if (kind === 'posts') {
    if (opts.likeFields) refuse(name, '--like-fields');
    return fieldParamsFromFlags(opts, style);
  }
  for (const [key, flag] of POST_ONLY) if (opts[key]) refuse(name, flag);
  if (kind === 'events') {
    for (const [key, flag] of [
      ['postFields', '--post-fields'],
      ['userFields', '--user-fields'],
      ['expansions', '--expansions'],
      ['likeFields', '--like-fields'],
    ] as const)
      if (opts[key]) refuse(name, flag);
    return [];
  }
  const allowUnknown = Boolean(opts.allowUnknownFields);
  return [
    ...selectionParams({
      fields: { likeWithPostAuthor: opts.likeFields },
      expansions: { valid: EXPANSIONS.like, given: opts.expansions },
      allowUnknown,
    }),
    ...fieldParams({ style, fields: { post: opts.postFields, user: opts.userFields }, allowUnknown }),
  ];
}

/** start_time and end_time, ISO 8601, the start before the end. */
export function windowParams(opts: VolumeFlags): Params {
  const p = new Problems();
  p.check('--start-time', opts.startTime, [isoDateTime]);
  p.check('--end-time', opts.endTime, [isoDateTime]);
  p.throwIfAny('invalid options');
  if (opts.startTime && opts.endTime && Date.parse(opts.startTime) >= Date.parse(opts.endTime))
    throw invalid('--end-time', 'must be after --start-time');
  return [
    ...(opts.startTime ? [['start_time', opts.startTime] as [string, string]] : []),
    ...(opts.endTime ? [['end_time', opts.endTime] as [string, string]] : []),
  ];
}

/** A readable line on a terminal: a post as `stream connect` shows it; any other item as its compact JSON, neutralised. */
export function volumeLine(item: unknown): string {
  const data = (item as { data?: { text?: unknown } } | null)?.data;
  if (data && typeof data.text === 'string') return postLine(item);
  return `${new Date().toISOString().replace('T', ' ').slice(0, 19)}  ${tableCell(JSON.stringify(data ?? item))}`;
}
