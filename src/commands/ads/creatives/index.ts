// `postctl ads media|cards|media-library|poll-cards|video-conversation-cards|posts`:
// creatives (ads-api.md "Creatives"). Declarations only; verbs load lazily.
import type { Command } from 'commander';
import { accountOptions, listOptions, sandboxOption, withDeletedOption as withDeleted } from '../../_ads-flags.js';
import { CONVERSATION_SETTINGS, CREATIVE_TYPES, LABEL_VALUES, MEDIA_TYPES, POST_MODES, VIDEO_CTAS } from '../../../creatives/enums.js';
import { ACCOUNT_MEDIA_PAGE, CARDS_PAGE, MEDIA_LIBRARY_PAGE, POLL_CARDS_PAGE, VIDEO_CONVERSATION_PAGE } from '../../../creatives/pages.js';
import { group, verb, yesOption, type OptionSpec } from '../../define.js';

const common = accountOptions;
const yes = yesOption('confirm the deletion without asking');
const noFetch: OptionSpec = { flags: '--no-fetch', description: 'do not look the media keys up in the media library before sending (their kind is then judged from the key prefix, or left to the API)' };
const q80: OptionSpec = { flags: '--q <text>', description: 'case-insensitive prefix of the name (max 80 characters)' };
const cardIds: OptionSpec = { flags: '--card-ids <ids>', description: 'only these card ids (comma list, up to 200)' };

export function registerAdsCreatives(ads: Command): void {
  registerMedia(ads);
  registerCards(ads);
  registerMediaLibrary(ads);
  registerPollCards(ads);
  registerVideoConversationCards(ads);
  registerPosts(ads);
}

function registerMedia(ads: Command): void {
  const g = group(ads, 'media', 'account media: the account\'s media assets by creative type (PREROLL, BANNER…)');
  const load = () => import('./media.js');
  verb(g, {
    name: 'list',
    description: 'list account media',
    examples: ['postctl ads media list', 'postctl ads media list --creative-types PREROLL,VAST_PREROLL --all -o jsonl'],
    options: [
      { flags: '--account-media-ids <ids>', description: 'only these account media ids (comma list, up to 200)' },
      { flags: '--creative-types <types>', description: `only these creative types (comma list): ${CREATIVE_TYPES.join(', ')}` },
      ...listOptions(ACCOUNT_MEDIA_PAGE),
      ...common,
    ],
    load: () => load().then((m) => m.list),
  });
  verb(g, { name: 'get <account_media_id>', description: 'show one account media asset', examples: ['postctl ads media get 3wpx'], options: [withDeleted, ...common], load: () => load().then((m) => m.get) });
  verb(g, { name: 'delete <account_media_id>', description: 'delete an account media asset (asks on a terminal, needs --yes otherwise)', examples: ['postctl ads media delete 3wpx --yes'], options: [yes, ...common], load: () => load().then((m) => m.remove) });
}

function registerCards(ads: Command): void {
  const g = group(ads, 'cards', 'cards built from components (media + website details or app button) or slides (multi-destination carousels)');
  const load = () => import('./cards.js');
  verb(g, {
    name: 'list',
    description: 'list the cards made through the create endpoint (type, components summary, card_uri)',
    examples: ['postctl ads cards list', 'postctl ads cards list --card-types IMAGE_WEBSITE,VIDEO_WEBSITE --q spring', 'postctl ads cards list --count 50 --all -o jsonl'],
    options: [
      { flags: '--card-types <types>', description: 'only these card types (comma list), e.g. IMAGE_WEBSITE, VIDEO_APP, IMAGE_MULTI_DEST_CAROUSEL_WEBSITE' },
      { flags: '--card-ids <ids>', description: 'only these card ids (comma list, up to 200; sent as card_id)' },
      { flags: '--card-uris <uris>', description: 'only these card URIs (comma list of card://<id>, up to 200)' },
      { flags: '--include-legacy-cards', description: 'also list legacy cards' },
      q80,
      ...listOptions(CARDS_PAGE, { totalCount: false }),
      ...common,
    ],
    load: () => load().then((m) => m.list),
  });
  verb(g, { name: 'get <card_id>', description: 'show one card with its components', examples: ['postctl ads cards get 1505723617405960192', 'postctl ads cards get 1505723617405960192 -o json'], options: [withDeleted, ...common], load: () => load().then((m) => m.get) });
  verb(g, {
    name: 'create',
    description: 'create a card from --file card.json ({name, components} or {name, slides}) or from the flags for the common shapes; every component rule is checked before sending',
    examples: [
      'postctl ads cards create --name "Spring sale" --media 3_1720000000000000001 --website-title "Spring sale" --website-url https://example.com/spring',
      'postctl ads cards create --name "Get the app" --swipeable 3_1720000000000000001,3_1720000000000000002 --app-button INSTALL --country US --ios-app 333903271',
      'postctl ads cards create --file card.json',
      'postctl ads cards create --file carousel.json --name "Three shops" --dry-run',
    ],
    options: [
      { flags: '-f, --file <path>', description: 'the card as JSON: {"name", "components": […]} or {"name", "slides": [[…], …]}; - for stdin' },
      { flags: '--name <name>', description: 'card name (required, max 80 characters; overrides the file\'s name)' },
      { flags: '--media <key>', description: 'MEDIA component: one image or video media key' },
      { flags: '--swipeable <keys>', description: 'SWIPEABLE_MEDIA component: 2 to 6 media keys, comma-separated' },
      { flags: '--website-title <title>', description: 'DETAILS component title (website destination)' },
      { flags: '--website-url <url>', description: 'DETAILS component WEBSITE destination URL' },
      { flags: '--app-button <label>', description: `BUTTON component label (app destination): ${LABEL_VALUES.join(', ')}` },
      { flags: '--country <code>', description: 'APP destination country_code (ISO 3166-1 alpha-2, required with a button)' },
      { flags: '--ios-app <id>', description: 'APP destination ios_app_store_identifier (numeric part of the App Store id)' },
      { flags: '--googleplay-app <id>', description: 'APP destination googleplay_app_id (package name)' },
      { flags: '--ios-deep-link <url>', description: 'APP destination ios_deep_link (needs --ios-app)' },
      { flags: '--googleplay-deep-link <url>', description: 'APP destination googleplay_deep_link (needs --googleplay-app)' },
      { flags: '--dry-run', description: 'check the card and print the JSON body that would be sent; send nothing' },
      ...common,
    ],
    load: () => import('./cards-create.js'),
  });
  verb(g, {
    name: 'update <card_id>',
    description: 'replace fields of a card: the JSON body holds only the fields to change (name, components or slides); checked with the create rules; only those fields are sent',
    examples: [
      'postctl ads cards update 1505723617405960192 --name "Spring sale (final)"',
      'postctl ads cards update 1505723617405960192 --file components.json',
      'postctl ads cards update 1505723617405960192 --file body.json --dry-run',
    ],
    options: [
      { flags: '-f, --file <path>', description: 'the fields to replace as JSON: {"name"}, {"components": […]} or {"slides": [[…], …]}; - for stdin' },
      { flags: '--name <name>', description: 'new card name (max 80 characters; overrides the file\'s name)' },
      { flags: '--dry-run', description: 'check the body and print it; send nothing' },
      ...common,
    ],
    load: () => import('./cards-update.js'),
  });
  verb(g, {
    name: 'delete <card_id>',
    description: 'delete a card (DELETE …/cards/:card_id; asks on a terminal, needs --yes otherwise)',
    examples: ['postctl ads cards delete 1505723617405960192 --yes'],
    options: [yes, ...common],
    load: () => load().then((m) => m.remove),
  });
}

function registerMediaLibrary(ads: Command): void {
  const g = group(ads, 'media-library', 'the account\'s media library: images, GIFs and videos usable in cards and posts');
  const load = () => import('./media-library.js');
  const fields: OptionSpec[] = [
    { flags: '--name <name>', description: 'name (max 100 characters)' },
    { flags: '--file-name <name>', description: 'file name (max 255 characters)' },
    { flags: '--title <title>', description: 'title (max 70 characters; videos only)' },
    { flags: '--description <text>', description: 'description (max 200 characters; videos only)' },
    { flags: '--poster-media-key <key>', description: 'poster image media key (videos only; default: the first frame)' },
  ];
  verb(g, {
    name: 'list',
    description: 'list media library items (key, type, status, duration, aspect ratio, name)',
    examples: ['postctl ads media-library list', 'postctl ads media-library list --media-type VIDEO --q launch', 'postctl ads media-library list --count 50 --all -o jsonl'],
    options: [
      { flags: '--media-type <type>', description: `only this media type: ${MEDIA_TYPES.join(', ')}` },
      { flags: '--q <text>', description: 'case-insensitive term on name, title, file_name and description (1 to 255 characters)' },
      ...listOptions(MEDIA_LIBRARY_PAGE, { sortBy: false, withDeleted: false, totalCount: false }),
      ...common,
    ],
    load: () => load().then((m) => m.list),
  });
  verb(g, { name: 'get <media_key>', description: 'show one media library item', examples: ['postctl ads media-library get 7_1720000000000000021'], options: common, load: () => load().then((m) => m.get) });
  verb(g, {
    name: 'add <media_key>',
    description: 'add uploaded media (uploaded with a media_category) to the library; an AMPLIFY_VIDEO also becomes a PREROLL account media asset',
    examples: ['postctl ads media-library add 3_1720000000000009001 --name "Hero image"', 'postctl ads media-library add 13_1720000000000009003 --name Launch --title "Launch film" --description "60 seconds"'],
    options: [...fields, ...common],
    load: () => load().then((m) => m.add),
  });
  verb(g, {
    name: 'update <media_key>',
    description: 'change name, file name, title, description or poster of a library item',
    examples: ['postctl ads media-library update 7_1720000000000000021 --title "Launch film (cut)"'],
    options: [...fields, { flags: '--no-fetch', description: 'do not fetch the item to check the video-only fields (the key prefix is used, else the API decides)' }, ...common],
    load: () => load().then((m) => m.update),
  });
  verb(g, { name: 'delete <media_key>', description: 'remove an item from the media library (asks on a terminal, needs --yes otherwise)', examples: ['postctl ads media-library delete 3_1720000000000000001 --yes'], options: [yes, ...common], load: () => load().then((m) => m.remove) });
}

function registerPollCards(ads: Command): void {
  const g = group(ads, 'poll-cards', 'poll cards: text or media polls with 2 to 4 choices (they cannot be updated)');
  const load = () => import('./poll-cards.js');
  const createOptions: OptionSpec[] = [
    { flags: '--name <name>', description: 'card name (required)' },
    { flags: '--duration <minutes>', description: 'duration_in_minutes: 5 to 10080, counted from card creation (required)' },
    { flags: '--first-choice <text>', description: 'first choice (required, max 25 characters)' },
    { flags: '--second-choice <text>', description: 'second choice (required, max 25 characters)' },
    { flags: '--third-choice <text>', description: 'third choice (max 25 characters; needs the first two)' },
    { flags: '--fourth-choice <text>', description: 'fourth choice (max 25 characters; needs the first three)' },
    { flags: '--media-key <key>', description: 'image (1.91:1, at least 800 px wide) or video from the media library; media polls need the PROMOTED_MEDIA_POLLS feature' },
    noFetch,
  ];
  verb(g, { name: 'list', description: 'list poll cards', examples: ['postctl ads poll-cards list', 'postctl ads poll-cards list --q lunch --all'], options: [cardIds, q80, ...listOptions(POLL_CARDS_PAGE), ...common], load: () => load().then((m) => m.list) });
  verb(g, { name: 'get <card_id>', description: 'show one poll card', examples: ['postctl ads poll-cards get 1505723617405960300'], options: [withDeleted, ...common], load: () => load().then((m) => m.get) });
  verb(g, {
    name: 'create',
    description: 'create a poll card',
    examples: ['postctl ads poll-cards create --name "Lunch poll" --duration 1440 --first-choice Pizza --second-choice Salad --third-choice Soup'],
    options: [...createOptions, ...common],
    load: () => load().then((m) => m.create),
  });
  verb(g, {
    name: 'update [card_id]',
    description: 'not possible: poll cards cannot be updated (exits 2 and says what to do instead)',
    examples: ['postctl ads poll-cards create --name "Lunch poll v2" --duration 1440 --first-choice Pizza --second-choice Salad'],
    options: [...createOptions.map((o) => ({ ...o, hidden: true })), ...common],
    load: () => load().then((m) => m.update),
  });
}

function registerVideoConversationCards(ads: Command): void {
  const g = group(ads, 'video-conversation-cards', 'video conversation cards: a 16:9 video with up to four hashtag calls to action');
  const load = () => import('./video-conversation-cards.js');
  const cta = (n: string, required = false): OptionSpec[] => [
    { flags: `--${n}-cta <hashtag>`, description: `${n} call to action, a hashtag (max 20 characters not counting a leading #; sent as given)${required ? ' (required)' : ''}` },
    { flags: `--${n}-cta-post <text>`, description: `text of the post made when the ${n} CTA is used (required with --${n}-cta)` },
  ];
  verb(g, { name: 'list', description: 'list video conversation cards', examples: ['postctl ads video-conversation-cards list'], options: [cardIds, q80, ...listOptions(VIDEO_CONVERSATION_PAGE), ...common], load: () => load().then((m) => m.list) });
  verb(g, { name: 'get <card_id>', description: 'show one video conversation card', examples: ['postctl ads video-conversation-cards get 1505723617405960400'], options: [withDeleted, ...common], load: () => load().then((m) => m.get) });
  verb(g, {
    name: 'create',
    description: 'create a video conversation card',
    examples: ['postctl ads video-conversation-cards create --name Launch --media-key 7_1720000000000000021 --title "Pick one" --first-cta "#TeamBlue" --first-cta-post "I am #TeamBlue" --thank-you-text "Thanks!"'],
    options: [
      { flags: '--name <name>', description: 'card name (required)' },
      { flags: '--media-key <key>', description: 'a 16:9 video in the media library (required)' },
      { flags: '--title <title>', description: 'title (max 23 characters; required when --second-cta is absent)' },
      ...cta('first', true),
      ...cta('second'),
      ...cta('third'),
      ...cta('fourth'),
      { flags: '--thank-you-text <text>', description: 'thank-you text (required, max 23 characters)' },
      { flags: '--thank-you-url <url>', description: 'thank-you URL' },
      { flags: '--poster-media-key <key>', description: 'poster image media key' },
      { flags: '--unlocked-image-media-key <key>', description: 'image shown once unlocked (write-only)' },
      { flags: '--unlocked-video-media-key <key>', description: 'video shown once unlocked' },
      noFetch,
      ...common,
    ],
    load: () => load().then((m) => m.create),
  });
  verb(g, {
    name: 'update <card_id>',
    description: 'change fields of a video conversation card: only the flags given are sent; the required-with rules are checked against the card as it would be (unless --no-fetch)',
    examples: ['postctl ads video-conversation-cards update 1505723617405960400 --first-cta "#TeamRed" --first-cta-post "I am #TeamRed"', 'postctl ads video-conversation-cards update 1505723617405960400 --name "Launch v2" --thank-you-text "Thanks again!"'],
    options: [
      { flags: '--name <name>', description: 'card name (max 80 characters)' },
      { flags: '--media-key <key>', description: 'a 16:9 video in the media library' },
      { flags: '--title <title>', description: 'title (max 23 characters)' },
      ...cta('first'),
      ...cta('second'),
      ...cta('third'),
      ...cta('fourth'),
      { flags: '--thank-you-text <text>', description: 'thank-you text (max 23 characters)' },
      { flags: '--thank-you-url <url>', description: 'thank-you URL' },
      { flags: '--poster-media-key <key>', description: 'poster image media key' },
      { flags: '--unlocked-image-media-key <key>', description: 'image shown once unlocked (write-only)' },
      { flags: '--unlocked-video-media-key <key>', description: 'video shown once unlocked' },
      { flags: '--no-fetch', description: 'do not fetch the card first: only the given fields are checked (lengths), the required-with rules are left to the API' },
      ...common,
    ],
    load: () => load().then((m) => m.update),
  });
}

function registerPosts(ads: Command): void {
  const g = group(ads, 'posts', 'posts made through the ad account (promoted-only by default) and their names');
  const load = () => import('./posts.js');
  verb(g, {
    name: 'create',
    description: 'create a post for an advertiser (--as-user); text, media keys (up to 4 images, or 1 GIF, or 1 video) and/or a card',
    examples: [
      'postctl ads posts create --as-user 756201191 --text "Spring is here" --card-uri card://1505723617405960192',
      'postctl ads posts create --as-user 756201191 --media-keys 3_1720000000000000001,3_1720000000000000002 --name "Spring A"',
      'postctl ads posts create --as-user 756201191 --media-keys 7_1720000000000000021 --video-title Launch --video-cta WATCH_NOW --video-cta-value https://example.com',
    ],
    options: [
      { flags: '--as-user <id>', description: 'as_user_id: the advertiser\'s user id (required; the advertiser must have granted your handle access)' },
      { flags: '--text <text>', description: 'post text (required when no media keys are given)' },
      { flags: '--media-keys <keys>', description: 'media library keys, comma-separated: up to 4 images, or 1 GIF, or 1 video' },
      { flags: '--card-uri <uri>', description: 'attach a card: card://<card_id>' },
      { flags: '--name <name>', description: 'post name (max 80 characters)' },
      { flags: '--nullcast', description: 'promoted-only post (the API default)' },
      { flags: '--no-nullcast', description: 'organic post (only for the authenticated user\'s own posts)' },
      { flags: '--conversation-settings <who>', description: `who can reply: ${CONVERSATION_SETTINGS.join(', ')} (API default EVERYONE; returned by GET, not in the create response)` },
      { flags: '--trim-user', description: 'return only the user id in the post\'s user object' },
      { flags: '--post-mode <mode>', description: `${POST_MODES.join(' or ')}` },
      { flags: '--video-cta <cta>', description: `video call to action: ${VIDEO_CTAS.join(', ')}` },
      { flags: '--video-cta-value <value>', description: 'value of the video call to action (e.g. the URL)' },
      { flags: '--video-title <title>', description: 'video title (max 70 characters)' },
      { flags: '--video-description <text>', description: 'video description (max 200 characters)' },
      noFetch,
      ...common,
    ],
    load: () => load().then((m) => m.create),
  });
  verb(g, {
    name: 'name <post_id> <name>',
    description: 'set the name of a post made through the ad account (max 80 characters)',
    examples: ['postctl ads posts name 1505723617405960500 "Spring A"'],
    options: common,
    load: () => load().then((m) => m.name),
  });
}
