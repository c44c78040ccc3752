// The `--profile x ` part of the commands postctl suggests (log in again, add a scope): pure, so the
// domain's auth choice and the command side share it without the domain importing the command Context.

/** `--profile x ` in suggested commands, unless the profile is the implicit default one. */
export function profileArg(profile: string, source: string): string {
  return source === 'flag' || source === 'env' || profile !== 'default' ? `--profile ${profile} ` : '';
}
