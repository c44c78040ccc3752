// The command tree, built from the group modules (cheap: verbs load lazily).
import { Command, CommanderError, Option } from 'commander';

export { CommanderError };
import { registerConfig } from './commands/config/index.js';
import { registerEmulator } from './commands/emulator/index.js';
import { registerRequest } from './commands/request/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { EXIT } from './exit-codes.js';
import { HELP_TOPICS } from './help-topics.js';
import { FORMATS } from './output/format.js';

/**
 * Top-level groups with their descriptions (a test keeps these equal to the
 * groups' own). A group's module is imported only when argv names it (or for
 * the full tree): top-level help and other groups' verbs never load it.
 */
export const GROUPS: Array<{ groups: Record<string, string>; register: () => Promise<(program: Command) => void> }> = [
  { register: () => import('./commands/auth/index.js').then((m) => m.registerAuth), groups: { auth: 'log in (OAuth 1.0a callback or PIN), app-only bearer tokens, logout, status and profiles' } },
  {
    register: () => import('./commands/platform/index.js').then((m) => m.registerPlatform),
    groups: {
      webhooks: 'validate webhooks and check CRC responses and delivery signatures',
      posts: 'look up posts',
      events: 'activity events: stream them, subscribe to them',
      connections: 'list and terminate streaming connections (clears TooManyConnections)',
      media: 'upload media (chunked, resumable) for posts, cards and the ads media library',
    },
  },
  { register: () => import('./commands/ads/index.js').then((m) => m.registerAds), groups: { ads: 'advertising API: accounts, line items, categories, features, creatives' } },
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
    .configureHelp({ sortSubcommands: false, showGlobalOptions: true });

  // Groups are declared lazily: top-level help and most runs need only their
  // names; a group's verbs are built when argv names it (or for the full tree).
  for (const entry of GROUPS) {
    if (!argv || Object.keys(entry.groups).some((name) => argv.includes(name))) (await entry.register())(program);
    else for (const [name, description] of Object.entries(entry.groups)) program.command(name).description(description);
  }
  registerRequest(program);
  registerConfig(program);
  registerEmulator(program);
  registerCompletion(program);

  program
    .command('help [topic...]')
    .description(`show help for a command, or a topic: ${Object.keys(HELP_TOPICS).join(', ')}`)
    .action((topic: string[]) => {
      const name = topic.join(' ');
      const doc = HELP_TOPICS[name];
      if (doc) {
        process.stdout.write(doc.text());
        return;
      }
      let cmd: Command = program;
      for (const word of topic) {
        const next = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new CommanderError(EXIT.USAGE, 'postctl.unknownTopic', `unknown help topic or command: ${name}`);
        cmd = next;
      }
      cmd.outputHelp();
    });
  program.addHelpText('after', `\nHelp topics:\n${Object.entries(HELP_TOPICS).map(([k, v]) => `  postctl help ${k.padEnd(12)} ${v.summary}`).join('\n')}\n`);
  return program;
}

