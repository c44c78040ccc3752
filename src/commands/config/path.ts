// `postctl config path`: where the config file is.
import { configFile } from '../../config/paths.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'path',
  description: 'print the config file path',
  examples: ['postctl config path'],
  async run(_args, _opts, ctx) {
    ctx.printer.value(ctx.format === 'table' ? configFile(ctx.env) : { path: configFile(ctx.env) });
  },
});
