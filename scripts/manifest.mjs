// Writes src/commands/manifest/<word>.ts: for each top-level command word,
// its groups and verbs (names, flags, examples, descriptions) and a lazy
// loader of each verb's file. The verb files are the source: a verb is the
// default export (`defineVerb(…)`) of src/commands/<group>/<verb>.ts, and its
// command words are its path (`ads/line-items/update.ts` is `ads line-items
// update`; `emulator/index.ts` is `emulator`). Group descriptions and the help
// order come from TREE in src/commands/groups.ts. It also writes
// src/commands/manifest/index.ts, the list of top-level words (each with its
// description and manifest) that src/commands/groups.ts registers: a new
// top-level group needs no registration by hand, and a manifest that the index
// does not register fails the build.
//
// The launcher reads one small manifest instead of importing every verb file
// to learn its flags (the idea of oclif's manifest); `npm run build` runs this
// first, and test/unit/verb-paths.test.ts fails when the committed manifest
// differs from the verb files. `--check` exits 1 instead of writing.
import { build } from 'esbuild';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const commands = join(root, 'src', 'commands');
const outDir = join(commands, 'manifest');
const NOT_VERBS = new Set(['define.ts', 'groups.ts']);

async function sourceFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== outDir) out.push(...(await sourceFiles(path)));
    } else if (entry.name.endsWith('.ts') && !(dir === commands && NOT_VERBS.has(entry.name))) out.push(path);
  }
  return out.sort();
}

/** Imports every file under src/commands (one throwaway bundle) and returns their exports. */
async function loadAll(files) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const lines = files.map((f, i) => `import * as m${i} from ${JSON.stringify('./' + relative(root, f).split(sep).join('/'))};`);
  lines.push(`export const modules = [${files.map((_, i) => `m${i}`).join(', ')}];`);
  lines.push("export * as groups from './src/commands/groups.ts';");
  lines.push("export { optionList } from './src/commands/define.ts';");
  const out = join(root, `.manifest-gen.${process.pid}.mjs`);
  await build({
    absWorkingDir: root,
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'ts' },
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    define: { __POSTCTL_VERSION__: JSON.stringify(pkg.version) },
    // bin/safe-file.js (CommonJS, bundled in) calls require() for Node built-ins.
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    logLevel: 'warning',
    // The manifests themselves are what this writes (they may not exist yet).
    // groups.ts imports the index statically: it gets an empty one here.
    plugins: [
      {
        name: 'no-manifests',
        setup: (b) => {
          b.onResolve({ filter: /[\\/]manifest[\\/]index\.js$/ }, () => ({ path: 'index', namespace: 'empty-index' }));
          b.onLoad({ filter: /.*/, namespace: 'empty-index' }, () => ({ contents: 'export const TOP_WORDS = [];', loader: 'js' }));
          b.onResolve({ filter: /[\\/]manifest[\\/]/ }, (a) => ({ path: a.path, external: true }));
        },
      },
    ],
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    await rm(out, { force: true });
  }
}

const wordsOf = (file) => {
  const parts = relative(commands, file).slice(0, -3).split(sep);
  return parts.at(-1) === 'index' ? parts.slice(0, -1) : parts;
};

/** Sorts siblings by TREE's order (named first, then by name), parents before children. */
function treeOrder(entries, tree) {
  const rank = (words) =>
    words.map((w, i) => {
      const order = tree[words.slice(0, i).join(' ')]?.order ?? [];
      const at = order.indexOf(w);
      return at < 0 ? [order.length, w] : [at, ''];
    });
  const cmp = (a, b) => {
    const ra = rank(a.words);
    const rb = rank(b.words);
    for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
      if (ra[i][0] !== rb[i][0]) return ra[i][0] - rb[i][0];
      if (ra[i][1] !== rb[i][1]) return ra[i][1] < rb[i][1] ? -1 : 1;
    }
    return ra.length - rb.length;
  };
  return entries.sort(cmp);
}

function collect(files, modules, groups, optionList) {
  const verbs = [];
  const problems = [];
  files.forEach((file, i) => {
    const v = modules[i].default;
    if (!(v && typeof v === 'object' && v.verb === true)) return;
    const words = wordsOf(file);
    const first = v.name.split(' ')[0];
    if (first !== words.at(-1)) problems.push(`${relative(root, file)}: declares verb '${first}' but its path says '${words.at(-1)}'`);
    // A verb declares its flags keyed by attribute; the manifest lists them as the parsers take them.
    let options;
    try {
      options = v.options && optionList(v.options);
    } catch (e) {
      problems.push(`${relative(root, file)}: ${e.message}`);
    }
    verbs.push({ words, file, verb: { ...v, options } });
  });
  const groupWords = new Map();
  for (const { words } of verbs) {
    for (let n = 1; n < words.length; n++) {
      const key = words.slice(0, n).join(' ');
      if (verbs.some((v) => v.words.join(' ') === key)) continue; // a verb with verbs below it (`emulator stop`)
      const description = groups.TREE[key]?.description;
      if (!description) problems.push(`group '${key}' has no description (TREE in src/commands/groups.ts)`);
      groupWords.set(key, { words: words.slice(0, n), description });
    }
  }
  return { verbs: treeOrder(verbs, groups.TREE), groups: treeOrder([...groupWords.values()], groups.TREE), problems };
}

const DATA_KEYS = ['name', 'description', 'examples', 'options', 'aliases', 'hidden', 'formats'];

function render(top, groups, verbs) {
  const data = (v) => Object.fromEntries(DATA_KEYS.filter((k) => v[k] !== undefined).map((k) => [k, v[k]]));
  const lines = [
    `// Generated by scripts/manifest.mjs from ${verbs.some((v) => v.words.length > 1 || v.file.endsWith('index.ts')) ? `the verb files under src/commands/${top}/` : `src/commands/${top}.ts`} — do not edit.`,
    '// Every flag of every verb is spelt out here, including flags a verb file builds from a table.',
    "import { loaded, type Manifest } from '../define.js';",
    '',
    'export const MANIFEST: Manifest = {',
    '  groups: [',
    ...groups.map((g) => `    ${JSON.stringify(g)},`),
    '  ],',
    '  verbs: [',
    ...verbs.map(({ words, file, verb }) => {
      const path = '../' + relative(commands, file).split(sep).join('/').replace(/\.ts$/, '.js');
      const field = ([k, v]) =>
        Array.isArray(v) && k !== 'aliases' && k !== 'words'
          ? [`      ${k}: [`, ...v.map((x) => `        ${JSON.stringify(x)},`), '      ],']
          : [`      ${k}: ${JSON.stringify(v)},`];
      return [
        '    {',
        ...[['words', words], ...Object.entries(data(verb))].flatMap(field),
        `      load: () => import(${JSON.stringify(path)}).then(loaded),`,
        '    },',
      ].join('\n');
    }),
    '  ],',
    '};',
    '',
  ];
  return lines.join('\n');
}

const files = await sourceFiles(commands);
const { modules, groups, optionList } = await loadAll(files);
const { verbs, groups: groupList, problems } = collect(files, modules, groups, optionList);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const tops = [...new Set(verbs.map((v) => v.words[0]))];
const wanted = new Map(
  tops.map((top) => [
    `${top}.ts`,
    render(
      top,
      groupList.filter((g) => g.words[0] === top),
      verbs.filter((v) => v.words[0] === top),
    ),
  ]),
);
/** The index of top-level words (help order: TREE['']), each with its description and manifest. */
function renderIndex(tops) {
  const description = (top) =>
    groupList.find((g) => g.words.length === 1 && g.words[0] === top)?.description ??
    verbs.find((v) => v.words.join(' ') === top)?.verb.description;
  return [
    '// Generated by scripts/manifest.mjs from the verb files — do not edit. src/commands/groups.ts registers every word here.',
    "import type { TopWord } from '../define.js';",
    '',
    'export const TOP_WORDS: readonly TopWord[] = [',
    ...tops.map(
      (top) =>
        `  { word: ${JSON.stringify(top)}, description: ${JSON.stringify(description(top))}, load: () => import(${JSON.stringify(`./${top}.js`)}) },`,
    ),
    '];',
    '',
  ].join('\n');
}
wanted.set('index.ts', renderIndex(tops));
// Every manifest must be reachable: the index registers each one (a word missing from it is a build error).
const indexed = new Set(tops.map((t) => `${t}.ts`));
const unregistered = [...wanted.keys()].filter((f) => f !== 'index.ts' && !indexed.has(f));
if (unregistered.length) {
  console.error(`manifests nothing registers: ${unregistered.join(', ')}`);
  process.exit(1);
}
const existing = (await readdir(outDir).catch(() => [])).filter((f) => f.endsWith('.ts'));
const stale = [...existing.filter((f) => !wanted.has(f))];
for (const [name, text] of wanted) if ((await readFile(join(outDir, name), 'utf8').catch(() => '')) !== text) stale.push(name);
if (process.argv.includes('--check')) {
  if (stale.length) {
    console.error(`src/commands/manifest is out of date (${stale.join(', ')}): run npm run manifest`);
    process.exit(1);
  }
} else {
  await mkdir(outDir, { recursive: true });
  for (const f of existing) if (!wanted.has(f)) await rm(join(outDir, f));
  for (const [name, text] of wanted) if (stale.includes(name)) await writeFile(join(outDir, name), text);
}
