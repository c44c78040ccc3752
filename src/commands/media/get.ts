// `postctl media get <media_keys...>`: media by key — one (GET /2/media/{media_key})
// or up to 100 in one request (GET /2/media?media_keys=…).
import { mediaRequest } from '../../platform/single.js';
import { fieldParams } from '../../validate/post-fields.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { allowUnknownFieldsOption, postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

const COLUMNS = [
  { header: 'media_key', key: 'media_key' },
  { header: 'type', key: 'type' },
  { header: 'width', key: 'width' },
  { header: 'height', key: 'height' },
  { header: 'url', key: 'url', flex: true },
];

export default defineVerb({
  name: 'get <media_keys...>',
  description: 'media by key: type, size, url (GET /2/media/{media_key}; several: GET /2/media, up to 100)',
  examples: [
    'postctl media get 3_1720000000000000004',
    'postctl media get 3_1720000000000000004 13_1720000000000000001 --media-fields duration_ms,variants -o json',
  ],
  options: {
    mediaFields: postFieldOptions.mediaFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('app'),
  },
  async run(keys, opts, ctx) {
    const style = (await ctx.client()).names;
    const fields = fieldParams({ style, fields: { media: opts.mediaFields }, allowUnknown: Boolean(opts.allowUnknownFields) });
    const { endpoint, req } = mediaRequest([...new Set(keys)], fields);
    const { client } = await authedClient(ctx, { endpoints: [endpoint], prefer: APP_FIRST, flag: opts.auth });
    const res = await client.request<{ data?: unknown }>(req);
    const data = res.body?.data;
    if (Array.isArray(data)) ctx.printer.list(data, COLUMNS, res.body);
    else ctx.printer.object((data ?? {}) as Record<string, unknown>, COLUMNS, res.body);
    return 0;
  },
});
