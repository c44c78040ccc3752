// The command tree, built from the group modules (cheap: verbs load lazily).
import { Command, CommanderError, Option } from 'commander';

export { CommanderError };
import { registerConfig } from './commands/config/index.js';
import { registerEmulator } from './commands/emulator/index.js';
import { registerRequest } from './commands/request/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { EXIT } from './exit-codes.js';
import { formatHelp, globalsHelp, markOwnExamples } from './help-layout.js';
import { HELP_TOPICS } from './help-topics.js';
import { FORMATS } from './output/format.js';

/**
 * Top-level groups with their descriptions (a test keeps these equal to the
 * groups' own). A group's module is imported only when argv names it (or for
 * the full tree): top-level help and other groups' verbs never load it.
 */
export const GROUPS: Array<{ groups: Record<string, string>; register: () => Promise<(program: Command) => void>; also?: string[] }> = [
  { register: () => import('./commands/auth/index.js').then((m) => m.registerAuth), groups: { auth: 'log in (OAuth 1.0a callback or PIN), app-only bearer tokens, logout, status and profiles' } },
  {
    register: () => import('./commands/platform/index.js').then((m) => m.registerPlatform),
    groups: {
      webhooks: 'validate webhooks and check CRC responses and delivery signatures',
      posts: 'look up posts',
      events: 'activity events: stream them, subscribe to them',
      connections: 'list and terminate streaming connections (clears TooManyConnections)',
    },
  },
  { register: () => import('./commands/ads/index.js').then((m) => m.registerAds), groups: { ads: 'advertising API: accounts, line items, categories, features, creatives' }, also: ['creatives'] },
  { register: () => import('./commands/catalogs/index.js').then((m) => m.registerCatalogs), groups: { catalogs: 'product catalogs for dynamic product ads: catalogs, bulk product upsert, products, product sets' } },
  { register: () => import('./commands/audiences/index.js').then((m) => m.registerAudiences), groups: { audiences: 'custom audience users upload, do-not-reach lists, audience permissions, targeted line items, keyword insights' } },
];

/** The command tree; with `argv`, only the groups it names are built (the full tree otherwise). */
export async function buildProgram(argv?: string[]): Promise<Command> {
  const program = new Command('postctl');
  program
    .description('Command-line tool for the platform API (OAuth, webhooks, posts) and the advertising API (accounts, line items, catalogs, audiences, creatives).')
    .version(__POSTCTL_VERSION__, '-V, --version', 'print the version')
    .addOption(new Option('--profile <name>', 'config profile to use (env POSTCTL_PROFILE)'))
    .addOption(new Option('-o, --output <format>', 'output format; default table on a terminal, json when piped').choices(FORMATS))
    .addOption(new Option('--json', 'same as -o json'))
    .addOption(new Option('--no-color', 'no colour (also NO_COLOR)'))
    .addOption(new Option('--no-input', 'never prompt; fail with exit 2 instead (also POSTCTL_NO_INPUT, CI)'))
    .addOption(new Option('--verbose', 'trace requests on stderr (secrets redacted)'))
    .addOption(new Option('--timeout <seconds>', 'per-request timeout (default 30)'))
    .addOption(new Option('--max-wait <seconds>', 'longest wait for rate-limit resets and retries (default 900)'))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .helpCommand(false)
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false, formatHelp });

  // Groups are declared lazily: top-level help and most runs need only their
  // names; a group's verbs are built when argv names it (or for the full tree).
  for (const entry of GROUPS) {
    if (!argv || [...Object.keys(entry.groups), ...(entry.also ?? [])].some((name) => argv.includes(name))) (await entry.register())(program);
    else for (const [name, description] of Object.entries(entry.groups)) program.command(name).description(description);
  }
  registerCreatives(program);
  registerRequest(program);
  registerConfig(program);
  registerEmulator(program);
  registerCompletion(program);

  program
    .command('help [topic...]')
    .description(`show help for a command, or a topic: commands, globals, ${Object.keys(HELP_TOPICS).join(', ')}`)
    .addOption(new Option('--markdown', 'with `help commands`: as the README\'s markdown list').hideHelp())
    .action(async (topic: string[], opts: { markdown?: boolean }) => {
      const name = topic.join(' ');
      if (name === 'globals') return void process.stdout.write(globalsHelp(program));
      if (name === 'commands') return void (await printIndex(Boolean(opts.markdown)));
      const doc = HELP_TOPICS[name];
      if (doc) {
        process.stdout.write(doc.text());
        return;
      }
      let cmd: Command = program;
      for (const word of creativesToAds(topic)) {
        const next = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new CommanderError(EXIT.USAGE, 'postctl.unknownTopic', `unknown help topic or command: ${name}`);
        cmd = next;
      }
      cmd.outputHelp();
    });
  const topics: Array<[string, string]> = [['commands', 'every verb, one line each'], ['globals', 'options every command takes'], ...Object.entries(HELP_TOPICS).map(([k, v]): [string, string] => [k, v.summary])];
  program.addHelpText('after', `\nHelp topics:\n${topics.map(([k, v]) => `  postctl help ${k.padEnd(12)} ${v}`).join('\n')}\n`);
  return program;
}


/** The creative groups under `ads`, also reachable as `postctl creatives <group> …`. */
export const CREATIVE_GROUPS = ['cards', 'media', 'media-library', 'poll-cards', 'video-conversation-cards', 'posts'] as const;

/** `creatives <group> …` is `ads <group> …` (argv before parsing, and `help creatives <group>`). */
export function creativesToAds(args: string[]): string[] {
  const i = args.indexOf('creatives');
  if (i < 0 || !(CREATIVE_GROUPS as readonly string[]).includes(args[i + 1] ?? '')) return args;
  return [...args.slice(0, i), 'ads', ...args.slice(i + 1)];
}

/**
 * `postctl creatives`: a group that lists the creative verbs of `ads` (its
 * subcommands are stand-ins: argv naming one is rewritten to `ads <group>`).
 */
function registerCreatives(program: Command): void {
  const creatives = program.command('creatives').description('creatives: cards, media, media-library, poll-cards, video-conversation-cards, posts (same as `ads <group>`)');
  markOwnExamples(creatives);
  creatives.copyInheritedSettings(program);
  const ads = program.commands.find((c) => c.name() === 'ads');
  for (const name of CREATIVE_GROUPS) {
    const real = ads?.commands.find((c) => c.name() === name);
    if (!real) continue; // top-level help only: the ads group is not built
    const stub = creatives.command(name).description(real.description());
    for (const verb of real.commands) stub.command(verb.name()).description(verb.description());
  }
  creatives.addHelpText('after', `\nExamples:\n  $ postctl creatives cards list\n  $ postctl ads media-library list --media-type image\n  $ postctl creatives poll-cards create --help\n`);
}

/** `postctl help commands`: the index of every verb, from the full tree (markdown for the README). */
async function printIndex(markdown: boolean): Promise<void> {
  const [{ commandIndex, indexMarkdown, indexText }, full] = await Promise.all([import('./command-index.js'), buildProgram()]);
  const entries = commandIndex(full);
  process.stdout.write(markdown ? indexMarkdown(entries) : indexText(entries));
}
