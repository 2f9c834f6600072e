import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchBrowser } from './browser.ts';
import { axeFindings, blocking } from './screens.ts';

// The journeys' accessibility bar rests on axeFindings: it must see violations, and see them again
// after a navigation has dropped the axe-core it injected.
const skipReason = browserSkipReason('axe findings');

const page = (body: string) =>
  `data:text/html,${encodeURIComponent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>${body}</main></body></html>`)}`;

const BROKEN = page(
  '<h1>Quests</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>' +
    '<p style="color:#bbb;background:#fff">faint words</p>',
);
const CLEAN = page('<h1>Quests</h1><p>Every milestone counts.</p><button>Begin</button>');

describe.skipIf(skipReason !== null)('axe-core findings in a page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('reports the violations of a page, then of the next document it navigates to', async () => {
    const tab = await browser.newPage();
    await tab.goto(BROKEN);
    const broken = await axeFindings(tab, 'broken', 375);
    expect(
      blocking(broken)
        .map((finding) => finding.id)
        .sort(),
    ).toEqual(['button-name', 'color-contrast', 'image-alt']);
    expect(broken.find((finding) => finding.id === 'image-alt')).toMatchObject({
      screen: 'broken',
      width: 375,
      impact: 'critical',
      targets: ['img'],
    });

    // A hard navigation: the new document has no axe-core until axeFindings injects it again.
    await tab.goto(CLEAN);
    expect(await tab.evaluate('typeof window.axe')).toBe('undefined');
    expect(await axeFindings(tab, 'clean', 375)).toEqual([]);

    // The same document again: axe-core is kept and reruns.
    await tab.goto(BROKEN);
    await axeFindings(tab, 'broken', 375);
    expect(blocking(await axeFindings(tab, 'broken', 1280)).length).toBe(3);
  });
});
