// The emulator's targeting catalogue: what the discovery endpoints
// (GET targeting_criteria/*, campaign-management reference) return, small,
// realistic and deterministic — the same values on every start. Keys the
// reference's examples show are kept as they are (United States 96683cc9126741d1,
// Los Angeles 3b77caf94bfc81fe, the San Francisco metro 5122804691e5fecc, English
// en, interest 1001, platforms 0-4); the others are 16 hex digits derived from the name.
import { key, type CatalogueEntry } from './ads-targeting-entry.js';
import { locations } from './ads-targeting-locations.js';

const INTERESTS: Array<[string, string[]]> = [
  [
    'Books and literature',
    ['Biographies and memoirs', 'Book news and general info', 'Comics', "Children's books", 'Fiction', 'Poetry', 'Sci-fi and fantasy'],
  ],
  [
    'Business',
    ['Advertising', 'Agriculture', 'Biotech and biomedical', 'Construction', 'Entrepreneurship', 'Marketing', 'Small business', 'Startups'],
  ],
  ['Careers', ['Job search', 'Remote work', 'Human resources', 'Internships']],
  ['Education', ['College life', 'Homeschooling', 'Language learning', 'Online courses', 'Teachers']],
  ['Events', ['Conferences', 'Festivals', 'Trade shows']],
  ['Family and parenting', ['Adoption', 'Daycare and pre-school', 'Parenting teens', 'Pregnancy']],
  [
    'Food and drink',
    [
      'Barbecues and grilling',
      'Beer',
      'Coffee',
      'Cooking',
      'Desserts and baking',
      'Fast food',
      'Healthy eating',
      'Restaurants',
      'Vegetarian',
      'Wine',
    ],
  ],
  ['Gaming', ['Console gaming', 'Esports', 'Mobile gaming', 'PC gaming', 'Retro gaming']],
  ['Health', ['Exercise and fitness', 'Medical', 'Mental health', 'Nutrition', 'Running', 'Yoga']],
  ['Hobbies and interests', ['Arts and crafts', 'Birdwatching', 'Collecting', 'Gardening', 'Photography', 'Woodworking']],
  ['Home and garden', ['Home improvement', 'Interior design', 'Real estate', 'Remodeling']],
  ['Law, government and politics', ['Charity and philanthropy', 'Elections', 'Immigration', 'Law']],
  ['Life stages', ['Retirement', 'Students', 'Newlyweds']],
  ['Movies and television', ['Action', 'Animation', 'Comedy', 'Documentary', 'Drama', 'Horror', 'Reality TV', 'Sci-fi']],
  ['Music and radio', ['Classical', 'Country', 'Electronic', 'Hip hop', 'Jazz', 'Pop', 'Rock', 'Podcasts']],
  ['Personal finance', ['Banking', 'Credit cards', 'Insurance', 'Investing', 'Mortgages', 'Cryptocurrency']],
  ['Pets', ['Birds', 'Cats', 'Dogs', 'Fish', 'Horses']],
  ['Science', ['Astronomy', 'Biology', 'Chemistry', 'Physics', 'Space']],
  ['Society', ['Dating', 'Religion', 'Weddings', 'Volunteering']],
  ['Sports', ['American football', 'Baseball', 'Basketball', 'Cricket', 'Cycling', 'Golf', 'Hockey', 'Motorsports', 'Soccer', 'Tennis']],
  ['Style and fashion', ['Beauty', 'Jewelry', 'Menswear', 'Sneakers', 'Womenswear']],
  [
    'Technology and computing',
    [
      'Cloud computing',
      'Computer programming',
      'Consumer electronics',
      'Data science',
      'Open source',
      'Software development',
      'Web design',
    ],
  ],
  ['Travel', ['Adventure travel', 'Air travel', 'Beach vacations', 'Business travel', 'Cruises', 'Hotels', 'National parks']],
  ['Automotive', ['Electric vehicles', 'Motorcycles', 'SUVs', 'Classic cars', 'Car shopping']],
  [
    'News and current events',
    ['Business news', 'Local news', 'Politics news', 'Science news', 'Sports news', 'Technology news', 'Weather', 'World news'],
  ],
  ['Outdoors', ['Camping', 'Climbing', 'Fishing', 'Hiking', 'Hunting', 'Kayaking', 'Skiing', 'Surfing']],
  ['Shopping', ['Coupons and discounts', 'Luxury goods', 'Online shopping', 'Second-hand', 'Toys', 'Gifts']],
  ['Comedy', ['Stand-up', 'Sketch comedy', 'Memes', 'Satire']],
  ['Arts and culture', ['Architecture', 'Dance', 'Museums', 'Opera', 'Painting', 'Sculpture', 'Theater']],
  ['Beauty and personal care', ['Fragrance', 'Hair care', 'Makeup', 'Nail care', 'Skin care', 'Shaving']],
  ['Entertainment', ['Awards shows', 'Celebrity news', 'Streaming services', 'Theme parks', 'Concerts']],
  ['Home services', ['Cleaning', 'Moving', 'Pest control', 'Plumbing', 'Solar energy']],
  ['Work and productivity', ['Collaboration tools', 'Note taking', 'Project management', 'Time management']],
];

function interests(): CatalogueEntry[] {
  // Ids as the reference shows them (category 1, first subcategory: 1001).
  return INTERESTS.flatMap(([cat, subs], c) =>
    subs.map((s, i) => ({ name: `${cat}/${s}`, targeting_type: 'INTEREST', targeting_value: String((c + 1) * 1000 + i + 1) })),
  );
}

const LANGUAGES: Array<[string, string]> = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['sv', 'Swedish'],
  ['no', 'Norwegian'],
  ['da', 'Danish'],
  ['fi', 'Finnish'],
  ['pl', 'Polish'],
  ['cs', 'Czech'],
  ['hu', 'Hungarian'],
  ['ro', 'Romanian'],
  ['el', 'Greek'],
  ['tr', 'Turkish'],
  ['ru', 'Russian'],
  ['uk', 'Ukrainian'],
  ['ar', 'Arabic'],
  ['he', 'Hebrew'],
  ['fa', 'Persian'],
  ['hi', 'Hindi'],
  ['bn', 'Bengali'],
  ['ur', 'Urdu'],
  ['ta', 'Tamil'],
  ['th', 'Thai'],
  ['vi', 'Vietnamese'],
  ['id', 'Indonesian'],
  ['ms', 'Malay'],
  ['tl', 'Tagalog'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['ca', 'Catalan'],
];

const simple = (type: string, names: string[], value: (i: number) => string, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  names.map((name, i) => ({ name, targeting_type: type, targeting_value: value(i), ...extra(i) }));

const PLATFORMS = ['iOS', 'Android', 'BlackBerry phones and tablets', 'Mobile web on other devices', 'Desktop and laptop computers'];
const VERSIONS: Array<[string, string, string]> = [
  ['Android', 'Ice Cream Sandwich', '17'],
  ['Android', 'Jelly Bean', '18'],
  ['Android', 'KitKat', '19'],
  ['Android', 'Lollipop', '21'],
  ['Android', 'Oreo', '26'],
  ['Android', 'Android 13', '33'],
  ['Android', 'Android 14', '34'],
  ['iOS', 'iOS 15.0', '215'],
  ['iOS', 'iOS 16.0', '216'],
  ['iOS', 'iOS 17.0', '217'],
  ['iOS', 'iOS 18.0', '218'],
];
const DEVICES = [
  'iPhone 3GS',
  'iPhone 4',
  'iPhone 12',
  'iPhone 13',
  'iPhone 14',
  'iPhone 15',
  'iPhone 15 Pro',
  'iPad Air',
  'iPad Pro',
  'iPad mini',
  'Galaxy S21',
  'Galaxy S22',
  'Galaxy S23',
  'Galaxy S24',
  'Galaxy Tab S9',
  'Pixel 6',
  'Pixel 7',
  'Pixel 8',
  'OnePlus 11',
  'Xperia 1 V',
];
const OPERATORS: Array<[string, string[]]> = [
  ['US', ['Advantage', 'Aeris', 'Airadigm', 'Airlink PCS', 'Airpeak', 'AT&T', 'T-Mobile', 'Verizon', 'US Cellular', 'Cricket Wireless']],
  ['GB', ['EE', 'O2', 'Three', 'Vodafone UK']],
  ['FR', ['Orange', 'SFR', 'Bouygues Telecom', 'Free Mobile']],
  ['DE', ['Telekom', 'Vodafone DE', 'O2 DE']],
];
const CONVERSATIONS: Array<[string, string]> = [
  ['SPORTS_LEAGUES', 'NFL'],
  ['SPORTS_LEAGUES', 'NBA'],
  ['SPORTS_LEAGUES', 'MLB'],
  ['SPORTS_LEAGUES', 'Premier League'],
  ['SPORTS_TEAMS', 'Golden State Warriors'],
  ['SPORTS_TEAMS', 'Real Madrid'],
  ['MOVIE_GENRES', 'Science fiction films'],
  ['MUSIC_GENRES', 'Jazz'],
  ['MUSIC_GENRES', 'K-pop'],
  ['BOOK_GENRES', 'Mystery'],
  ['VIDEO_GAMES', 'Minecraft'],
  ['VIDEO_GAME_PLATFORMS', 'Nintendo Switch'],
  ['BRANDS', 'Coffee brands'],
  ['PODCASTS', 'Technology podcasts'],
  ['NEWS', 'Technology news'],
  ['LIFESTYLES', 'Minimalism'],
  ['TV_SHOWS', 'Cooking shows'],
  ['TRENDS', 'Remote work'],
];
const EVENTS: Array<[string, string, string | null, string, string]> = [
  ['HOLIDAY', "New Year's", null, '2027-12-31T00:00:00Z', '2028-01-02T00:00:00Z'],
  ['HOLIDAY', 'Valentine’s Day', null, '2027-02-13T00:00:00Z', '2027-02-15T00:00:00Z'],
  ['HOLIDAY', 'Thanksgiving', 'US', '2027-11-24T00:00:00Z', '2027-11-27T00:00:00Z'],
  ['SPORTS', 'Super Bowl', 'US', '2027-02-06T00:00:00Z', '2027-02-08T00:00:00Z'],
  ['SPORTS', 'Wimbledon', 'GB', '2027-06-28T00:00:00Z', '2027-07-12T00:00:00Z'],
  ['SPORTS', 'Tour de France', 'FR', '2027-07-03T00:00:00Z', '2027-07-26T00:00:00Z'],
  ['MUSIC_AND_ENTERTAINMENT', 'Grammy Awards', 'US', '2027-02-07T00:00:00Z', '2027-02-08T00:00:00Z'],
  ['MUSIC_AND_ENTERTAINMENT', 'Glastonbury', 'GB', '2027-06-23T00:00:00Z', '2027-06-28T00:00:00Z'],
  ['CONFERENCE', 'CES', 'US', '2027-01-05T00:00:00Z', '2027-01-09T00:00:00Z'],
  ['CONFERENCE', 'Web Summit', 'PT', '2027-11-08T00:00:00Z', '2027-11-12T00:00:00Z'],
  ['POLITICS', 'General election night', 'GB', '2027-05-06T00:00:00Z', '2027-05-08T00:00:00Z'],
  ['RECURRING', 'Back to school', 'US', '2027-08-15T00:00:00Z', '2027-09-10T00:00:00Z'],
  ['OTHER', 'Black Friday', null, '2027-11-26T00:00:00Z', '2027-11-30T00:00:00Z'],
];
const TV_MARKETS: Array<[string, string, string]> = [
  ['France', 'FR', 'fr-FR'],
  ['Chile', 'CL', 'es-CL'],
  ['Germany', 'DE', 'de-DE'],
  ['Netherlands', 'NL', 'nl-NL'],
  ['United States', 'US', 'en-US'],
  ['Venezuela', 'VE', 'es-VE'],
  ['Brazil', 'BR', 'pt-BR'],
  ['Mexico', 'MX', 'es-MX'],
  ['Colombia', 'CO', 'es-CO'],
  ['United Kingdom', 'GB', 'en-GB'],
  ['Argentina', 'AR', 'es-AR'],
  ['Japan', 'JP', 'ja-JP'],
  ['Canada', 'CA', 'en-CA'],
  ['Spain', 'ES', 'es-ES'],
  ['Italy', 'IT', 'it-IT'],
  ['United States - Hispanic', 'US', 'es-US'],
  ['Ireland', 'IE', 'en-IE'],
];
const TV_SHOWS: Array<[string, string[]]> = [
  ['NewsWatch', ['en-US']],
  ['Evening News', ['en-US', 'en-CA']],
  ['Morning Show', ['en-US']],
  ['Late Night Comedy', ['en-US']],
  ['Premier League Highlights', ['en-GB', 'en-IE']],
  ['Bake Off', ['en-GB']],
  ['Le Journal', ['fr-FR']],
  ['Tatort', ['de-DE']],
  ['Telenovela Nocturna', ['es-MX', 'es-US']],
  ['Futebol Ao Vivo', ['pt-BR']],
  ['Cooking Tonight', ['en-US', 'en-GB']],
];
const APP_CATEGORIES: Array<[string, string]> = [
  ['IOS', 'Games: Music'],
  ['IOS', 'Music'],
  ['IOS', 'Books'],
  ['IOS', 'Business'],
  ['IOS', 'Education'],
  ['IOS', 'Finance'],
  ['IOS', 'Health & Fitness'],
  ['IOS', 'Photo & Video'],
  ['IOS', 'Travel'],
  ['IOS', 'Games: Puzzle'],
  ['ANDROID', 'Music & Audio'],
  ['ANDROID', 'Books & Reference'],
  ['ANDROID', 'Business'],
  ['ANDROID', 'Education'],
  ['ANDROID', 'Finance'],
  ['ANDROID', 'Health & Fitness'],
  ['ANDROID', 'Photography'],
  ['ANDROID', 'Travel & Local'],
];

let built: Record<string, CatalogueEntry[]> | undefined;

/** Every discovery list, by endpoint name (built once: it never changes). */
export function catalogue(): Record<string, CatalogueEntry[]> {
  built ??= {
    locations: locations(),
    interests: interests(),
    languages: LANGUAGES.map(([code, name]) => ({ name, targeting_type: 'LANGUAGE', targeting_value: code })),
    platforms: simple('PLATFORM', PLATFORMS, String),
    platform_versions: VERSIONS.map(([os, name, v]) => ({ name, os_type: os, targeting_type: 'PLATFORM_VERSION', targeting_value: v })),
    devices: simple('DEVICE', DEVICES, (i) => (36 * 1 + 26 + i).toString(36)),
    network_operators: OPERATORS.flatMap(([cc, names]) =>
      names.map((name) => ({
        name,
        country_code: cc,
        targeting_type: 'NETWORK_OPERATOR',
        targeting_value: key('operator', name).slice(0, 2),
      })),
    ),
    conversations: CONVERSATIONS.map(([type, name], i) => ({
      name,
      conversation_type: type,
      targeting_type: 'CONVERSATION',
      targeting_value: `a${i + 1}`,
    })),
    events: EVENTS.map(([type, name, cc, start, end], i) => ({
      name,
      event_type: type,
      country_code: cc,
      start_time: start,
      end_time: end,
      targeting_type: 'EVENT',
      targeting_value: (1000 + i * 37).toString(36),
    })),
    tv_markets: TV_MARKETS.map(([name, cc, locale]) => ({
      name,
      country_code: cc,
      locale,
      targeting_type: 'TV_MARKET',
      targeting_value: locale,
    })),
    tv_shows: TV_SHOWS.map(([name, locales], i) => ({
      name,
      locales,
      targeting_type: 'TV_SHOW',
      targeting_value: String(10027243420 + i),
    })),
    app_store_categories: APP_CATEGORIES.map(([os, name]) => ({
      name,
      os_type: os,
      targeting_type: 'APP_STORE_CATEGORY',
      targeting_value: key('app', `${os}:${name}`).slice(0, 4),
    })),
  };
  return built;
}

/** The catalogue entry a targeting type and value name, or undefined; types without a catalogue answer null. */
export function lookupValue(type: string, value: string): CatalogueEntry | null | undefined {
  const list = {
    LOCATION: 'locations',
    INTEREST: 'interests',
    LANGUAGE: 'languages',
    PLATFORM: 'platforms',
    PLATFORM_VERSION: 'platform_versions',
    DEVICE: 'devices',
    NETWORK_OPERATOR: 'network_operators',
    CONVERSATION: 'conversations',
    EVENT: 'events',
    TV_SHOW: 'tv_shows',
    APP_STORE_CATEGORY: 'app_store_categories',
  }[type];
  if (!list) return null;
  return catalogue()[list]!.find((e) => e.targeting_value === value);
}
