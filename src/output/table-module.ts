// cli-table3 is loaded only when the output really is a table (scripts that get
// JSON never pay for it): runVerb awaits loadTableModule() first.
import type TableType from 'cli-table3';

let mod: typeof TableType | undefined;

export async function loadTableModule(): Promise<void> {
  mod ??= (await import('cli-table3')).default;
}

export function tableModule(): typeof TableType {
  if (!mod) throw new Error('internal: table output used before loadTableModule()');
  return mod;
}
