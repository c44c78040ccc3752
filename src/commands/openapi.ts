// `postctl openapi`: the service's own API description (GET /2/openapi.json), as JSON on stdout.
import { openapiRequest } from '../platform/usage.js';
import { defineVerb } from './define.js';

export default defineVerb({
  name: 'openapi',
  description: 'print the platform API’s OpenAPI description (GET /2/openapi.json; public, sent without credentials)',
  examples: ['postctl openapi > openapi.json', 'postctl openapi --query "info.version"'],
  options: {},
  async run(_args, _opts, ctx) {
    const res = await (await ctx.client()).request(openapiRequest());
    ctx.printer.value(res.body ?? {});
    return 0;
  },
});
