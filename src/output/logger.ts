// Messages for people, on stderr: warnings, notes, hints, progress and traces.
// Every message goes through `neutralize` here, once, because messages carry
// text from the API and from input files (ids, titles, error messages): a
// control sequence in them must never reach the terminal. Newlines
// and tabs the message itself uses are kept.
import type { ChalkInstance } from 'chalk';
import { neutralize } from './sanitize.js';

const safe = (message: string): string => neutralize(message, true);

export class Logger {
  constructor(
    private err: NodeJS.WritableStream,
    private chalk: ChalkInstance,
    readonly verboseEnabled: boolean,
  ) {}

  warn(message: string): void {
    this.err.write(`${this.chalk.yellow('warning:')} ${safe(message)}\n`);
  }

  info(message: string): void {
    this.err.write(`${safe(message)}\n`);
  }

  hint(message: string): void {
    this.err.write(`${this.chalk.cyan('hint:')} ${safe(message)}\n`);
  }

  success(message: string): void {
    this.err.write(`${this.chalk.green('✓')} ${safe(message)}\n`);
  }

  verbose(message: string): void {
    if (this.verboseEnabled) this.err.write(this.chalk.dim(safe(message)) + '\n');
  }
}
