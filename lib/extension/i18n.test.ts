import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import messages from '#locales/en/messages.json';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Attributes a person reads or hears. */
const WORDED_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const UI_FILES = [...sourceFiles('components'), ...sourceFiles('entrypoints')].filter((file) =>
  file.endsWith('.tsx'),
);

/** Words written into JSX: text between tags, and worded attributes given a string. */
function wordsInJsx(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      WORDED_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    )
      found.push(node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A call of t() or tCount(), the one way to a message. */
const isMessage = (node: ts.Node): boolean =>
  ts.isCallExpression(node) &&
  ts.isIdentifier(node.expression) &&
  (node.expression.text === 't' || node.expression.text === 'tCount');

/**
 * Messages glued to other text in code: t() in a template literal, t() joined with `+`, or two t() side by
 * side in JSX. A translator can reorder the words inside one message, never across two.
 */
function gluedMessages(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const report = (node: ts.Node) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
  const isSpace = (child: ts.JsxChild) =>
    (ts.isJsxText(child) && child.text.trim() === '') ||
    (ts.isJsxExpression(child) &&
      !!child.expression &&
      ts.isStringLiteral(child.expression) &&
      child.expression.text.trim() === '');
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node) && node.templateSpans.some((span) => isMessage(span.expression)))
      report(node);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      (isMessage(node.left) || isMessage(node.right))
    )
      report(node);
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const worded = node.children.filter((child) => !isSpace(child));
      worded.forEach((child, index) => {
        const next = worded[index + 1];
        if (
          next &&
          ts.isJsxExpression(child) &&
          ts.isJsxExpression(next) &&
          child.expression &&
          next.expression
        )
          if (isMessage(child.expression) && isMessage(next.expression)) report(child);
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('messages.json', () => {
  it('no message is glued to another, or to other words, in code: each sentence is one message', () => {
    const files = [...sourceFiles('components'), ...sourceFiles('entrypoints'), ...sourceFiles('lib')];
    expect(files.flatMap(gluedMessages)).toEqual([]);
  });

  it('no words are written into the UI’s JSX: they come from browser.i18n', () => {
    const words = UI_FILES.flatMap((file) => wordsInJsx(file).map((text) => `${file}: ${text}`));
    expect(words).toEqual([]);
  });

  it('every message is used, and says what it is for to translators', () => {
    const code = [...sourceFiles('components'), ...sourceFiles('entrypoints'), ...sourceFiles('lib')]
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .concat(readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8'))
      .join('\n');
    for (const [key, entry] of Object.entries(messages)) {
      // A plural message is asked for by its name: tCount('bulkStart', n) picks bulkStart_one or _other.
      const asked = key.replace(/_(zero|one|two|few|many|other)$/, '');
      expect(code.includes(`'${asked}'`) || code.includes(`__MSG_${key}__`), key).toBe(true);
      expect(entry.description.length, key).toBeGreaterThan(10);
    }
  });
});
