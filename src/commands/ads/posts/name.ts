// `postctl ads posts name <post_id> <name>`: names a post made through the ad account.
import { nameAdPost } from '../../../creatives/posts.js';
import { POST_NAME_MAX } from '../../../validate/creatives-post.js';
import { parsePostRef } from '../../../validate/platform-ids.js';
import { maxLength, positiveLong, Problems } from '../../../validate/rules.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { FIELDS } from './_columns.js';

export default defineVerb({
  name: 'name <post_id> <name>',
  description: 'set the name of a post made through the ad account (post id or URL; name max 80 characters)',
  examples: ['postctl ads posts name 1505723617405960500 "Spring A"'],
  options: writeOptions,
  async run([postRef, newName], opts, ctx) {
    const problems = new Problems();
    const postId = parsePostRef(postRef!) ?? postRef!;
    problems.check('post_id', postId, [positiveLong]);
    if (!newName?.trim()) problems.add('name', 'must not be empty');
    problems.check('name', newName, [maxLength(POST_NAME_MAX)]);
    problems.throwIfAny('invalid post name');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await nameAdPost(client, t, postId, newName);
    printOne(ctx, res.body, FIELDS(client.names));
    ctx.log.success(`post ${postId} is named ${JSON.stringify(newName)}`);
  },
});
