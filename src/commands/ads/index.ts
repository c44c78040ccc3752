// `postctl ads …`: the ads core (accounts, line items, categories, features) and creatives.
import type { Command } from 'commander';
import { group } from '../define.js';
import { registerAdsCore } from './core/index.js';
import { registerAdsCreatives } from './creatives/index.js';

export function registerAds(program: Command): void {
  const ads = group(program, 'ads', 'advertising API: accounts, line items, categories, features, creatives');
  registerAdsCore(ads);
  registerAdsCreatives(ads);
}
