// The tools `postctl mcp` exposes: every verb of every generated manifest that is not a never-tool, as its
// tool shape with its access, limited by `--tools` patterns.
// Through groups.ts, which every command line loads with the index: importing the index alone would split the two.
import { TOP_WORDS } from '../commands/groups.js';
import { accessOf, isNeverTool, toolFilter, type Access } from './access.js';
import { toolShape, type ToolShape } from './tool-schema.js';

export interface Tool extends ToolShape {
  access: Access;
}

export async function loadTools(patterns: readonly string[] = []): Promise<Tool[]> {
  const keep = toolFilter(patterns);
  const manifests = await Promise.all(TOP_WORDS.map((t) => t.load()));
  const tools: Tool[] = [];
  for (const { MANIFEST } of manifests)
    for (const v of MANIFEST.verbs) {
      if (isNeverTool(v.words, v.hidden)) continue;
      const shape = toolShape(v.words, v);
      if (keep(shape.name)) tools.push({ ...shape, access: accessOf(shape) });
    }
  return tools;
}

const ACCESS_NOTE: Record<Access, string> = {
  read: 'Reads only.',
  write: 'Changes data: refused unless the server runs with --allow-writes (dry_run: true is always allowed where the tool has it).',
  request: 'Any API request: GET and HEAD only unless the server runs with --allow-writes.',
};

/** The tool as tools/list shows it. */
export function listed(tool: Tool, allowWrites: boolean) {
  return {
    name: tool.name,
    title: `postctl ${tool.words.join(' ')}`,
    description: `${tool.description}. ${allowWrites && tool.access !== 'read' ? 'Changes data.' : ACCESS_NOTE[tool.access]}`,
    inputSchema: tool.inputSchema,
    annotations: {
      readOnlyHint: tool.access === 'read',
      destructiveHint: tool.access !== 'read',
      openWorldHint: true,
    },
  };
}
