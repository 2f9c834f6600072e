import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, so the gateway sends the compressed copy the browser accepts without compressing on each
 * request (@fastify/static `preCompressed`). A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'lifequest:precompress',
    apply: 'build',
    // After the files are written, and only then (closeBundle also runs after a failed build).
    writeBundle(options) {
      if (options.dir) compressTree(options.dir);
    },
  };
}

export function compressTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      compressTree(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  }
}
