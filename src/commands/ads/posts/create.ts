// `postctl ads posts create`: a post for an advertiser. Checked locally (and
// --no-nullcast against the token's user), then its media keys against the
// media library (unless --no-fetch), then sent.
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import { CONVERSATION_SETTINGS, POST_MODES, VIDEO_CTAS } from '../../../creatives/enums.js';
import { kindFromKey } from '../../../creatives/media-library.js';
import { createAdPost } from '../../../creatives/posts.js';
import type { ApiClient } from '../../../http/client.js';
import type { Params } from '../../../http/encode.js';
import { mediaKeysProblem, validatePost, type PostParams } from '../../../validate/creatives-post.js';
import { commaList, type Problems } from '../../../validate/rules.js';
import { wire, type NameStyle } from '../../../wire/names.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionsOf, type OptionTable } from '../../define.js';
import { checkLibraryKeys, noFetchOption, printOne } from '../_creatives.js';
import { FIELDS } from './_columns.js';

const options = {
  asUser: {
    flags: '--as-user <id>',
    description: "as_user_id: the advertiser's user id (required; the advertiser must have granted your handle access)",
  },
  text: { flags: '--text <text>', description: 'post text (required when no media keys are given)' },
  mediaKeys: { flags: '--media-keys <keys>', description: 'media library keys, comma-separated: up to 4 images, or 1 GIF, or 1 video' },
  cardUri: { flags: '--card-uri <uri>', description: 'attach a card: card://<card_id>' },
  name: { flags: '--name <name>', description: 'post name (max 80 characters)' },
  nullcast: {
    flags: '--nullcast',
    description: 'promoted-only post (the API default)',
    negate: "organic post (only for the authenticated user's own posts)",
  },
  conversationSettings: {
    flags: '--conversation-settings <who>',
    description: `who can reply: ${CONVERSATION_SETTINGS.join(', ')} (API default EVERYONE; returned by GET, not in the create response)`,
  },
  trimUser: { flags: '--trim-user', description: "return only the user id in the post's user object" },
  postMode: { flags: '--post-mode <mode>', description: `${POST_MODES.join(' or ')}` },
  videoCta: { flags: '--video-cta <cta>', description: `video call to action: ${VIDEO_CTAS.join(', ')}` },
  videoCtaValue: { flags: '--video-cta-value <value>', description: 'value of the video call to action (e.g. the URL)' },
  videoTitle: { flags: '--video-title <title>', description: 'video title (max 70 characters)' },
  videoDescription: { flags: '--video-description <text>', description: 'video description (max 200 characters)' },
  fetch: noFetchOption,
  ...writeOptions,
} as const satisfies OptionTable;
type Flags = OptionsOf<typeof options>;

/** The user id an access token belongs to: the platform's tokens start with it ("2244994945-…"). */
function tokenUser(token: string | undefined): string | undefined {
  return token ? /^(\d+)-/.exec(token)?.[1] : undefined;
}

const PARAM_ORDER = [
  'as_user_id',
  'text',
  'media_keys',
  'card_uri',
  'conversation_settings',
  'name',
  'post_mode',
  'video_cta',
  'video_cta_value',
  'video_title',
  'video_description',
] as const;

function postValues(opts: Flags, keys: string[] | undefined): PostParams {
  return {
    as_user_id: opts.asUser,
    text: opts.text,
    media_keys: keys,
    card_uri: opts.cardUri,
    name: opts.name,
    conversation_settings: opts.conversationSettings?.toUpperCase(),
    post_mode: opts.postMode?.toLowerCase(),
    video_cta: opts.videoCta?.toUpperCase(),
    video_cta_value: opts.videoCtaValue,
    video_title: opts.videoTitle,
    video_description: opts.videoDescription,
  };
}

/** The checks that need no request; `fetch` says whether the media keys' kinds come from the library later. */
async function localProblems(ctx: Context, opts: Flags, values: PostParams, fetch: boolean): Promise<Problems> {
  const keys = values.media_keys;
  // Without the library, the key prefix tells what it can; the fetched kinds are checked below.
  const problems = validatePost(values, fetch ? new Map() : new Map((keys ?? []).map((k) => [k, kindFromKey(k)])));
  if (opts.mediaKeys !== undefined && keys?.length === 0) problems.add('media_keys', 'must list at least one media key');
  if (opts.nullcast === false && values.as_user_id) {
    const me = tokenUser((await ctx.settings()).get('access_token'));
    if (me && me !== values.as_user_id)
      problems.add(
        'nullcast',
        `organic posts (--no-nullcast) are only for the authenticated user (${me}); as_user_id is ${values.as_user_id}`,
      );
  }
  return problems;
}

/** Each key in the library, and the kinds together allowed in one post. */
async function checkMediaKeys(client: ApiClient, t: AccountRef, problems: Problems, keys: string[]): Promise<void> {
  const found = await checkLibraryKeys(
    client,
    t,
    problems,
    keys.map((k) => ({ field: 'media_keys', key: k })),
  );
  const msg = mediaKeysProblem(keys, new Map(keys.map((k) => [k, found.get(k)?.media_type])));
  if (msg) problems.add('media_keys', msg);
  problems.throwIfAny('invalid post');
}

function paramsOf(values: PostParams, opts: Flags, names: NameStyle): Params {
  const params: Params = [];
  for (const f of PARAM_ORDER) {
    const v = values[f];
    // The mode parameter's wire name differs between the live service and the spec.
    if (v !== undefined) params.push([f === 'post_mode' ? wire('param.post_mode', names) : f, Array.isArray(v) ? v.join(',') : v]);
  }
  if (opts.nullcast !== undefined) params.push(['nullcast', String(Boolean(opts.nullcast))]);
  if (opts.trimUser) params.push(['trim_user', 'true']);
  return params;
}

export default defineVerb({
  name: 'create',
  description: 'create a post for an advertiser (--as-user); text, media keys (up to 4 images, or 1 GIF, or 1 video) and/or a card',
  examples: [
    'postctl ads posts create --as-user 756201191 --text "Spring is here" --card-uri card://1505723617405960001',
    'postctl ads posts create --as-user 756201191 --media-keys 3_1720000000000000001,3_1720000000000000002 --name "Spring A"',
    'postctl ads posts create --as-user 756201191 --media-keys 7_1720000000000000021 --video-title Launch --video-cta WATCH_NOW --video-cta-value https://example.com',
  ],
  options,
  async run(_args, opts, ctx) {
    const keys = opts.mediaKeys !== undefined ? commaList(opts.mediaKeys) : undefined;
    const values = postValues(opts, keys);
    const fetch = opts.fetch !== false && (keys?.length ?? 0) > 0;
    const problems = await localProblems(ctx, opts, values, fetch);
    problems.throwIfAny('invalid post');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (fetch && keys) await checkMediaKeys(client, t, problems, keys);
    const res = await createAdPost(client, t, paramsOf(values, opts, client.names));
    printOne(ctx, res.body, FIELDS(client.names));
    ctx.log.success(`created post ${res.body.data.id_str}${res.body.data.nullcast === false ? '' : ' (promoted-only)'}`);
  },
});
