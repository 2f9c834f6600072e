import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { browserSkipReason, launchBrowser, ScreenLog } from './browser.ts';
import { type StartedLifeQuest, startLifeQuest } from './lifequest-start.ts';
import type { DESKTOP, PHONE } from './screens.ts';

export interface BrowserJourney {
  /** Why the journey cannot run here, or null. */
  skipReason: string | null;
  readonly app: StartedLifeQuest;
  readonly dataDir: string;
  readonly screens: ScreenLog;
  /** A page in a browser context of its own: one per hero, so each has its own session. */
  newPage(
    viewport: typeof PHONE | typeof DESKTOP | { width: number; height: number },
    options?: Pick<BrowserContextOptions, 'hasTouch' | 'isMobile' | 'reducedMotion'>,
  ): Promise<Page>;
}

/**
 * Registers the hooks of a browser journey: `npm start` on a fresh data directory, Chromium, a screen
 * log for artifacts/screenshots/<name>; afterwards the contexts close and the app must stop cleanly
 * on SIGTERM.
 */
export function browserJourney(name: string): BrowserJourney {
  const skipReason = browserSkipReason(`${name} journey`);
  let app: StartedLifeQuest | undefined;
  let dataDir: string | undefined;
  let browser: Browser | undefined;
  let screens: ScreenLog | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (skipReason) return;
    screens = new ScreenLog(name);
    dataDir = mkdtempSync(join(tmpdir(), `lifequest-${name}-journey-`));
    app = await startLifeQuest({ LIFEQUEST_DATA_DIR: dataDir });
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    if (app) {
      const code = await app.stop('SIGTERM');
      // SIGTERM is the orderly way down: the runtime drains and exits 0, and bootstrap passes that on.
      expect(code, `npm start after SIGTERM:\n${app.output()}`).toBe(0);
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`the ${name} journey has not started`);
    return value;
  };
  return {
    skipReason,
    get app() {
      return started(app);
    },
    get dataDir() {
      return started(dataDir);
    },
    get screens() {
      return started(screens);
    },
    async newPage(viewport, options = {}) {
      const context = await started(browser).newContext({ baseURL: started(app).url, viewport, ...options });
      contexts.push(context);
      return context.newPage();
    },
  };
}
