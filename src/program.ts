// The command tree, built from the group modules (cheap: verbs load lazily).
import { Command, CommanderError } from 'commander';

export { CommanderError };
import { option } from './commands/define.js';
import { BUILTINS, GLOBAL_OPTIONS, GROUPS } from './commands/groups.js';
import { EXIT } from './exit-codes.js';
import { HELP_TOPICS } from './help-topics.js';

export { GROUPS };

/** The command tree; with `argv`, only the groups it names are built (the full tree otherwise). */
export async function buildProgram(argv?: string[]): Promise<Command> {
  const program = new Command('postctl');
  program
    .description('Command-line tool for the platform API (OAuth, webhooks, posts) and the advertising API (accounts, line items, catalogs, audiences, creatives).')
    .version(__POSTCTL_VERSION__, '-V, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .helpCommand(false)
    .configureHelp({ sortSubcommands: false, showGlobalOptions: true });
  for (const spec of GLOBAL_OPTIONS) program.addOption(option(program, spec));

  // Groups are declared lazily: top-level help and most runs need only their
  // names; a group's verbs are built when argv names it (or for the full tree).
  for (const entry of GROUPS) {
    if (!argv || Object.keys(entry.groups).some((name) => argv.includes(name))) (await entry.register())(program);
    else for (const [name, description] of Object.entries(entry.groups)) program.command(name).description(description);
  }
  for (const builtin of await Promise.all(BUILTINS.map((b) => b.register()))) builtin(program);

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

