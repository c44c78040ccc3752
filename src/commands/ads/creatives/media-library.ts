// `ads media-library list|get|add|update|delete`.
import { printAdsList } from '../../../ads/common.js';
import {
  MEDIA_LIBRARY_PAGE, MEDIA_TYPES, addMediaLibraryItem, deleteMediaLibraryItem, formatDuration, getMediaLibraryItem, kindFromKey,
  mediaLibraryListRequest, updateMediaLibraryItem,
} from '../../../creatives/media-library.js';
import type { MediaLibraryItem } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Params } from '../../../http/encode.js';
import type { Column } from '../../../output/printer.js';
import { LIBRARY_FIELDS, VIDEO_ONLY, validateLibraryFields, validateLibraryFilters, type LibraryParams } from '../../../validate/creatives-media-library.js';
import { Problems } from '../../../validate/rules.js';
import type { VerbModule } from '../../define.js';
import { confirmDelete, listParams, pairs, printOne, str } from './shared.js';
import { accountRef } from '../_account.js';
import { wire } from '../../../wire/names.js';

const COLUMNS: Column<MediaLibraryItem>[] = [
  { header: 'media_key', key: 'media_key' },
  { header: 'media_type', key: 'media_type' },
  { header: 'media_status', key: 'media_status' },
  { header: 'duration', get: (m) => formatDuration(m.duration) },
  { header: 'aspect_ratio', key: 'aspect_ratio' },
  { header: 'name', key: 'name' },
];
const FIELDS: Column<MediaLibraryItem>[] = [
  ...COLUMNS,
  ...(['media_category', 'media_url', 'file_name', 'title', 'description', 'poster_media_key', 'poster_media_url'] as const).map((k) => ({ header: k, key: k })),
  // The "posted" flag's key differs between the live service and the spec: read either.
  { header: 'posted', get: (m) => (m as unknown as Record<string, unknown>)[wire('key.posted', 'official')] ?? (m as unknown as Record<string, unknown>)[wire('key.posted', 'neutral')] },
  ...(['created_at', 'updated_at', 'deleted'] as const).map((k) => ({ header: k, key: k })),
];

function fieldValues(opts: Record<string, any>): LibraryParams {
  return { name: str(opts.name), file_name: str(opts.fileName), title: str(opts.title), description: str(opts.description), poster_media_key: str(opts.posterMediaKey) };
}

export const list: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const query = listParams(opts, MEDIA_LIBRARY_PAGE, (p) => {
      const mediaType = str(opts.mediaType)?.toUpperCase();
      validateLibraryFilters(str(opts.q), mediaType, MEDIA_TYPES, p);
      const q: Params = [];
      if (mediaType !== undefined) q.push(['media_type', mediaType]);
      if (str(opts.q) !== undefined) q.push(['q', opts.q]);
      return q;
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), mediaLibraryListRequest(t, query), opts, COLUMNS);
  },
};

export const get: VerbModule = {
  async run([key], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    printOne(ctx, (await getMediaLibraryItem(await ctx.client(), t, key!)).body, FIELDS);
  },
};

export const add: VerbModule = {
  async run([key], opts, ctx: Context) {
    const values = fieldValues(opts);
    // Not in the library yet, so its kind comes from the key prefix (or the API decides).
    const problems = validateLibraryFields(values, kindFromKey(key!));
    if (!key!.trim()) problems.add('media_key', 'is required');
    problems.throwIfAny('invalid media library item');
    const t = await accountRef(ctx, opts);
    const res = await addMediaLibraryItem(await ctx.client(), t, [['media_key', key!], ...pairs(LIBRARY_FIELDS, values)]);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`added ${key} to the media library of account ${t.id}`);
    if (res.body.data.media_category === 'AMPLIFY_VIDEO') {
      ctx.log.info('an AMPLIFY_VIDEO in the media library is also available as a PREROLL account media asset: postctl ads media list --creative-types PREROLL');
    }
  },
};

export const update: VerbModule = {
  async run([key], opts, ctx: Context) {
    const values = fieldValues(opts);
    const params = pairs(LIBRARY_FIELDS, values);
    if (params.length === 0) throw new UsageError('nothing to update', `pass at least one of --name, --file-name, --title, --description, --poster-media-key.`);
    validateLibraryFields(values, undefined).throwIfAny('invalid media library item');
    const t = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (VIDEO_ONLY.some((f) => values[f] !== undefined)) {
      // Video-only fields: ask the library what this item is (a GET), unless --no-fetch.
      const kind = opts.fetch === false ? kindFromKey(key!) : (await getMediaLibraryItem(client, t, key!)).body.data.media_type;
      validateLibraryFields(values, kind, new Problems()).throwIfAny('invalid media library item');
    }
    const res = await updateMediaLibraryItem(client, t, key!, params);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`updated ${key}`);
  },
};

export const remove: VerbModule = {
  async run([key], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `media library item ${key} of account ${t.id}`, opts.yes))) return;
    const res = await deleteMediaLibraryItem(await ctx.client(), t, key!);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`deleted ${key} from the media library`);
  },
};
