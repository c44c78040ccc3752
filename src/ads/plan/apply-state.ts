// The journal of an apply: which creates were sent and which ids came back.
// A create is recorded as sent, on disk (temp file, fsync, rename; mode 0600),
// before its request leaves, and its id once the answer is in; so after a
// kill -9 the journal knows every create that may exist. The next apply reads
// the account again and finds those entities by identity (name, type + value,
// post id) rather than sending them twice; the journal says which ones it
// found and which an interrupted run sent without an answer. A run that ends
// with everything applied removes it.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/cli-error.js';
import { readStateFile, writeDurably } from '../../bulk/state.js';

interface Journal {
  version: 1;
  kind: 'postctl-ads-apply';
  account: string;
  file: string;
  /** Identity key → id, for creates the API confirmed. */
  created: Record<string, string>;
  /** Identity keys of creates sent whose answer is not recorded (yet). */
  sent: string[];
  updated_at: string;
}

export const defaultApplyStatePath = (file: string): string => `${resolve(file)}.postctl-apply.json`;

export class ApplyJournal {
  private constructor(
    readonly path: string,
    private data: Journal,
    /** The journal an interrupted run left, if any. */
    readonly previous: Journal | undefined,
  ) {}

  static async open(path: string, account: string, file: string): Promise<ApplyJournal> {
    const text = await readStateFile(path, 'apply state');
    let previous: Journal | undefined;
    if (text !== undefined) {
      try {
        const j = JSON.parse(text) as Journal;
        if (j.version !== 1 || j.kind !== 'postctl-ads-apply' || typeof j.created !== 'object' || !Array.isArray(j.sent))
          throw new Error('not a postctl apply state');
        previous = j;
      } catch (e) {
        throw new UsageError(
          `the apply state ${path} is not usable (${(e as Error).message})`,
          'remove it (the next apply reads the account again).',
        );
      }
      if (previous.account !== account)
        throw new UsageError(
          `the apply state ${path} belongs to account ${previous.account}, not ${account}`,
          'finish that apply first, or remove the state file.',
        );
    }
    const data: Journal = {
      version: 1,
      kind: 'postctl-ads-apply',
      account,
      file: resolve(file),
      created: { ...(previous?.created ?? {}) },
      sent: [...(previous?.sent ?? [])],
      updated_at: '',
    };
    return new ApplyJournal(path, data, previous);
  }

  /** Creates an interrupted run sent without recording an answer. */
  get unanswered(): string[] {
    return this.previous?.sent.filter((k) => !(k in (this.previous?.created ?? {}))) ?? [];
  }

  /** Unanswered creates of an interrupted run that the account shows now: no longer in doubt. */
  settle(keys: readonly string[]): void {
    this.data.sent = this.data.sent.filter((k) => !keys.includes(k));
  }

  /** Records that these creates are about to be sent; returns once that is on disk. */
  async sending(keys: readonly string[]): Promise<void> {
    this.data.sent = [...new Set([...this.data.sent, ...keys])];
    await this.write();
  }

  /** Records the answers; returns once on disk. */
  async answered(results: ReadonlyArray<{ key: string; id?: string }>): Promise<void> {
    for (const r of results) {
      if (r.id) this.data.created[r.key] = r.id;
      this.data.sent = this.data.sent.filter((k) => k !== r.key);
    }
    await this.write();
  }

  private async write(): Promise<void> {
    this.data.updated_at = new Date().toISOString();
    await writeDurably(this.path, `${JSON.stringify(this.data, null, 1)}\n`);
  }

  /** Everything applied: nothing to resume. */
  async finish(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
