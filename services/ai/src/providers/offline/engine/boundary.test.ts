import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The offline Pathfinder has one public entry, index.ts. Everything else in this folder is private to
// it, so the rest of the ai service may import the engine only through that file.

const here = dirname(fileURLToPath(import.meta.url));
const serviceSrc = resolve(here, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of `file` that lands inside the offline folder, as a path from that folder. */
function importsIntoEngine(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
  return specifiers
    .map((specifier) => relative(here, resolve(dirname(file), specifier)))
    .filter((path) => !path.startsWith('..'));
}

describe('the offline Pathfinder boundary', () => {
  it('is imported by the rest of the ai service only through index.ts', () => {
    const outside = sourceFiles(serviceSrc).filter((file) => relative(here, file).startsWith('..'));
    const deep = outside.flatMap((file) =>
      importsIntoEngine(file)
        .filter((path) => path !== 'index.ts')
        .map((path) => `${relative(serviceSrc, file)} imports engine/${path}`),
    );
    expect(outside.length).toBeGreaterThan(10);
    expect(deep).toEqual([]);
  });

  it('sees a deep import when there is one', () => {
    const file = join(serviceSrc, 'providers/offline/offline-provider.ts');
    expect(importsIntoEngine(file)).toEqual(['index.ts']);
    const deep = "import { readConversation } from './engine/coach.ts';";
    expect(importsIntoEngine(file, deep)).toEqual(['coach.ts']);
  });
});
