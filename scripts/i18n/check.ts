// `node scripts/i18n/check.ts [root]`: exits 1 and lists every user-facing string rendered in the web
// app's JSX outside the catalogues, every catalogue key missing from (or extra to) a language, and every
// t('key') naming no key (docs/features/languages.md). Part of `npm run check`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync } from '@swc/core';

/** The catalogues, by language; English is the reference every other one must match key for key. */
export const CATALOGUES = { en: 'en', es: 'es', de: 'de' } as const;
/** Files (under web/src) still in English only, each named on its own line. */
export const ENGLISH_ONLY_FILE = 'web/src/i18n/english-only.txt';

/** Attributes that carry text a hero reads (a label, a title, a confirmation); others are plumbing. */
const TEXT_ATTRIBUTES = new Set([
  'label',
  'title',
  'description',
  'confirmLabel',
  'cancelLabel',
  'placeholder',
  'aria-label',
  'alt',
  'hint',
  'message',
]);

const LETTER = /\p{L}/u;

type Node = { type?: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

/** A module's constants by name (`const label = ...` in any scope): what an attribute naming one renders. */
type Constants = Map<string, unknown[]>;

/**
 * String literals an expression renders as is: through ?:, &&, ||, ?? and parentheses, and through a
 * constant it names (`const label = \`${n}-day streak\`; ... title={label}`), one step deep.
 */
function renderedStrings(expression: unknown, found: string[], constants?: Constants): void {
  if (!isNode(expression)) return;
  switch (expression.type) {
    case 'Identifier':
      for (const init of constants?.get(String(expression.value)) ?? []) renderedStrings(init, found);
      return;
    case 'StringLiteral':
      if (LETTER.test(String(expression.value))) found.push(String(expression.value));
      return;
    case 'TemplateLiteral': {
      const text = (expression.quasis as Node[])
        .map((quasi) => String(quasi.cooked ?? quasi.raw ?? ''))
        .join('…');
      if (LETTER.test(text)) found.push(text);
      return;
    }
    case 'ConditionalExpression':
      renderedStrings(expression.consequent, found, constants);
      renderedStrings(expression.alternate, found, constants);
      return;
    case 'BinaryExpression':
      if (['&&', '||', '??'].includes(String(expression.operator))) {
        renderedStrings(expression.left, found, constants);
        renderedStrings(expression.right, found, constants);
      }
      return;
    case 'ParenthesisExpression':
      renderedStrings(expression.expression, found, constants);
      return;
    default:
      return;
  }
}

function attributeName(attribute: Node): string {
  const name = attribute.name as Node;
  return name.type === 'Identifier' ? String(name.value) : '';
}

/** Every `const name = init` of a module, in any scope. */
function collectConstants(node: unknown, constants: Constants): void {
  if (Array.isArray(node)) {
    for (const child of node) collectConstants(child, constants);
    return;
  }
  if (!isNode(node)) return;
  if (node.type === 'VariableDeclaration' && node.kind === 'const') {
    for (const declarator of node.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier' || !declarator.init) continue;
      const name = String(id.value);
      constants.set(name, [...(constants.get(name) ?? []), declarator.init]);
    }
  }
  for (const [field, value] of Object.entries(node)) {
    if (field !== 'span' && typeof value === 'object') collectConstants(value, constants);
  }
}

/** Walks a module: hard-coded JSX text and t('key') calls. */
function scan(node: unknown, strings: string[], keys: string[], constants: Constants): void {
  if (Array.isArray(node)) {
    for (const child of node) scan(child, strings, keys, constants);
    return;
  }
  if (!isNode(node)) return;
  if (node.type === 'JSXText') {
    const text = String(node.value).trim();
    if (LETTER.test(text)) strings.push(text.replace(/\s+/g, ' '));
  } else if (node.type === 'JSXAttribute' && TEXT_ATTRIBUTES.has(attributeName(node))) {
    const value = node.value as Node | null;
    if (value?.type === 'StringLiteral') renderedStrings(value, strings);
    else if (value?.type === 'JSXExpressionContainer') renderedStrings(value.expression, strings, constants);
  } else if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
    for (const child of node.children as Node[]) {
      if (child.type === 'JSXExpressionContainer') renderedStrings(child.expression, strings, constants);
    }
  } else if (node.type === 'CallExpression') {
    const callee = node.callee as Node;
    const first = (node.arguments as Node[])[0]?.expression as Node | undefined;
    if (callee.type === 'Identifier' && callee.value === 't' && first?.type === 'StringLiteral') {
      keys.push(String(first.value));
    }
  }
  for (const [field, value] of Object.entries(node)) {
    if (field !== 'span' && typeof value === 'object') scan(value, strings, keys, constants);
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function englishOnly(root: string): Set<string> {
  const file = join(root, ENGLISH_ONLY_FILE);
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

async function catalogue(root: string, locale: string): Promise<Record<string, string>> {
  const url = pathToFileURL(join(root, 'web/src/i18n/messages', `${locale}.ts`)).href;
  const module = (await import(url)) as Record<string, Record<string, string>>;
  const messages = module[locale];
  if (!messages) throw new Error(`web/src/i18n/messages/${locale}.ts exports no \`${locale}\``);
  return messages;
}

/** Every problem found under root, one line each; none means the tree passes. */
export async function checkI18n(root: string): Promise<string[]> {
  const problems: string[] = [];
  const catalogues = Object.fromEntries(
    await Promise.all(Object.keys(CATALOGUES).map(async (locale) => [locale, await catalogue(root, locale)])),
  ) as Record<string, Record<string, string>>;
  const reference = Object.keys(catalogues.en ?? {});
  for (const [locale, messages] of Object.entries(catalogues)) {
    if (locale === 'en') continue;
    for (const key of reference) if (!(key in messages)) problems.push(`${locale}: missing key ${key}`);
    for (const key of Object.keys(messages)) {
      if (!reference.includes(key)) problems.push(`${locale}: key ${key} is not in English`);
    }
  }
  const allowed = englishOnly(root);
  const srcDir = join(root, 'web/src');
  for (const path of sourceFiles(srcDir)) {
    const name = relative(srcDir, path).split(sep).join('/');
    const program = parseSync(readFileSync(path, 'utf8'), {
      syntax: 'typescript',
      tsx: path.endsWith('.tsx'),
    });
    const strings: string[] = [];
    const keys: string[] = [];
    const constants: Constants = new Map();
    collectConstants(program.body, constants);
    scan(program.body, strings, keys, constants);
    if (!allowed.has(name)) for (const text of strings) problems.push(`${name}: hard-coded text "${text}"`);
    for (const key of keys) if (!reference.includes(key)) problems.push(`${name}: t('${key}') names no key`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
  const problems = await checkI18n(root);
  for (const problem of problems) process.stdout.write(`${problem}\n`);
  if (problems.length > 0) {
    process.stdout.write(
      `\n${problems.length} i18n problem(s): move the text into web/src/i18n/messages (every language), or list a file not yet translated in ${ENGLISH_ONLY_FILE}.\n`,
    );
    process.exit(1);
  }
}
