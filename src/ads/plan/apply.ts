// Applying a plan: deletes first (children before parents, as planned), then
// per kind — campaigns, line items, targeting criteria, promoted posts —
// updates (PUT with only the changed fields) and creates through the batch
// endpoints (promoted posts: one POST per line item, at most 50 posts). Every
// create is journaled as sent before its request leaves and with its id once
// answered (./apply-state.ts). A failure stops only what depends on it: a line
// item whose campaign was not created is "not done", its siblings go on.
import { ApiError } from '../../errors/api-error.js';
import { CliError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { sendBatches, BATCH_SIZE, wireParams, type BatchItem, type BatchResource } from '../batch.js';
import { deleteCampaign, updateCampaignRequest } from '../campaigns.js';
import { deleteLineItem, updateLineItemRequest } from '../line-items.js';
import { deletePromotedPost, MAX_POSTS_PER_CREATE, promotePostsRequest } from '../promoted.js';
import { deleteCriterion } from '../targeting.js';
import type { AccountRef } from '../types.js';
import type { ApplyJournal } from './apply-state.js';
import type { Kind, Plan, PlanOp } from './diff.js';

type OpStatus = 'done' | 'failed' | 'not_done';

export interface OpResult {
  op: PlanOp;
  status: OpStatus;
  id?: string;
  error?: string;
}

export interface ApplyProgress {
  info(message: string): void;
}

const BATCHED: Partial<Record<Kind, BatchResource>> = {
  campaign: 'campaigns',
  line_item: 'line_items',
  targeting_criterion: 'targeting_criteria',
};
const PLURAL: Record<Kind, string> = {
  campaign: 'campaigns',
  line_item: 'line items',
  targeting_criterion: 'targeting criteria',
  promoted_post: 'promoted posts',
};
const ORDER: Kind[] = ['campaign', 'line_item', 'targeting_criterion', 'promoted_post'];

/** Errors that would repeat for every request (credentials, the account): nothing more is sent. */
const fatal = (e: unknown): boolean => e instanceof ApiError && [401, 403].includes(e.status);
const gone = (e: unknown): boolean => e instanceof ApiError && e.status === 404;

class Executor {
  private ids = new Map<string, string>();
  private results = new Map<PlanOp, OpResult>();
  private stopped: string | undefined;

  constructor(
    private client: ApiClient,
    private account: AccountRef,
    private journal: ApplyJournal,
    private progress: ApplyProgress,
  ) {}

  private set(op: PlanOp, status: OpStatus, extra: { id?: string; error?: string } = {}): void {
    this.results.set(op, { op, status, ...extra });
    if (status === 'done' && extra.id) this.ids.set(op.key, extra.id);
  }

  private fail(op: PlanOp, e: unknown): void {
    // A change journal that cannot be written refused the request before it was sent: it would refuse them all.
    if (!(e instanceof CliError) || e.code === 'file_untrusted') throw e;
    this.set(op, 'failed', { error: e.message });
    if (fatal(e)) this.stopped = e.message;
  }

  /** The parent's id, or why the op cannot go. */
  private parent(op: PlanOp): string | undefined {
    return op.parentId ?? (op.parentKey ? this.ids.get(op.parentKey) : undefined);
  }

  async delete(op: PlanOp): Promise<void> {
    const id = op.id!;
    const c = this.client;
    const a = this.account;
    try {
      if (op.kind === 'campaign') await deleteCampaign(c, a, id);
      else if (op.kind === 'line_item') await deleteLineItem(c, a, id);
      else if (op.kind === 'targeting_criterion') await deleteCriterion(c, a, id);
      else await deletePromotedPost(c, a, id);
      this.set(op, 'done', { id });
    } catch (e) {
      // Already gone (an interrupted run deleted it): the goal is reached.
      if (gone(e)) this.set(op, 'done', { id });
      else this.fail(op, e);
    }
  }

  async update(op: PlanOp): Promise<void> {
    const req =
      op.kind === 'campaign'
        ? updateCampaignRequest(this.account, op.id!, op.params!)
        : updateLineItemRequest(this.account, op.id!, op.params!);
    // The journal's old values: the plan's changes say what each field was.
    const old = Object.fromEntries((op.changes ?? []).map((c) => [c.field, c.from]));
    try {
      await this.client.request({ ...req, note: { old } });
      this.set(op, 'done', { id: op.id! });
    } catch (e) {
      this.fail(op, e);
    }
  }

  /** Creates of one kind through its batch endpoint, journaled batch by batch. */
  async createBatched(kind: Kind, ops: PlanOp[]): Promise<void> {
    const resource = BATCHED[kind]!;
    const ready = this.withParents(ops);
    const size = BATCH_SIZE[resource];
    for (let start = 0; start < ready.length && !this.stopped; start += size) {
      const chunk = ready.slice(start, start + size);
      const items: BatchItem[] = chunk.map(({ op, parent }, i) => ({
        line: i,
        raw: op.key,
        params: wireParams({
          ...op.params!,
          ...(kind === 'line_item' ? { campaign_id: parent! } : {}),
          ...(kind === 'targeting_criterion' ? { line_item_id: parent! } : {}),
        }),
      }));
      await this.journal.sending(chunk.map((x) => x.op.key));
      for await (const batch of sendBatches(this.client, this.account, resource, items, size)) {
        for (const r of batch) {
          const { op } = chunk[r.line]!;
          if (r.status === 'CREATED') this.set(op, 'done', { id: r.id! });
          else this.set(op, r.status === 'FAILED' ? 'failed' : 'not_done', { error: r.error ?? 'not created' });
        }
        await this.journal.answered(batch.map((r) => ({ key: chunk[r.line]!.op.key, ...(r.id ? { id: r.id } : {}) })));
        const fatalError = batch.find((r) => r.status === 'NOT_SENT');
        if (fatalError) this.stopped = fatalError.error ?? 'stopped';
      }
      const created = chunk.filter(({ op }) => this.results.get(op)?.status === 'done').length;
      this.progress.info(`${PLURAL[kind]}: ${created} of ${chunk.length} created`);
    }
  }

  /** Ops whose parent exists; the others are not done, saying why. */
  private withParents(ops: PlanOp[]): Array<{ op: PlanOp; parent: string | undefined }> {
    const out: Array<{ op: PlanOp; parent: string | undefined }> = [];
    for (const op of ops) {
      const parent = this.parent(op);
      if (op.parentKey && !parent) this.set(op, 'not_done', { error: 'its parent was not created' });
      else out.push({ op, parent });
    }
    return out;
  }

  /** Promoted posts: one POST per line item and 50 posts. */
  async createPosts(ops: PlanOp[]): Promise<void> {
    const byParent = new Map<string, PlanOp[]>();
    for (const { op, parent } of this.withParents(ops)) byParent.set(parent!, [...(byParent.get(parent!) ?? []), op]);
    for (const [lineItem, list] of byParent) {
      for (let i = 0; i < list.length && !this.stopped; i += MAX_POSTS_PER_CREATE) {
        const chunk = list.slice(i, i + MAX_POSTS_PER_CREATE);
        await this.journal.sending(chunk.map((op) => op.key));
        try {
          const res = await this.client.request<{ data?: Array<Record<string, unknown>> }>(
            promotePostsRequest(
              this.account,
              this.client.names,
              lineItem,
              chunk.map((op) => op.params!.post_id!),
            ),
          );
          const data = Array.isArray(res.body?.data) ? res.body.data : [];
          for (const op of chunk) {
            const made = data.find((d) => String(d.post_id ?? d.tweet_id) === op.params!.post_id);
            if (made && typeof made.id === 'string') this.set(op, 'done', { id: made.id });
            else this.set(op, 'failed', { error: 'the reply did not confirm this post' });
          }
        } catch (e) {
          for (const op of chunk) this.fail(op, e);
        }
        await this.journal.answered(
          chunk.map((op) => ({ key: op.key, ...(this.results.get(op)?.id ? { id: this.results.get(op)!.id! } : {}) })),
        );
      }
    }
  }

  async run(plan: Plan): Promise<OpResult[]> {
    // Children before parents, whatever order the plan shows them in.
    const deletes = plan.operations.filter((o) => o.action === 'delete');
    for (const op of deletes
      .map((o, i) => ({ o, i }))
      .sort((a, b) => ORDER.indexOf(b.o.kind) - ORDER.indexOf(a.o.kind) || a.i - b.i)
      .map((x) => x.o)) {
      if (this.stopped) break;
      await this.delete(op);
    }
    for (const kind of ORDER) {
      const ofKind = plan.operations.filter((o) => o.kind === kind);
      for (const op of ofKind.filter((o) => o.action === 'update')) {
        if (this.stopped) break;
        await this.update(op);
      }
      const creates = ofKind.filter((o) => o.action === 'create');
      if (!creates.length || this.stopped) continue;
      if (kind === 'promoted_post') await this.createPosts(creates);
      else await this.createBatched(kind, creates);
    }
    return plan.operations.map(
      (op) => this.results.get(op) ?? { op, status: 'not_done' as const, error: this.stopped ? `not sent: ${this.stopped}` : 'not sent' },
    );
  }
}

/** Applies `plan`; every operation comes back done, failed or not done. */
export function applyPlan(
  client: ApiClient,
  account: AccountRef,
  plan: Plan,
  journal: ApplyJournal,
  progress: ApplyProgress,
): Promise<OpResult[]> {
  return new Executor(client, account, journal, progress).run(plan);
}
