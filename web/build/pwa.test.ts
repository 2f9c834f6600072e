import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { THEME_COLOR } from './pwa.ts';

// The built app is installable and opens offline (docs/features/offline-app.md): its manifest, icons and
// service worker as the build wrote them (bootstrap rebuilds web/dist when a web source changed).
// Lighthouse 12 dropped its installability audits, so their criteria are checked here directly.

// Under happy-dom, URL is the DOM's (fileURLToPath refuses it): the path is read off it instead.
const webDistDir = join(dirname(decodeURIComponent(new URL(import.meta.url).pathname)), '..', 'dist');
const dist = (file: string) => join(webDistDir, file.replace(/^\//, ''));
const text = (file: string) => readFileSync(dist(file), 'utf8');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(dist(file));
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('the installable app', () => {
  const manifest = JSON.parse(text('manifest.webmanifest')) as Record<string, unknown> & {
    icons: ManifestIcon[];
  };
  const html = text('index.html');

  it('has a manifest with its name, colours from the palette, standalone display, start URL and scope', () => {
    expect(manifest).toMatchObject({
      name: 'LifeQuest',
      short_name: 'LifeQuest',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
    });
    expect(readFileSync(join(webDistDir, '..', 'src', 'index.css'), 'utf8')).toContain(
      `--color-night: ${THEME_COLOR};`,
    );
    expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
  });

  it('has PNG icons at 192 and 512 px and a maskable one, each file the size it says', () => {
    const bySize = (size: string, purpose: string) =>
      manifest.icons.find(
        (icon) => icon.sizes === size && (icon.purpose ?? 'any').split(' ').includes(purpose),
      );
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = bySize(size, purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      expect(icon!.type).toBe('image/png');
      const [width, height] = size.split('x').map(Number);
      expect(pngSize(icon!.src)).toEqual({ width, height });
    }
  });

  it('tells iOS it is an app, with its own touch icon', () => {
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="LifeQuest"');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}"`);
    const touch = html.match(/<link rel="apple-touch-icon" href="([^"]+)"/)?.[1];
    expect(touch && pngSize(touch)).toEqual({ width: 180, height: 180 });
  });
});

describe('the service worker', () => {
  const worker = text('sw.js');
  const precached = [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1]!);

  it('precaches the app shell: the page, its entry script, its styles and the icons', () => {
    const entry = text('index.html').match(/<script type="module"[^>]+src="\/([^"]+)"/)?.[1];
    expect(precached).toEqual(expect.arrayContaining(['index.html', entry, 'manifest.webmanifest']));
    expect(precached.some((url) => url.endsWith('.css'))).toBe(true);
    expect(precached.filter((url) => url.endsWith('.br') || url.endsWith('.gz'))).toEqual([]);
  });

  it('answers a page with the app offline, never an /api path, and caches no answer of the API', () => {
    expect(worker).toContain('createHandlerBoundToURL("/index.html")');
    expect(worker).toMatch(/denylist:\[\/\^\\\/api\\\/\//);
    expect(precached.filter((url) => url.includes('api/'))).toEqual([]);
    // No caching strategy at all: API data lives in the page's per-hero store, not here. The one API
    // route hands a failed check-off (PUT, with its key) to Background Sync, through the network only.
    expect(worker).not.toMatch(/CacheFirst|StaleWhileRevalidate|NetworkFirst|CacheOnly/);
    const apiRoutes = [
      ...worker.matchAll(/registerRoute\((\/[^,]+),new \w+\.(\w+)\(\{plugins:\[new \w+\.(\w+)\(/g),
    ];
    expect(apiRoutes.map((route) => [route[1], route[2], route[3]])).toEqual([
      ['/\\/api\\/milestones\\/[^/]+$/', 'NetworkOnly', 'BackgroundSyncPlugin'],
    ]);
    expect(worker).toMatch(
      /BackgroundSyncPlugin\("lifequest-check-offs",\{maxRetentionTime:10080\}\)\]\}\),"PUT"\)/,
    );
  });

  it('waits for the hero to take a new release (prompt), and drops the caches of old ones', () => {
    // It takes over only when the page asks (the "Reload" of the new-version prompt).
    expect(worker.match(/skipWaiting\(\)/g)).toHaveLength(1);
    expect(worker).toMatch(/"SKIP_WAITING"===\w+\.data\.type&&self\.skipWaiting\(\)/);
    expect(worker).not.toContain('clientsClaim');
    expect(worker).toContain('cleanupOutdatedCaches');
  });
});

it('keeps the initial JavaScript (entry and preloaded modules) under 150 KB gzip', () => {
  const html = text('index.html');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  expect(files.length).toBeGreaterThan(0);
  expect(files.every((file) => existsSync(dist(file)))).toBe(true);
  const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(dist(file)), { level: 9 }).length, 0);
  expect(gzip / 1024).toBeLessThan(150);
});

/** Every chunk a built module loads before it runs (its static imports, and theirs). */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of text(`assets/${file}`).matchAll(/(?:import|from)\s*["'`]\.\/([^"'`]+\.js)["'`]/g))
      queue.push(match[1]!);
  }
  return [...seen];
}

it('ships the catalogues parsed and keeps zod off the first screens (build/precompile-messages.ts)', () => {
  const html = text('index.html');
  const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)![1]!;
  const landing = /import\(["`]\.\/(LandingPage-[^"`]+\.js)["`]\)/.exec(text(`assets/${entry}`))![1]!;
  const firstScreens = [...staticGraph(entry), ...staticGraph(landing)];
  const code = firstScreens.map((file) => text(`assets/${file}`)).join('\n');
  // The ICU parser's error kinds, in its code only: the build formats ASTs, react-intl parses nothing.
  expect(code).not.toContain('EXPECT_ARGUMENT_CLOSING_BRACE');
  expect(code).toContain('"type":0,"value":"Welcome Back, Hero"');
  // zod's schemas: the landing page lists the SMART parts and reads error codes, but validates nothing.
  expect(code).not.toContain('_zod');
});
