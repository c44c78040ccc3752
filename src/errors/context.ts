// What the top-level error handler needs to know about the running verb.
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

let current: ErrorContext | undefined;

export function setErrorContext(c: ErrorContext): void {
  current = c;
}

export function getErrorContext(): ErrorContext | undefined {
  return current;
}
