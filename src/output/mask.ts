// Masked display of secrets (config list, auth status): enough to tell two
// values apart, never enough to use one. Only the last 4 characters are ever
// shown, and only of secrets longer than 16 (a short secret loses too much to
// 4 shown characters).
const MASK_SHOWN = 4;
const MASK_MIN_LENGTH = 17;

export function mask(value: string | undefined): string {
  if (!value) return '';
  if (value.length < MASK_MIN_LENGTH) return '••••';
  return `••••${value.slice(-MASK_SHOWN)} (${value.length} chars)`;
}
