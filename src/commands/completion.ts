// `postctl completion bash|zsh|fish`: the completion script, generated from the command tree (which the
// launcher installs: importing the program from here would close a circle through the manifests).
import { bash, fish, zsh } from '../completion/scripts.js';
import { describe } from '../completion/tree.js';
import { InputError } from '../errors/cli-error.js';
import { commandTree, defineVerb } from './define.js';

const SHELLS = { bash, zsh, fish } as const;

export default defineVerb({
  name: 'completion <shell>',
  description: 'print the shell completion script (bash, zsh or fish); docs/configuration.md says where to install it',
  examples: [
    'postctl completion bash > ~/.local/share/bash-completion/completions/postctl',
    'postctl completion zsh > ~/.zfunc/_postctl',
    'postctl completion fish > ~/.config/fish/completions/postctl.fish',
  ],
  async run([shell], _opts, ctx) {
    const gen = SHELLS[shell as keyof typeof SHELLS];
    if (!gen) throw new InputError(`unknown shell "${shell}"`, [], 'use bash, zsh or fish.');
    ctx.printer.write(gen(describe(await commandTree().program())));
  },
});
