import { SETTINGS, type SettingSpec } from '../../config/schema.js';
import { configFile } from '../../config/paths.js';
import type { Context } from '../../context.js';
import { UsageError, InputError } from '../../errors.js';
import { assertSafeBaseUrl } from '../../http/url-policy.js';
import { mask } from '../../output/mask.js';
import type { VerbModule } from '../define.js';

export { mask };

function settable(key: string): SettingSpec {
  const spec = SETTINGS.find((s) => s.key === key);
  if (!spec) throw new UsageError(`unknown setting "${key}"`, `settings: ${SETTINGS.filter((s) => s.settable).map((s) => s.key).join(', ')}`);
  if (!spec.settable) throw new UsageError(`"${key}" is a credential, not a setting`, 'credentials are stored by `postctl auth login` / `postctl auth pin`, or come from the environment.');
  return spec;
}

export const get: VerbModule = {
  async run([key], _opts, ctx: Context) {
    const spec = settable(key!);
    const s = await ctx.settings();
    const v = s.values[spec.key];
    ctx.printer.value(ctx.format === 'table' ? v?.value ?? '' : { key: spec.key, value: v?.value ?? null, source: v?.source ?? null });
  },
};

export const set: VerbModule = {
  async run([key, value], _opts, ctx: Context) {
    const spec = settable(key!);
    if (spec.key.endsWith('_url')) assertSafeBaseUrl(value!, spec.key);
    if (spec.choices && !spec.choices.includes(value!)) throw new InputError(`${spec.key} must be one of ${spec.choices.join(', ')}`);
    const s = await ctx.settings();
    (await ctx.store()).patchProfile(s.profile, { [spec.key]: value });
    ctx.log.success(`${spec.key} set for profile ${s.profile}`);
  },
};

export const unset: VerbModule = {
  async run([key], _opts, ctx: Context) {
    const spec = settable(key!);
    const s = await ctx.settings();
    (await ctx.store()).patchProfile(s.profile, { [spec.key]: undefined });
    ctx.log.success(`${spec.key} removed from profile ${s.profile}`);
  },
};

export const list: VerbModule = {
  async run(_args, _opts, ctx: Context) {
    const s = await ctx.settings();
    const rows = SETTINGS.map((spec) => {
      const v = s.values[spec.key];
      return { key: spec.key, value: spec.secret ? (v?.value ? mask(v.value) : null) : v?.value ?? null, source: v?.source ?? null, ...(v?.origin ? { origin: v.origin } : {}) };
    });
    ctx.printer.list(rows, [{ header: 'key', key: 'key' }, { header: 'value', key: 'value' }, { header: 'source', get: (r) => (r.source === 'env' ? `env ${r.origin}` : r.source === 'profile' ? `profile ${r.origin}` : r.source ?? '') }], { profile: s.profile, data: rows });
  },
};

export const path: VerbModule = {
  async run(_args, _opts, ctx: Context) {
    ctx.printer.value(ctx.format === 'table' ? configFile(ctx.env) : { path: configFile(ctx.env) });
  },
};
