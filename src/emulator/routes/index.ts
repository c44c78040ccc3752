// Every route family; each module registers its own routes.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import * as adsCore from './ads-core.js';
import * as adsCreatives from './ads-creatives.js';
import * as adsStats from './ads-stats.js';
import * as audiences from './audiences.js';
import * as audiencesList from './audiences-list.js';
import * as audiencesManage from './audiences-manage.js';
import * as catalogs from './catalogs.js';
import * as oauth from './oauth.js';
import * as oauth2User from './oauth2-user.js';
import * as platform from './platform.js';
import * as platformMore from './platform-more.js';

const FAMILIES: Array<{ register(r: Router, state: EmulatorState): void }> = [
  oauth,
  oauth2User,
  // Before platform: its literal paths (/2/users/personalized_trends) win over any /2/users/:id there.
  platformMore,
  platform,
  adsCore,
  adsCreatives,
  adsStats,
  catalogs,
  audiences,
  audiencesList,
  audiencesManage,
];

export function registerAllRoutes(r: Router, state: EmulatorState): void {
  for (const f of FAMILIES) f.register(r, state);
}
