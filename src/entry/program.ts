// src/entry/ — how one run starts: the fast path that resolves an exact verb from its
// declarations without commander (fast-path.ts, run-fast.ts), the commander tree for
// everything else (this file), the per-run Context every verb receives (context.ts: streams,
// printer, prompts, settings, the lazily built API client) and the verb runner that builds it
// (run-verb.ts). src/cli.ts and src/api-script.ts are the two bundles' entries into this folder.
//
// The command tree, built from the group modules (cheap: verbs load lazily).
import { Command, CommanderError, Option } from 'commander';

export { CommanderError };
import { commanderTree, option, optionList } from '../commands/define.js';
// The launcher installs the command tree through whichever of the two parsers it loads.
export { parsedVerb, setCommandTree } from '../commands/define.js';
import { BUILTINS, CREATIVE_GROUPS, GLOBAL_OPTIONS, GROUPS, creativesToAds } from '../commands/groups.js';
import { EXIT } from '../errors/exit-codes.js';
import { formatHelp, globalsHelp, markOwnExamples } from '../help/layout.js';
import { HELP_TOPICS } from '../help/topics.js';
import { helpWidth, UNWRAPPED, wrapHelp } from '../help/wrap.js';
import type { World } from '../world/world.js';

/** Where help is written: the run's world; tools that only walk the tree (docs, completion) take the process's. */
type HelpOut = Pick<World, 'stdout' | 'stderr' | 'env'>;

/** The command tree; with `argv`, only the groups it names are built (the full tree otherwise). */
export async function buildProgram(argv?: string[], out: HelpOut = process): Promise<Command> {
  const write = (stream: NodeJS.WritableStream, s: string) =>
    stream.write(wrapHelp(s, helpWidth(stream as { isTTY?: boolean; columns?: number }, out.env)));
  const program = new Command('postctl');
  program
    .description(
      'Command-line tool for the platform API (OAuth, webhooks, posts) and the advertising API (accounts, line items, catalogs, audiences, creatives).',
    )
    .version(__POSTCTL_VERSION__, '-V, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    // Commander lays help out one line per item; wrapHelp fits it to the screen as it is written
    // (words whole, descriptions aligned), the same as the launcher does with the prebuilt texts.
    .configureOutput({
      getOutHelpWidth: () => UNWRAPPED,
      getErrHelpWidth: () => UNWRAPPED,
      writeOut: (s) => write(out.stdout, s),
      writeErr: (s) => write(out.stderr, s),
    })
    .helpCommand(false)
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false, formatHelp });
  for (const spec of optionList(GLOBAL_OPTIONS)) program.addOption(option(program, spec));

  // Groups are declared lazily: top-level help and most runs need only their
  // names; a group's verbs are built when argv names it (or for the full tree).
  for (const entry of GROUPS) {
    if (!argv || [entry.word, ...(entry.also ?? [])].some((name) => argv.includes(name))) (await entry.register())(commanderTree(program));
    else program.command(entry.word).description(entry.description);
  }
  registerCreatives(program);
  for (const builtin of await Promise.all(BUILTINS.map((b) => b.register()))) builtin(commanderTree(program));

  program
    .command('help [topic...]')
    .description(`show help for a command, or a topic: commands, globals, ${Object.keys(HELP_TOPICS).join(', ')}`)
    .addOption(new Option('--markdown', 'with `help commands`: as the markdown list of docs/commands.md').hideHelp())
    .addOption(new Option('--groups', "with `help commands --markdown`: the README's list of top-level words").hideHelp())
    .action(async (topic: string[], opts: { markdown?: boolean; groups?: boolean }) => {
      const name = topic.join(' ');
      if (name === 'globals') return void write(out.stdout, globalsHelp(program));
      if (name === 'commands') return void out.stdout.write(await commandList(Boolean(opts.markdown), Boolean(opts.groups)));
      const doc = HELP_TOPICS[name];
      if (doc) {
        out.stdout.write(doc.text());
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
  const topics: Array<[string, string]> = [
    ['commands', 'every verb, one line each'],
    ['globals', 'options every command takes'],
    ...Object.entries(HELP_TOPICS).map(([k, v]): [string, string] => [k, v.summary]),
  ];
  program.addHelpText('after', `\nHelp topics:\n${topics.map(([k, v]) => `  postctl help ${k.padEnd(12)} ${v}`).join('\n')}\n`);
  return program;
}

export { creativesToAds };

/**
 * `postctl creatives`: a group that lists the creative verbs of `ads` (its
 * subcommands are stand-ins: argv naming one is rewritten to `ads <group>`).
 */
function registerCreatives(program: Command): void {
  const creatives = program
    .command('creatives')
    .description('creatives: cards, media, media-library, poll-cards, video-conversation-cards, posts (same as `ads <group>`)');
  markOwnExamples(creatives);
  creatives.copyInheritedSettings(program);
  const ads = program.commands.find((c) => c.name() === 'ads');
  for (const name of CREATIVE_GROUPS) {
    const real = ads?.commands.find((c) => c.name() === name);
    if (!real) continue; // top-level help only: the ads group is not built
    const stub = creatives.command(name).description(real.description());
    for (const verb of real.commands) stub.command(verb.name()).description(verb.description());
  }
  creatives.addHelpText(
    'after',
    `\nExamples:\n  $ postctl creatives cards list\n  $ postctl ads media-library list --media-type image\n  $ postctl creatives poll-cards create --help\n`,
  );
}

/** `postctl help commands`: the index of every verb, from the full tree (markdown for docs/commands.md and the README). */
async function commandList(markdown: boolean, groups: boolean): Promise<string> {
  const [{ commandIndex, groupMarkdown, indexMarkdown, indexText }, full] = await Promise.all([
    import('../help/command-index.js'),
    buildProgram(),
  ]);
  const entries = commandIndex(full);
  return markdown ? (groups ? groupMarkdown(full, entries) : indexMarkdown(entries)) : indexText(entries);
}
