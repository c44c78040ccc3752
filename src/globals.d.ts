declare const __POSTCTL_VERSION__: string;

/** cli-table3's measure (no typings of its own): strlen is string-width of the text without ANSI codes. */
declare module 'cli-table3/src/utils.js' {
  const utils: { strlen(s: string): number };
  export default utils;
}
