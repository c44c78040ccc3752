// Prompts, bound to stderr so stdout stays clean. When no person is there
// (see IO.interactive) nothing waits: the call fails with exit 2 and names the
// flag or variable that supplies the answer.
import { UsageError } from '../errors/cli-error.js';
import type { IO } from './io.js';

export interface PromptSource {
  /** The flag (and/or variable) that answers this prompt without a TTY, e.g. "--pin <PIN>" or "POSTCTL_CONSUMER_SECRET". */
  supply: string;
}

export class Prompter {
  constructor(private io: IO) {}

  get interactive(): boolean {
    return this.io.interactive;
  }

  private require(message: string, src: PromptSource): void {
    if (!this.io.interactive) {
      throw new UsageError(
        `${message.replace(/[:?]\s*$/, '')} is needed, but postctl is not running interactively`,
        `supply it with ${src.supply}.`,
      );
    }
  }

  private context() {
    return { input: this.io.stdin as NodeJS.ReadableStream, output: this.io.stderr as NodeJS.WritableStream, clearPromptOnDone: false };
  }

  async text(
    message: string,
    src: PromptSource,
    opts: { default?: string; validate?: (v: string) => true | string } = {},
  ): Promise<string> {
    this.require(message, src);
    const { input } = await import('@inquirer/prompts');
    return input(
      { message, ...(opts.default !== undefined ? { default: opts.default } : {}), ...(opts.validate ? { validate: opts.validate } : {}) },
      this.context(),
    );
  }

  async secret(message: string, src: PromptSource): Promise<string> {
    this.require(message, src);
    const { password } = await import('@inquirer/prompts');
    return password({ message, mask: '*', validate: (v: string) => (v.trim() ? true : 'a value is required') }, this.context());
  }

  /** y/N confirmation for destructive operations; `--yes` answers it without a TTY. */
  async confirm(message: string, yes: boolean | undefined): Promise<boolean> {
    if (yes) return true;
    if (!this.io.interactive)
      throw new UsageError(
        `${message.replace(/\?\s*$/, '')}: confirmation needed, but postctl is not running interactively`,
        'pass --yes to confirm.',
      );
    const { confirm } = await import('@inquirer/prompts');
    return confirm({ message, default: false }, this.context());
  }
}

/** Reads all of stdin as text (for --…-stdin flags and `-`). */
export async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
