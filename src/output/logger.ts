// Messages for people, on stderr: warnings, notes, hints, progress and traces.
import type { ChalkInstance } from 'chalk';

export class Logger {
  constructor(
    private err: NodeJS.WritableStream,
    private chalk: ChalkInstance,
    readonly verboseEnabled: boolean,
  ) {}

  warn(message: string): void {
    this.err.write(`${this.chalk.yellow('warning:')} ${message}\n`);
  }

  info(message: string): void {
    this.err.write(`${message}\n`);
  }

  hint(message: string): void {
    this.err.write(`${this.chalk.cyan('hint:')} ${message}\n`);
  }

  success(message: string): void {
    this.err.write(`${this.chalk.green('✓')} ${message}\n`);
  }

  verbose(message: string): void {
    if (this.verboseEnabled) this.err.write(this.chalk.dim(message) + '\n');
  }
}
