// The tools `postctl mcp` can expose: every verb of every generated manifest that is not a never-tool, as its
// tool shape (inputs named by meaning, result inputs added) with its access and its toolset. Which of them a
// server lists is toolsets.ts's choice.
import type { Manifest } from '../commands/define.js';
import { accessOf, isNeverTool, toolFilter, type Access } from './access.js';
import { describe, exampleInput } from './describe.js';
import { LOCAL_TOOLS } from './notes.js';
import { withResultInputs } from './results.js';
import { toolsetOf } from './toolsets.js';
import { toolShape, type ToolShape } from './tool-schema.js';

export interface Tool extends ToolShape {
  access: Access;
  toolset: string;
}

/** The tools of these manifests (every top word's, from the command tree the launcher installs), limited by --tools patterns. */
export function loadTools(manifests: readonly Manifest[], patterns: readonly string[] = []): Tool[] {
  const keep = toolFilter(patterns);
  const tools: Tool[] = [];
  for (const manifest of manifests)
    for (const v of manifest.verbs) {
      if (isNeverTool(v.words, v.hidden)) continue;
      const verb = toolShape(v.words, v);
      if (!keep(verb.name)) continue;
      const shape = withResultInputs(verb, LOCAL_TOOLS.has(verb.name));
      const example = exampleInput(verb, v);
      if (example) shape.inputSchema = { ...shape.inputSchema, examples: [example] };
      tools.push({ ...shape, access: accessOf(shape), toolset: toolsetOf(v.words) });
    }
  return tools;
}

/** The tool as tools/list shows it. */
export function listed(tool: Tool, allowWrites: boolean) {
  return {
    name: tool.name,
    title: `postctl ${tool.words.join(' ')}`,
    description: describe(tool, tool.access, tool.toolset, allowWrites),
    inputSchema: tool.inputSchema,
    annotations: {
      readOnlyHint: tool.access === 'read',
      destructiveHint: tool.access !== 'read',
      openWorldHint: true,
    },
  };
}
