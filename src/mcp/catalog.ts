// The tools `postctl mcp` exposes: every verb of every generated manifest that is not a never-tool, as its
// tool shape with its access, limited by `--tools` patterns.
import type { Manifest } from '../commands/define.js';
import { accessOf, isNeverTool, toolFilter, type Access } from './access.js';
import { toolShape, type ToolShape } from './tool-schema.js';

export interface Tool extends ToolShape {
  access: Access;
}

/** The tools of these manifests (every top word's, from the command tree the launcher installs). */
export function loadTools(manifests: readonly Manifest[], patterns: readonly string[] = []): Tool[] {
  const keep = toolFilter(patterns);
  const tools: Tool[] = [];
  for (const manifest of manifests)
    for (const v of manifest.verbs) {
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
