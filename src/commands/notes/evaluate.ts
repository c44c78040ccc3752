// `postctl notes evaluate <post_id> --text …`: score a draft note (POST /2/evaluate_note); nothing is written.
import { evaluateNoteRequest } from '../../platform/notes.js';
import { checkEvaluation } from '../../validate/notes.js';
import { parsePostRef } from '../../platform/refs.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { NOTE_AUTH } from './_notes.js';

export default defineVerb({
  name: 'evaluate <post_id>',
  description: 'score a draft Community Note before writing it (POST /2/evaluate_note; user context): prints claim_opinion_score',
  examples: ['postctl notes evaluate 1460323737035677698 --text "The photo is from 2019: https://example.org/source"'],
  options: {
    text: { flags: '--text <text>', description: 'the draft note' },
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run([arg], opts, ctx) {
    // A pasted post URL stands for its id; anything else is refused by checkEvaluation.
    const postId = parsePostRef(arg!) ?? arg;
    checkEvaluation(postId!, opts.text);
    const { client } = await authedClient(ctx, { endpoints: ['POST /2/evaluate_note'], prefer: NOTE_AUTH, flag: opts.auth });
    if (opts.dryRun) return printRequests(ctx, [evaluateNoteRequest(postId!, opts.text!)]);
    const res = await client.request<{ data?: unknown }>(evaluateNoteRequest(postId!, opts.text!));
    ctx.printer.object(res.body?.data ?? {}, [{ header: 'claim_opinion_score', key: 'claim_opinion_score' }], res.body);
    return 0;
  },
});
