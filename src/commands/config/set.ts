// `postctl config set <key> <value>`: store a non-secret setting in the profile.
import { InputError } from '../../errors/cli-error.js';
import { assertSafeBaseUrl } from '../../http/url-policy.js';
import { defineVerb } from '../define.js';
import { SETTABLE, settable } from './_settable.js';

export default defineVerb({
  name: 'set <key> <value>',
  description: `store a setting in the profile (keys: ${SETTABLE.join(', ')}); secrets are set with \`postctl auth login\``,
  examples: ['postctl config set ads_account 18ce54d4x5t', 'postctl config set api_url http://127.0.0.1:8787'],
  async run([key, value], _opts, ctx) {
    const spec = settable(key);
    if (spec.key.endsWith('_url')) assertSafeBaseUrl(value, spec.key);
    if (spec.choices && !spec.choices.includes(value)) throw new InputError(`${spec.key} must be one of ${spec.choices.join(', ')}`);
    const s = await ctx.settings();
    (await ctx.store()).patchProfile(s.profile, { [spec.key]: value });
    ctx.log.success(`${spec.key} set for profile ${s.profile}`);
  },
});
