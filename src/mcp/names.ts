// Tool input names by meaning, derived from the verb's path and declarations: `posts lookup <ids...>` takes
// `post_ids`, `ads campaigns pause <campaign_id...>` takes `campaign_ids` (an array is named in the plural),
// `--q` is `query`, `--line-item <id>` is `line_item_id` — one name per concept across tools. The tool keeps
// the flag each input stands for, so the command line is the verb's own (tool-schema.ts argvOf).
import { PLURAL_WORDS, RENAMES } from './notes.js';

const snake = (s: string): string => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

function singular(word: string): string {
  if (PLURAL_WORDS.has(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !/(ss|us)$/.test(word) ? word.slice(0, -1) : word;
}

/** An input name is plural when its last word is. */
export function isPlural(name: string): boolean {
  const last = name.split('_').at(-1)!;
  return PLURAL_WORDS.has(last) || (last.endsWith('s') && !/(ss|us)$/.test(last));
}

const plural = (name: string): string =>
  /[^aeiou]y$/.test(name) ? `${name.slice(0, -1)}ies` : /(s|x|sh|ch)$/.test(name) ? `${name}es` : `${name}s`;

/** The thing a verb acts on, from its group: `posts lookup` → post, `ads line-item-categories get` → line_item_category. */
function nounOf(words: readonly string[]): string {
  const group = words.length > 1 ? words.at(-2)! : words[0]!;
  return snake(group)
    .split('_')
    .map((w, i, all) => (i === all.length - 1 ? singular(w) : w))
    .join('_');
}

/** The input name of a verb's argument or flag (`raw`, in snake case); `array`: the input takes a list. */
export function inputName(words: readonly string[], raw: string, array: boolean): string {
  let name = RENAMES[`${words.map(snake).join('_')}.${raw}`] ?? RENAMES[raw] ?? raw;
  if (name === 'ids' || name === 'id') name = `${nounOf(words)}_${name}`;
  if (array && !isPlural(name)) name = plural(name);
  return name;
}

/** What a positional argument is, from its name (the declarations give arguments no help text). */
export function argumentText(name: string, variadic: boolean): string {
  const fixed: Record<string, string> = {
    user: 'the user: id, @handle or profile URL',
    users: 'users: ids, @handles or profile URLs',
    post_id: 'the post: id or post URL',
    post_ids: 'posts: ids or post URLs',
    reply_id: 'the reply: post id or URL',
    query: 'the search query text',
    file: 'a local file (inside a --root folder of the server)',
    files: 'local files (inside a --root folder of the server)',
    url: 'the URL',
    name: 'the name',
    method: 'HTTP method: GET, HEAD (POST, PUT, DELETE… need --allow-writes)',
    path: 'the API path, e.g. /2/users/me',
    key: 'the setting name',
    woeid: 'a place as a WOEID (1: worldwide)',
    values: 'the rule values (filter queries)',
    keys: 'the feature keys',
    source: 'which stream: sample, sample10, firehose… (see the verb help)',
    type: 'what to search: locations, interests, languages, platforms, devices, events, tv-shows, app-store-categories…',
    uuids: 'connection uuids',
  };
  if (fixed[name]) return fixed[name];
  const human = (s: string) => s.replace(/_/g, ' ');
  if (name.endsWith('_ids')) return `${human(name.slice(0, -4))} ids${variadic ? ' (one or more)' : ''}`;
  if (name.endsWith('_id')) return `the ${human(name.slice(0, -3))} id`;
  return `the ${human(name)}${variadic ? ' (one or more)' : ''}`;
}
