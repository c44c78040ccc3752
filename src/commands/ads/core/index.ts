// Verbs of this part of `postctl ads` are declared by its issue; see commands/config/index.ts for the pattern.
import type { Command } from 'commander';

export function registerAdsCore(_ads: Command): void {}
