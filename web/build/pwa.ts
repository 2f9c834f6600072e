import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The app's palette (web/src/index.css): night behind everything, gold for accents. */
export const THEME_COLOR = '#0b1020';

/**
 * The installable app and its service worker (docs/features/offline-app.md#caching), made by Workbox
 * through vite-plugin-pwa. The worker precaches the app shell (the built HTML, scripts, styles and
 * icons) and answers page navigations with index.html when the network is gone. It caches no API
 * answer at all (its one API route only hands failed check-offs to Background Sync): a hero's data survives offline in the query cache the page persists per hero
 * (web/src/offline/persist.ts), which logout clears, so nothing one hero saw can reach another, and
 * no session or admin call (/api/auth/*, /api/admin/*) is ever kept.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // A new release waits until the hero reloads (the page offers it) or every tab is closed (the next
  // visit then runs it): never a stale app forever, never a reload under the hero's fingers.
  registerType: 'prompt',
  // The page registers the worker itself, after the first screen (web/src/offline/serviceWorker.ts).
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['pathfinder.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'LifeQuest',
    short_name: 'LifeQuest',
    description: 'LifeQuest turns your life goals into quests, guided by The Pathfinder.',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell only: the .br/.gz twins the build writes beside each file are the server's business.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    // An API path is never a page: it goes to the network, or fails as the network does.
    navigateFallbackDenylist: [/^\/api\//, /^\/metrics/],
    cleanupOutdatedCaches: true,
    // Background Sync where the browser has it: a replayed check-off (always a PUT with its
    // Idempotency-Key) whose request fails on the network is kept by the worker and sent when the
    // connection returns, even with every tab closed. Never cached (NetworkOnly). The page's own queue
    // replays the same key later, which the server answers with its first answer.
    runtimeCaching: [
      {
        urlPattern: /\/api\/milestones\/[^/]+$/,
        method: 'PUT',
        handler: 'NetworkOnly',
        options: {
          backgroundSync: { name: 'lifequest-check-offs', options: { maxRetentionTime: 7 * 24 * 60 } },
        },
      },
    ],
  },
};
