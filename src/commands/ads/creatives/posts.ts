// `ads posts create|name`: posts made through the ad account.
import { createAdPost, nameAdPost } from '../../../creatives/posts.js';
import { kindFromKey } from '../../../creatives/media-library.js';
import type { AdPost } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import type { Params } from '../../../http/encode.js';
import type { Column } from '../../../output/printer.js';
import { POST_NAME_MAX, mediaKeysProblem, validatePost, type PostParams } from '../../../validate/creatives-post.js';
import { commaList, maxLength, positiveLong, Problems } from '../../../validate/rules.js';
import type { VerbModule } from '../../define.js';
import { wire, type NameStyle } from '../../../wire/names.js';
import { checkLibraryKeys } from './library-check.js';
import { printOne, str } from './shared.js';
import { accountRef } from '../_account.js';

const FIELDS = (style: NameStyle): Column<AdPost>[] => [
  { header: 'id', key: 'id_str' },
  { header: 'name', key: 'name' },
  { header: 'text', get: (p) => p.full_text ?? p.text },
  { header: 'nullcast', key: 'nullcast' },
  { header: 'user', key: 'user.id_str' },
  { header: wire('key.post_type', style), key: wire('key.post_type', style) },
  { header: 'created_at', key: 'created_at' },
];

/** The user id an access token belongs to: the platform's tokens start with it ("2244994945-…"). */
function tokenUser(token: string | undefined): string | undefined {
  return token ? /^(\d+)-/.exec(token)?.[1] : undefined;
}

const PARAM_ORDER = ['as_user_id', 'text', 'media_keys', 'card_uri', 'conversation_settings', 'name', 'post_mode', 'video_cta', 'video_cta_value', 'video_title', 'video_description'] as const;

export const create: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const keys = str(opts.mediaKeys) !== undefined ? commaList(opts.mediaKeys) : undefined;
    const values: PostParams = {
      as_user_id: str(opts.asUser),
      text: str(opts.text),
      media_keys: keys,
      card_uri: str(opts.cardUri),
      name: str(opts.name),
      conversation_settings: str(opts.conversationSettings)?.toUpperCase(),
      post_mode: str(opts.postMode)?.toLowerCase(),
      video_cta: str(opts.videoCta)?.toUpperCase(),
      video_cta_value: str(opts.videoCtaValue),
      video_title: str(opts.videoTitle),
      video_description: str(opts.videoDescription),
    };
    const fetch = opts.fetch !== false && (keys?.length ?? 0) > 0;
    // Without the library, the key prefix tells what it can; the fetched kinds are checked below.
    const problems = validatePost(values, fetch ? new Map() : new Map((keys ?? []).map((k) => [k, kindFromKey(k)])));
    if (str(opts.mediaKeys) !== undefined && keys!.length === 0) problems.add('media_keys', 'must list at least one media key');
    if (opts.nullcast === false && values.as_user_id) {
      const me = tokenUser((await ctx.settings()).get('access_token'));
      if (me && me !== values.as_user_id) problems.add('nullcast', `organic posts (--no-nullcast) are only for the authenticated user (${me}); as_user_id is ${values.as_user_id}`);
    }
    problems.throwIfAny('invalid post');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (fetch) {
      const found = await checkLibraryKeys(client, t, problems, keys!.map((k) => ({ field: 'media_keys', key: k })));
      const msg = mediaKeysProblem(keys!, new Map(keys!.map((k) => [k, found.get(k)?.media_type])));
      if (msg) problems.add('media_keys', msg);
      problems.throwIfAny('invalid post');
    }
    const params: Params = [];
    for (const f of PARAM_ORDER) {
      const v = values[f];
      // The mode parameter's wire name differs between the live service and the spec.
      if (v !== undefined) params.push([f === 'post_mode' ? wire('param.post_mode', client.names) : f, Array.isArray(v) ? v.join(',') : v]);
    }
    if (opts.nullcast !== undefined) params.push(['nullcast', String(Boolean(opts.nullcast))]);
    if (opts.trimUser) params.push(['trim_user', 'true']);
    const res = await createAdPost(client, t, params);
    printOne(ctx, res.body, FIELDS(client.names));
    ctx.log.success(`created post ${res.body.data.id_str}${res.body.data.nullcast === false ? '' : ' (promoted-only)'}`);
  },
};

export const name: VerbModule = {
  async run([postId, newName], opts, ctx: Context) {
    const problems = new Problems();
    problems.check('post_id', postId, [positiveLong]);
    if (!newName?.trim()) problems.add('name', 'must not be empty');
    problems.check('name', newName, [maxLength(POST_NAME_MAX)]);
    problems.throwIfAny('invalid post name');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await nameAdPost(client, t, postId!, newName!);
    printOne(ctx, res.body, FIELDS(client.names));
    ctx.log.success(`post ${postId} is named ${JSON.stringify(newName)}`);
  },
};
