// What rendering an error needs to know about the run (src/entry/render-failure.ts fills it in).
import type { ChalkInstance } from 'chalk';
import type { Format } from '../output/format.js';

export interface ErrorContext {
  format: Format;
  verbose: boolean;
  /** stderr is a terminal: only then is the JSON error line left out of table and CSV output. */
  stderrTTY?: boolean;
  chalk?: ChalkInstance;
  redact?: (s: string) => string;
}
