// Masked display of secrets (config list, auth status): enough to tell two
// values apart, never enough to use one.
export function mask(value: string | undefined): string {
  if (!value) return '';
  return value.length <= 8 ? '••••' : `${value.slice(0, 2)}…${value.slice(-2)} (${value.length} chars)`;
}
