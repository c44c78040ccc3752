// `postctl completion bash|zsh|fish` and the hidden `__profiles` helper the scripts call.
import type { Command } from 'commander';
import { verb } from '../define.js';

export function registerCompletion(program: Command): void {
  verb(program, {
    name: 'completion <shell>',
    description: 'print the shell completion script (bash, zsh or fish); docs/configuration.md says where to install it',
    examples: ['postctl completion bash > ~/.local/share/bash-completion/completions/postctl', 'postctl completion zsh > ~/.zfunc/_postctl', 'postctl completion fish > ~/.config/fish/completions/postctl.fish'],
    load: () => import('./run.js').then((m) => m.completion),
  });
  const hidden = verb(program, {
    name: '__profiles',
    description: 'profile names, one per line (used by the completion scripts)',
    examples: [],
    load: () => import('./run.js').then((m) => m.profiles),
  });
  (hidden as unknown as { _hidden: boolean })._hidden = true;
}
