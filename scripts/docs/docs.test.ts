import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, docProblems, headingSlug, linkTargets, README_MAX_BYTES } from './links.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe("the repository's docs", () => {
  it('README.md fits in 12 KB and every relative link and anchor of README.md and docs/ resolves', () => {
    expect(docProblems(ROOT)).toEqual([]);
  });
});

describe('the docs check', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A small repository whose README and docs/ link only to what exists, to plant mistakes in. */
  function tree(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lq-docs-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'docs/img'), { recursive: true });
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/code.ts'), 'export {};\n');
    writeFileSync(join(dir, 'docs/img/shot.png'), '');
    writeFileSync(
      join(dir, 'README.md'),
      '# X\n\n![shot](docs/img/shot.png)\n\n[rules](docs/product.md#xp-rules), [code](src/code.ts), [web](https://example.org/a.md#b)\n',
    );
    writeFileSync(
      join(dir, 'docs/product.md'),
      '# Product\n\n## XP rules\n\n### `npm run dlq`: dead letters\n\n[README](../README.md), [below](#npm-run-dlq-dead-letters)\n',
    );
    return dir;
  }

  it('passes a small tree whose links all resolve', () => {
    expect(docProblems(tree())).toEqual([]);
  });

  it('fails on a link to a file that does not exist', () => {
    const dir = tree();
    writeFileSync(join(dir, 'docs/planted.md'), '# Planted\n\n[gone](../services/nowhere/README.md)\n');
    expect(docProblems(dir)).toEqual([
      'docs/planted.md: ../services/nowhere/README.md points at services/nowhere/README.md, which does not exist',
    ]);
  });

  it('fails on an anchor that names no heading of the file', () => {
    const dir = tree();
    writeFileSync(
      join(dir, 'docs/planted.md'),
      '# Planted\n\n[rules](product.md#xp-rulez) [self](#nothing)\n',
    );
    expect(docProblems(dir)).toEqual([
      'docs/planted.md: product.md#xp-rulez: docs/product.md has no heading #xp-rulez',
      'docs/planted.md: #nothing: docs/planted.md has no heading #nothing',
    ]);
  });

  it('fails on a link that leaves the repository', () => {
    const dir = tree();
    writeFileSync(join(dir, 'README.md'), '# X\n\n[outside](../elsewhere/NOTES.md)\n');
    expect(docProblems(dir)).toEqual(['README.md: ../elsewhere/NOTES.md leaves the repository']);
  });

  it('fails on a README over 12 KB', () => {
    const dir = tree();
    writeFileSync(join(dir, 'README.md'), `# LifeQuest\n\n${'x'.repeat(README_MAX_BYTES)}\n`);
    expect(docProblems(dir)).toEqual([
      `README.md is ${README_MAX_BYTES + 14} bytes, over ${README_MAX_BYTES}: move detail into docs/`,
    ]);
  });

  it('reads links outside code only, and anchors as GitHub makes them', () => {
    expect(linkTargets('[a](x.md) `[b](y.md)`\n```\n[c](z.md)\n```\n![d](img/p.png "t")')).toEqual([
      'x.md',
      'img/p.png',
    ]);
    expect(headingSlug('Fellowship Hall')).toBe('fellowship-hall');
    expect(headingSlug('XP rules')).toBe('xp-rules');
    expect(headingSlug('`npm run dlq`: dead letters')).toBe('npm-run-dlq-dead-letters');
    expect([...anchorsOf('# A\n## Jobs\n## Jobs\n```\n## Not\n```\n')]).toEqual(['a', 'jobs', 'jobs-1']);
  });
});
