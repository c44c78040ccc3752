// What the list verbs share: columns and the create/update flags.
import type { OptionTable } from '../define.js';

export const LIST_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'private', key: 'private' },
  { header: 'members', key: 'member_count' },
  { header: 'followers', key: 'follower_count' },
  { header: 'owner_id', key: 'owner_id' },
  { header: 'description', key: 'description', flex: true },
];

export const listFlagOptions = {
  name: { flags: '--name <name>', description: 'the name, 1 to 25 characters' },
  description: { flags: '--description <text>', description: 'the description, up to 100 characters' },
  private: { flags: '--private', description: 'only you can see the list' },
  public: { flags: '--public', description: 'anyone can see the list' },
} as const satisfies OptionTable;

/** --private / --public as the body's `private` (undefined when neither is given). */
export function privacy(opts: { private?: boolean | undefined; public?: boolean | undefined }): boolean | undefined {
  if (opts.private && opts.public) return undefined;
  return opts.private ? true : opts.public ? false : undefined;
}
