// `postctl ads targeting search <type> [query]`: the discovery endpoints
// (GET targeting_criteria/<type>) — the targeting_value column is what
// `ads targeting add --value` takes.
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { discoveryRequest } from '../../../ads/targeting.js';
import { UsageError } from '../../../errors/cli-error.js';
import type { Column } from '../../../output/printer.js';
import { enumList } from '../../../validate/creatives-lists.js';
import { Problems, oneOf } from '../../../validate/rules.js';
import { DISCOVERY, EVENT_TYPES, LOCATION_TYPES, OS_TYPES, type DiscoveryType } from '../../../validate/targeting.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';

const TYPES = Object.keys(DISCOVERY) as DiscoveryType[];
type Row = Record<string, unknown>;
const COLUMNS: Column<Row>[] = [
  { header: 'targeting_value', key: 'targeting_value' },
  { header: 'name', key: 'name' },
  { header: 'targeting_type', key: 'targeting_type' },
  { header: 'location_type', key: 'location_type' },
  { header: 'country_code', key: 'country_code' },
  { header: 'os_type', key: 'os_type' },
];

interface Flags {
  locationType?: string;
  countryCode?: string;
  osType?: string;
  eventTypes?: string;
  conversationType?: string;
  locale?: string;
}

/** The endpoint's own filters, each allowed only where the reference lists it. */
function filters(type: DiscoveryType, opts: Flags, p: Problems): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  const only = (flag: string, value: string | undefined, types: DiscoveryType[]) => {
    if (value !== undefined && !types.includes(type)) throw new UsageError(`${flag} is only for ${types.join(', ')}`);
    return value !== undefined;
  };
  if (only('--location-type', opts.locationType, ['locations'])) {
    p.check('location_type', opts.locationType, [oneOf(LOCATION_TYPES)]);
    q.push(['location_type', opts.locationType!]);
  }
  if (only('--country-code', opts.countryCode, ['locations', 'network-operators', 'events'])) {
    if (!/^[A-Z]{2}(,[A-Z]{2})*$/.test(opts.countryCode!)) p.add('country_code', 'must be ISO 3166-1 alpha-2 codes such as US');
    q.push([type === 'events' ? 'country_codes' : 'country_code', opts.countryCode!]);
  }
  if (only('--os-type', opts.osType, ['app-store-categories'])) {
    p.check('os_type', opts.osType, [oneOf(OS_TYPES)]);
    q.push(['os_type', opts.osType!]);
  }
  if (type === 'events' && opts.eventTypes === undefined) throw new UsageError('events needs --event-types (e.g. SPORTS)');
  if (only('--event-types', opts.eventTypes, ['events']))
    q.push(['event_types', (enumList(p, 'event_types', opts.eventTypes, EVENT_TYPES) ?? []).join(',')]);
  if (only('--conversation-type', opts.conversationType, ['conversations'])) q.push(['conversation_type', opts.conversationType!]);
  if (type === 'tv-shows' && opts.locale === undefined)
    throw new UsageError('tv-shows needs --locale (e.g. en-US; see `ads targeting search tv-markets`)');
  if (only('--locale', opts.locale, ['tv-shows'])) q.push(['locale', opts.locale!]);
  return q;
}

export default defineVerb({
  name: 'search <type> [query]',
  description: `find targeting values: ${TYPES.join(', ')}; prints the targeting_value for \`ads targeting add --value\``,
  examples: [
    'postctl ads targeting search locations "san francisco" --location-type CITIES',
    'postctl ads targeting search interests books',
    'postctl ads targeting search languages english',
    'postctl ads targeting search events --event-types SPORTS --country-code US',
  ],
  options: {
    locationType: { flags: '--location-type <type>', description: `locations only: ${LOCATION_TYPES.join(', ')}` },
    countryCode: {
      flags: '--country-code <code>',
      description: 'locations, network-operators (default US), events (comma list): ISO 3166-1 alpha-2',
    },
    osType: { flags: '--os-type <os>', description: 'app-store-categories only: ANDROID or IOS' },
    eventTypes: { flags: '--event-types <types>', description: `events (required): ${EVENT_TYPES.join(', ')}` },
    conversationType: { flags: '--conversation-type <type>', description: 'conversations only, e.g. SPORTS_TEAMS' },
    locale: { flags: '--locale <locale>', description: 'tv-shows (required), e.g. en-US' },
    ...listOptions({ min: 1, max: 1000, def: 200 }, { sortBy: false, withDeleted: false, totalCount: false }),
    ...accountOptions,
  },
  async run([type, query], opts, ctx) {
    if (!(TYPES as string[]).includes(type)) throw new UsageError(`unknown type ${JSON.stringify(type)}: one of ${TYPES.join(', ')}`);
    const spec: { path: string; q: boolean; count?: { min: number; max: number; def: number } } = DISCOVERY[type as DiscoveryType];
    if (query !== undefined && !spec.q) throw new UsageError(`${type} takes no search text`);
    if (opts.count !== undefined && !spec.count) throw new UsageError(`${type} takes no --count`);
    const p = new Problems();
    const q = filters(type as DiscoveryType, opts, p);
    p.throwIfAny('invalid search');
    if (query !== undefined) q.push(['q', query]);
    q.push(...listQuery(opts, spec.count ?? { min: 1, max: 1000 }));
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), discoveryRequest(account, spec.path, q), opts, COLUMNS);
  },
});
