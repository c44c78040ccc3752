// Toolsets: the tools grouped by the verb's group — `posts`, `users`, `dm`, `lists`, `media`, `webhooks`, …,
// with the ads API split into `ads`, `ads_stats` and `creatives` (notes.ts) — so a new verb lands in its group's
// set with no entry anywhere. A server lists the default set (notes.ts DEFAULT_TOOLS) unless told
// `--toolsets a,b|all` and/or `--tools pattern,…`; with `--dynamic` it also offers `list_toolsets` and
// `enable_toolset`, and tells the client `notifications/tools/list_changed` when a set is enabled. Read-only
// is not a choice here: a write tool is listed in any set, and refused at call time (access.ts).
import type { Manifest } from '../commands/define.js';
import { UsageError } from '../errors/cli-error.js';
import { toolFilter } from './access.js';
import { ADS_TOOLSETS, DEFAULT_TOOLS, TOOLSET_TEXT } from './notes.js';

const snake = (s: string): string => s.replace(/[^A-Za-z0-9]+/g, '_');

/** The toolset of a verb: its top word's, or for ads verbs their sub-group's set (`ads_stats`, `creatives`) if it has one. */
export function toolsetOf(words: readonly string[]): string {
  if (words[0] === 'ads' && words.length > 1) return ADS_TOOLSETS[words[1]!] ?? 'ads';
  return snake(words[0]!);
}

/** What this file needs of a tool (catalog.ts's Tool). */
interface Tool {
  name: string;
  toolset: string;
}

export interface Toolset {
  name: string;
  description: string;
  tools: string[];
}

/** Every toolset of these tools, described by its help group (or notes.ts for the ads split). */
function toolsets(tools: readonly Tool[], manifests: readonly Manifest[]): Map<string, Toolset> {
  const groups = new Map<string, string>();
  for (const m of manifests) for (const g of m.groups) if (g.words.length === 1) groups.set(snake(g.words[0]!), g.description);
  for (const m of manifests) for (const v of m.verbs) if (v.words.length === 1) groups.set(snake(v.words[0]!), v.description);
  const out = new Map<string, Toolset>();
  for (const t of tools) {
    const set = out.get(t.toolset) ?? {
      name: t.toolset,
      description: TOOLSET_TEXT[t.toolset] ?? groups.get(t.toolset) ?? t.toolset,
      tools: [],
    };
    set.tools.push(t.name);
    out.set(t.toolset, set);
  }
  return out;
}

export interface Selection {
  /** Toolset names, `default` or `all`; none: the default set (unless `tools` names some). */
  toolsets: readonly string[];
  /** --tools patterns: these tools too (alone: only these, as before toolsets). */
  tools: readonly string[];
  dynamic: boolean;
}

export const LIST_TOOLSETS = 'list_toolsets';
export const ENABLE_TOOLSET = 'enable_toolset';

/** The tools a server exposes, and in dynamic mode the toolsets it can still enable. */
export class ToolCatalog<T extends Tool = Tool> {
  private readonly byName: Map<string, T>;
  private readonly sets: Map<string, Toolset>;
  private readonly shown = new Set<string>();
  readonly dynamic: boolean;

  constructor(all: readonly T[], manifests: readonly Manifest[], selection: Selection) {
    this.byName = new Map(all.map((t) => [t.name, t]));
    this.sets = toolsets(all, manifests);
    this.dynamic = selection.dynamic;
    const names = selection.toolsets.length || selection.tools.length ? selection.toolsets : ['default'];
    for (const n of names) {
      if (n === 'all') for (const t of all) this.shown.add(t.name);
      else if (n === 'default') for (const t of DEFAULT_TOOLS) this.shown.add(t);
      else if (this.sets.has(n)) for (const t of this.sets.get(n)!.tools) this.shown.add(t);
      else
        throw new UsageError(
          `--toolsets: no toolset ${JSON.stringify(n)}`,
          `toolsets: default, all, ${[...this.sets.keys()].sort().join(', ')}`,
        );
    }
    if (selection.tools.length) {
      const keep = toolFilter(selection.tools);
      for (const t of all) if (keep(t.name)) this.shown.add(t.name);
    }
    for (const n of this.shown) if (!this.byName.has(n)) this.shown.delete(n);
  }

  /** The tools listed now, in the manifests' order. */
  exposed(): T[] {
    return [...this.byName.values()].filter((t) => this.shown.has(t.name));
  }

  /** A tool the client may call now. */
  get(name: string): T | undefined {
    return this.shown.has(name) ? this.byName.get(name) : undefined;
  }

  /** The toolsets with how much of each is exposed. */
  list(): Array<{ name: string; description: string; tools: number; enabled: boolean; names: string[] }> {
    return [...this.sets.values()].map((s) => ({
      name: s.name,
      description: s.description,
      tools: s.tools.length,
      enabled: s.tools.every((t) => this.shown.has(t)),
      names: s.tools,
    }));
  }

  /** Exposes a toolset's tools; the names newly exposed (none: it was on already). Unknown: undefined. */
  enable(name: string): string[] | undefined {
    const set = this.sets.get(name);
    if (!set) return undefined;
    const added = set.tools.filter((t) => !this.shown.has(t));
    for (const t of added) this.shown.add(t);
    return added;
  }

  /** The discovery tools of dynamic mode, as tools/list shows them. */
  metaTools() {
    if (!this.dynamic) return [];
    const names = [...this.sets.keys()].sort();
    return [
      {
        name: LIST_TOOLSETS,
        title: 'postctl toolsets',
        description:
          'List the groups of postctl tools (posts, users, ads, ads_stats, creatives, …): what each is for, its tools, and whether it is enabled. Use when no listed tool fits the job. Cost: no request. Reads only.',
        inputSchema: { type: 'object' as const, properties: {}, additionalProperties: false },
        annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      },
      {
        name: ENABLE_TOOLSET,
        title: 'postctl enable toolset',
        description:
          'Add a group of postctl tools to this session (see list_toolsets); the tool list changes (notifications/tools/list_changed). Cost: no request. Reads only: it changes nothing but this session’s tool list.',
        inputSchema: {
          type: 'object' as const,
          properties: { toolset: { type: 'string', enum: names, description: 'the toolset to enable' } },
          required: ['toolset'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      },
    ];
  }
}
