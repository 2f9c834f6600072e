import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressTree } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('compressTree', () => {
  it('writes .br and .gz copies of the text files of the build, in every folder, that decompress to the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'lq-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const quest = "Run a 10K";\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>LifeQuest</p>'.repeat(100)}`);
    compressTree(dir);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-abc.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
  });

  it('leaves small files and binary formats alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'lq-precompress-'));
    writeFileSync(join(dir, 'tiny.js'), 'export {};');
    writeFileSync(join(dir, 'font.woff2'), Buffer.alloc(4096, 7));
    compressTree(dir);
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'font.woff2.br'))).toBe(false);
  });
});
