import { bash, fish, zsh } from '../../completion/scripts.js';
import { describe } from '../../completion/tree.js';
import { loadConfigData } from '../../config/resolve.js';
import { PROFILE_NAME } from '../../config/profile-name.js';
import type { Context } from '../../context.js';
import { InputError } from '../../errors.js';
import { buildProgram } from '../../program.js';
import type { VerbModule } from '../define.js';

const SHELLS = { bash, zsh, fish } as const;

export const completion: VerbModule = {
  async run([shell], _opts, ctx: Context) {
    const gen = SHELLS[shell as keyof typeof SHELLS];
    if (!gen) throw new InputError(`unknown shell "${shell}"`, [], 'use bash, zsh or fish.');
    ctx.printer.write(gen(describe(await buildProgram())));
  },
};

export const profiles: VerbModule = {
  async run(_args, _opts, ctx: Context) {
    const { data } = await loadConfigData(ctx.env);
    // Only names a shell cannot read as code: a hand-edited config may hold anything.
    const names = Object.keys(data.profiles ?? {}).filter((name) => PROFILE_NAME.test(name));
    if (names.length) ctx.printer.write(names.join('\n') + '\n');
  },
};
