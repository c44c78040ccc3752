// Verbs of this group are declared by its issue; see commands/config/index.ts for the pattern.
import type { Command } from 'commander';

export function registerCompletion(_program: Command): void {}
