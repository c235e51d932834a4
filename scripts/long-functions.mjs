// Counts the functions, arrows and methods over 100 lines in the product's TypeScript (tests, benches,
// browser tests and test helpers left out), for the web and for the rest: `npm run count:long-functions`.
// `--list` names them, longest first.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const LIMIT = 100;
const files = execSync("git ls-files '*.ts' '*.tsx'", { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !/\.test\.tsx?$|testing\/|\.d\.ts$|^bench\/|^e2e\//.test(f));
const long = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      if (lines > LIMIT) long.push({ file, line: lineOf(node.getStart()) + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
const web = long.filter((f) => f.file.startsWith('web/')).length;
console.log(`functions over ${LIMIT} lines: web ${web}, the rest ${long.length - web}`);
if (process.argv.includes('--list'))
  for (const f of long.sort((a, b) => b.lines - a.lines)) console.log(`${f.lines}\t${f.file}:${f.line}`);
