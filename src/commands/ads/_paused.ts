// What a create says about the status it chose: new campaigns and line items
// are PAUSED unless --entity-status was given (src/ads/paused-default.ts), and
// the success line says so and how to start them.
type Kind = 'campaign' | 'line item';

const verb = (kind: Kind) => (kind === 'campaign' ? 'campaigns' : 'line-items');

/** The success line of a single create. */
export function createdNote(kind: Kind, id: string, pausedByDefault: boolean, extra = ''): string {
  const made = `created ${kind} ${id}${extra}`;
  if (!pausedByDefault) return made;
  return `${made}, PAUSED (postctl creates paused; the API's default would be ACTIVE): start it with \`postctl ads ${verb(kind)} resume ${id}\``;
}

/** The note after a batch create whose lines had no entity_status. */
export function bulkPausedNote(kind: Kind, count: number): string {
  return `${count} ${kind}${count === 1 ? ' was' : 's were'} created PAUSED (no entity_status in the line): start them with \`postctl ads ${verb(kind)} resume ID…\``;
}
