import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { functionsOf, longestFunctions, productionFiles, report } from './longest-functions.ts';

/** A function of `n` lines: its header, n - 2 statements, its closing brace. */
const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('the longest functions', () => {
  it('measures each function, nested or not, from its first line to its last, whatever it is called', () => {
    const source = [
      '// “a comment with multi-byte characters” before the code',
      `export function outer() {`,
      `  const inner = () => {`,
      '    return 1;',
      '  };',
      '  return inner();',
      '}',
      'class Keeper {',
      '  keep(): void {',
      '    return;',
      '  }',
      '}',
      'export const table = { row: function () { return 2; } };',
    ].join('\n');
    expect(functionsOf('x.ts', source)).toEqual([
      { file: 'x.ts', line: 2, name: 'outer', lines: 6 },
      { file: 'x.ts', line: 3, name: 'inner', lines: 3 },
      { file: 'x.ts', line: 9, name: 'keep', lines: 3 },
      { file: 'x.ts', line: 13, name: 'row', lines: 1 },
    ]);
  });

  describe('over a tree', () => {
    let root: string;
    afterEach(() => rm(root, { recursive: true, force: true }));

    it('ranks the production functions only: no tests, test kits or generated code; the web counts', async () => {
      root = await mkdtemp(join(tmpdir(), 'longest-'));
      const files: Record<string, string> = {
        'platform/src/a.ts': `export function short() {\n${body(5)}\n}\n`,
        'services/alpha/src/b.ts': `\n\nexport const long = () => {\n${body(30)}\n};\n`,
        'web/src/Page.tsx': `export function Page() {\n${body(20)}\n  return <div />;\n}\n`,
        'services/alpha/src/b.test.ts': `export function test() {\n${body(90)}\n}\n`,
        'services/alpha/src/testing/kit.ts': `export function kit() {\n${body(90)}\n}\n`,
        'services/alpha/src/generated/client.ts': `export function gen() {\n${body(90)}\n}\n`,
        'services/alpha/vitest.config.ts': `export function config() {\n${body(90)}\n}\n`,
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      }

      expect(productionFiles(root)).toEqual([
        'platform/src/a.ts',
        'services/alpha/src/b.ts',
        'web/src/Page.tsx',
      ]);
      const longest = longestFunctions(root, 2);
      expect(longest).toEqual([
        { file: 'services/alpha/src/b.ts', line: 3, name: 'long', lines: 30 },
        { file: 'web/src/Page.tsx', line: 1, name: 'Page', lines: 21 },
      ]);
      expect(report(longest)).toBe(
        'the 2 longest production functions (lines):\n' +
          '   30  services/alpha/src/b.ts:3  long\n' +
          '   21  web/src/Page.tsx:1  Page\n',
      );
    });
  });

  it("keeps the platform's createServiceEvents out of the repository's ten longest (it assembles named parts)", () => {
    const repository = fileURLToPath(new URL('..', import.meta.url));
    expect(longestFunctions(repository).map((f) => f.name)).not.toContain('createServiceEvents');
  });
});
