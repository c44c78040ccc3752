// SHA-256 as lowercase hex. crypto.hash (Node 20.12+, 21.7+) is a one-shot
// that skips the Hash object createHash builds per call: about three times
// faster for short values, which is most of the upload pipeline's work.
import * as crypto from 'node:crypto';

type OneShot = (algorithm: string, data: string, encoding: 'hex') => string;
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

export const sha256Hex: (value: string) => string = oneShot
  ? (value) => oneShot('sha256', value, 'hex')
  : (value) => crypto.createHash('sha256').update(value).digest('hex');
