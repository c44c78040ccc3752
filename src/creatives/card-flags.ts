// Builds a card create body from the flags for the common shapes (one media
// component plus a website DETAILS or an app BUTTON). It builds what the flags
// say without judging it: validateCard then checks the result exactly as it
// checks a --file card, and flagFor() turns a JSON path back into the flag.
import { commaList } from '../validate/rules.js';

export interface CardFlags {
  name?: string;
  media?: string;
  swipeable?: string;
  websiteTitle?: string;
  websiteUrl?: string;
  appButton?: string;
  country?: string;
  iosApp?: string;
  googleplayApp?: string;
  iosDeepLink?: string;
  googleplayDeepLink?: string;
}

const MEDIA_FLAGS = ['media', 'swipeable'] as const;
const WEBSITE_FLAGS = ['websiteTitle', 'websiteUrl'] as const;
const APP_FLAGS = ['appButton', 'country', 'iosApp', 'googleplayApp', 'iosDeepLink', 'googleplayDeepLink'] as const;
const CARD_SHAPE_FLAGS = [...MEDIA_FLAGS, ...WEBSITE_FLAGS, ...APP_FLAGS] as const;

const given = (v: string | undefined): v is string => v !== undefined;

export function hasCardFlags(f: CardFlags): boolean {
  return CARD_SHAPE_FLAGS.some((k) => given(f[k]));
}

/** `{name, components}` from the flags, components top to bottom: media first, then DETAILS and/or BUTTON. */
export function cardFromFlags(f: CardFlags): { name?: string; components: Array<Record<string, unknown>> } {
  const components: Array<Record<string, unknown>> = [];
  if (given(f.media)) components.push({ type: 'MEDIA', media_key: f.media });
  if (given(f.swipeable)) components.push({ type: 'SWIPEABLE_MEDIA', media_keys: commaList(f.swipeable) });
  if (WEBSITE_FLAGS.some((k) => given(f[k]))) {
    components.push({
      type: 'DETAILS',
      ...(given(f.websiteTitle) ? { title: f.websiteTitle } : {}),
      destination: { type: 'WEBSITE', ...(given(f.websiteUrl) ? { url: f.websiteUrl } : {}) },
    });
  }
  if (APP_FLAGS.some((k) => given(f[k]))) {
    const destination: Record<string, unknown> = { type: 'APP' };
    // Country codes and labels are enums: accept any case on the command line.
    if (given(f.country)) destination.country_code = f.country.toUpperCase();
    if (given(f.iosApp)) destination.ios_app_store_identifier = f.iosApp;
    if (given(f.googleplayApp)) destination.googleplay_app_id = f.googleplayApp;
    if (given(f.iosDeepLink)) destination.ios_deep_link = f.iosDeepLink;
    if (given(f.googleplayDeepLink)) destination.googleplay_deep_link = f.googleplayDeepLink;
    components.push({
      type: 'BUTTON',
      ...(given(f.appButton) ? { label: { type: 'ENUM', value: f.appButton.toUpperCase() } } : {}),
      destination,
    });
  }
  return { ...(given(f.name) ? { name: f.name } : {}), components };
}

const PATH_FLAGS: Array<[RegExp, string]> = [
  [/^name$/, '--name'],
  [/\.media_key$/, '--media'],
  [/\.media_keys(\[\d+\])?$/, '--swipeable'],
  [/\.title$/, '--website-title'],
  [/\.destination\.url$/, '--website-url'],
  [/\.destination\.country_code$/, '--country'],
  [/\.destination\.ios_app_store_identifier$/, '--ios-app'],
  [/\.destination\.googleplay_app_id$/, '--googleplay-app'],
  [/\.destination\.ios_deep_link$/, '--ios-deep-link'],
  [/\.destination\.googleplay_deep_link$/, '--googleplay-deep-link'],
  [/\.label(\.\w+)?$/, '--app-button'],
  [/^components$/, '--media or --swipeable, and --website-title/--website-url or --app-button'],
];

/**
 * The flag that sets the value at a JSON path of a flag-built card. A whole
 * component (a second media or action component) is named by its kind.
 */
export function flagFor(path: string, card?: { components?: Array<Record<string, unknown>> }): string | undefined {
  const whole = /^components\[(\d+)\]$/.exec(path);
  if (whole) {
    const type = card?.components?.[Number(whole[1])]?.type;
    if (type === 'MEDIA' || type === 'SWIPEABLE_MEDIA') return '--media or --swipeable, not both';
    if (type === 'DETAILS' || type === 'BUTTON') return 'the --website-* flags or the --app-button/--country/app flags, not both';
    return undefined;
  }
  return PATH_FLAGS.find(([re]) => re.test(path))?.[1];
}
