// `node scripts/longest-functions.ts [root]`: prints the ten longest functions of the production code
// (tests, test kits and generated code left out), with file:line and length in lines, longest first:
// candidates for a split. Part of `npm run check`; it only prints and always exits 0.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from '@swc/core';

/** A function of the code: where it starts, its name (or how it is held) and its length in lines. */
export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** The folders whose code runs in production (each service's `src` too); the web's sources too. */
export const PRODUCTION_ROOTS = [
  'proto/src',
  'platform/src',
  'gateway/src',
  'services/*/src',
  'app/src',
  'web/src',
];

/** Folders never measured: dependencies, generated clients, test kits, built output. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'generated', 'testing', 'dist', 'prisma']);
/** Tests, conformance suites (tests run them) and declarations. */
const SKIPPED_FILES = /\.(test|conformance|d)\.tsx?$/;

/** Every production source file under `root`, relative to it. */
export function productionFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !SKIPPED_FILES.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const folder of PRODUCTION_ROOTS) {
    const [parent, star, rest] = folder.split('/');
    if (star !== '*') walk(folder);
    else for (const name of subfolders(join(root, parent!))) walk(join(parent!, name, rest!));
  }
  return files.sort();
}

function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

interface Span {
  start: number;
  end: number;
}
type Node = { type?: string; span?: Span; [key: string]: unknown };

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassMethod',
  'PrivateMethod',
  'Constructor',
  'MethodProperty',
  'GetterProperty',
  'SetterProperty',
]);

/** Every function of one source text (nested ones too, each counted whole). */
export function functionsOf(file: string, source: string): FunctionLength[] {
  const module = parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx'), decorators: true });
  const bytes = Buffer.from(source, 'utf8');
  // swc's spans are 1-based byte offsets into the text; line starts by byte offset, to map them.
  const lineStarts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) lineStarts.push(i + 1);
  const lineOf = (bytePos: number): number => {
    const offset = bytePos - 1;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const found: FunctionLength[] = [];
  const visit = (node: unknown, holder: string | undefined): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, holder);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type && FUNCTIONS.has(n.type) && n.span) {
      const line = lineOf(n.span.start);
      // The span's end is one past its last byte.
      const lines = lineOf(n.span.end - 1) - line + 1;
      found.push({ file, line, name: nameOf(n) ?? holder ?? '(anonymous)', lines });
    }
    const named = holderName(n) ?? holder;
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'span' && child && typeof child === 'object') visit(child, named);
    }
  };
  visit(module.body, undefined);
  return found;
}

/** The name a function carries itself (a declaration, a method, a named function expression). */
function nameOf(node: Node): string | undefined {
  const identifier = (node.identifier ?? node.key) as Node | undefined;
  if (identifier && typeof identifier.value === 'string') return identifier.value;
  if (identifier?.type === 'PrivateName') {
    const id = (identifier.id ?? identifier) as Node;
    return `#${String(id.value ?? '')}`;
  }
  if (node.type === 'Constructor') return 'constructor';
  return undefined;
}

/** The name an anonymous function takes from where it is held: `const x = () => ...`, `{ x: () => ... }`. */
function holderName(node: Node): string | undefined {
  if (
    node.type === 'VariableDeclarator' ||
    node.type === 'ClassProperty' ||
    node.type === 'KeyValueProperty'
  ) {
    const target = (node.id ?? node.key) as Node | undefined;
    if (target && typeof target.value === 'string') return target.value;
  }
  return undefined;
}

/** The `count` longest functions of the production code under `root`, longest first. */
export function longestFunctions(root: string, count = 10): FunctionLength[] {
  const all = productionFiles(root).flatMap((file) => {
    try {
      return functionsOf(file, readFileSync(join(root, file), 'utf8'));
    } catch (error) {
      process.stderr.write(`longest functions: could not parse ${file}: ${String(error)}\n`);
      return [];
    }
  });
  return all
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line)
    .slice(0, count);
}

export function report(functions: readonly FunctionLength[]): string {
  const rows = functions.map((f) => `${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  return `the ${functions.length} longest production functions (lines):\n${rows.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  process.stdout.write(report(longestFunctions(root)));
}
