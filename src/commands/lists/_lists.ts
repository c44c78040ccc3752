// What the list verbs share: columns and the create/update flags.
import type { OptionSpec } from '../define.js';

export const LIST_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'private', key: 'private' },
  { header: 'members', key: 'member_count' },
  { header: 'followers', key: 'follower_count' },
  { header: 'owner_id', key: 'owner_id' },
  { header: 'description', key: 'description', flex: true },
];

export const listFlagOptions = [
  { flags: '--name <name>', description: 'the name, 1 to 25 characters' },
  { flags: '--description <text>', description: 'the description, up to 100 characters' },
  { flags: '--private', description: 'only you can see the list' },
  { flags: '--public', description: 'anyone can see the list' },
] as const satisfies readonly OptionSpec[];

/** --private / --public as the body's `private` (undefined when neither is given). */
export function privacy(opts: { private?: boolean | undefined; public?: boolean | undefined }): boolean | undefined {
  if (opts.private && opts.public) return undefined;
  return opts.private ? true : opts.public ? false : undefined;
}
