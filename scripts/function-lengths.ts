/**
 * `npx tsx scripts/function-lengths.ts [min] [paths...]`: every function, method and component in the
 * product's code (lib/, server/, entrypoints/, components/; tests and data left out) at least `min` lines
 * long (60 unless given), longest first, with its lines from its first to its last. Biome's
 * noExcessiveLinesPerFunction holds the limit in lint; this lists the figures for a review.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const PRODUCT = ['lib', 'server', 'entrypoints', 'components'];
const [minArgument, ...pathArguments] = process.argv.slice(2);
const min = Number(minArgument ?? 60);
const roots = pathArguments.length > 0 ? pathArguments : PRODUCT;

function productFiles(): string[] {
  const files = ts.sys.readDirectory(
    '.',
    ['.ts', '.tsx'],
    undefined,
    roots.map((root) => `${root}/**/*`),
  );
  return files.filter((file) => !/\.test\.tsx?$|\/data\//.test(file));
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

interface Long {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function longFunctions(file: string): Long[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Long[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 >= min)
        found.push({ file, name: nameOf(node), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const all = productFiles()
  .flatMap(longFunctions)
  .sort((a, b) => b.lines - a.lines);
for (const { file, name, line, lines } of all)
  console.log(`${String(lines).padStart(4)}  ${file.replace(/^\.\//, '')}:${line}  ${name}`);
console.log(`${all.length} functions of ${min} lines or more`);
