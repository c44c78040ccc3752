// Creating, editing and deleting posts (POST /2/tweets, DELETE /2/tweets/{id}).
// The body carries exactly what the user asked for: a key only for each flag
// given, in the official (or neutral) wire names of src/wire/names.ts.
import { readFile } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { InputError, invalid } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import type { EditControls, PostDraft } from '../validate/posting.js';
import { wire } from '../wire/names.js';

export type Body = Record<string, unknown>;

/** The JSON body of a new post. */
export function createBody(d: PostDraft, client: Pick<ApiClient, 'names'>): Body {
  const b: Body = {};
  if (d.text !== undefined) b.text = d.text;
  if (d.replyTo !== undefined) b.reply = { [wire('body.in_reply_to_post_id', client.names)]: d.replyTo };
  if (d.quote !== undefined) b[wire('body.quote_post_id', client.names)] = d.quote;
  if (d.media.length) b.media = { media_ids: d.media };
  if (d.pollOptions.length) b.poll = { options: d.pollOptions, duration_minutes: Number(d.pollDuration) };
  if (d.replySettings !== undefined) b.reply_settings = d.replySettings;
  if (d.community !== undefined) b.community_id = d.community;
  if (d.paidPartnership) b.paid_partnership = true;
  if (d.shareWithFollowers) b.share_with_followers = true;
  return b;
}

/** An edit is a create with edit_options.previous_post_id (the name is the same in 2.159 and the spec). */
export function editBody(id: string, text: string | undefined, media: string[]): Body {
  return {
    ...(text !== undefined ? { text } : {}),
    ...(media.length ? { media: { media_ids: media } } : {}),
    edit_options: { previous_post_id: id },
  };
}

export interface CreatedEnvelope {
  data?: { id?: string; text?: string; deleted?: boolean } & Record<string, unknown>;
  errors?: unknown[];
}

export async function sendPost(client: ApiClient, body: Body): Promise<CreatedEnvelope> {
  // Not idempotent: a retried create after a lost response would post twice.
  const res = await client.request<CreatedEnvelope>({
    method: 'POST',
    path: joinPath('2', wire('path.posts', client.names)),
    json: body,
  });
  return res.body ?? {};
}

export async function deletePost(client: ApiClient, id: string): Promise<CreatedEnvelope> {
  const res = await client.request<CreatedEnvelope>({
    method: 'DELETE',
    path: joinPath('2', wire('path.posts', client.names), idSegment(id, 'numeric', 'post id')),
  });
  return res.body ?? {};
}

/** What the API says about a post's editability (created_at, edit_controls). */
export async function editState(client: ApiClient, id: string): Promise<{ created_at?: string; edit_controls?: EditControls }> {
  const res = await client.request<{ data?: { created_at?: string; edit_controls?: EditControls } }>({
    method: 'GET',
    path: joinPath('2', wire('path.posts', client.names), idSegment(id, 'numeric', 'post id')),
    query: [[wire('param.post.fields', client.names), 'created_at,edit_controls']],
  });
  return res.body?.data ?? {};
}

async function readStdinBuffer(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks);
}

/** The post text from --text, --text-file F or `-` (stdin); one trailing newline of a file or stdin is dropped. */
export async function readText(opts: {
  text?: string;
  textFile?: string;
  dash: boolean;
  /** Its stdin is read only for `-`. */
  io: { readonly stdin: NodeJS.ReadableStream };
}): Promise<string | undefined> {
  const given = [opts.text !== undefined && '--text', opts.textFile !== undefined && '--text-file', opts.dash && '-'].filter(Boolean);
  if (given.length > 1) throw invalid(String(given[1]), `cannot be combined with ${String(given[0])}: give the text once`);
  if (opts.text !== undefined) return opts.text;
  if (opts.textFile === undefined && !opts.dash) return undefined;
  const name = opts.dash || opts.textFile === '-' ? 'stdin' : opts.textFile!;
  let buf: Buffer;
  try {
    buf = opts.dash || opts.textFile === '-' ? await readStdinBuffer(opts.io.stdin) : await readFile(opts.textFile!);
  } catch (e) {
    throw invalid('--text-file', `cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!isUtf8(buf))
    throw new InputError(`${name}: not valid UTF-8 (save the text as UTF-8)`, [{ field: '--text-file', message: 'not valid UTF-8' }]);
  return buf
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r?\n$/, '');
}
