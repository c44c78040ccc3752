// Lists functions in src/ longer than a limit (default 60 lines), for the
// "no long engines" rule; exits 1 when any is found outside the allowed tables.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const limit = Number(process.argv[2] ?? 60);
const root = new URL('../src/', import.meta.url).pathname;
const files = [];
const walk = (dir) => { for (const n of readdirSync(dir)) { const p = join(dir, n); if (statSync(p).isDirectory()) walk(p); else if (p.endsWith('.ts')) files.push(p); } };
walk(root);
const found = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      const lines = end - start + 1;
      if (lines > limit) {
        const name = node.name?.getText(sf) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : ts.isPropertyAssignment(node.parent) ? node.parent.name.getText(sf) : '<anonymous>');
        found.push({ where: `src/${relative(root, file)}:${start + 1}`, name, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.where}  ${f.name}`);
console.error(`${found.length} function(s) over ${limit} lines`);
process.exitCode = found.length ? 1 : 0;
