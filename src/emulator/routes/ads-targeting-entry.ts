// One entry of the emulator's targeting catalogue, and the stable key of a value the reference shows no key
// for: 16 hex digits derived from its kind and name, the same on every start.
import { createHash } from 'node:crypto';

export interface CatalogueEntry {
  targeting_type: string;
  targeting_value: string;
  name: string;
  deleted?: boolean;
  [extra: string]: unknown;
}

export const key = (kind: string, name: string): string => createHash('sha256').update(`${kind}:${name}`).digest('hex').slice(0, 16);
