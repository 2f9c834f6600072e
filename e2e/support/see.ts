import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

// Playwright's web-first assertions live in @playwright/test, which this repository does not use.
// These are the few the journey needs, on vitest: each waits for the page to settle (locator waits
// and expect.poll), so no test sleeps. The timeout bounds waiting; it never asserts on speed.
const WAIT = { timeout: 20_000, interval: 50 } as const;

async function textOf(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a hero reads (no sr-only)
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** The element is (or becomes) visible. */
export async function see(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: WAIT.timeout });
}

/** The element is (or becomes) hidden or absent. */
export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: WAIT.timeout });
}

/** Its visible text, whitespace collapsed, is exactly `text`. */
export async function hasText(locator: Locator, text: string): Promise<void> {
  await see(locator);
  await expect.poll(() => textOf(locator), WAIT).toBe(text);
}

/** Its visible text contains `text` or matches the pattern. */
export async function containsText(locator: Locator, text: string | RegExp): Promise<void> {
  await see(locator);
  if (typeof text === 'string') await expect.poll(() => textOf(locator), WAIT).toContain(text);
  else await expect.poll(() => textOf(locator), WAIT).toMatch(text);
}

export async function hasCount(locator: Locator, count: number): Promise<void> {
  await expect.poll(() => locator.count(), WAIT).toBe(count);
}

export async function hasAttribute(locator: Locator, name: string, value: string): Promise<void> {
  await expect.poll(() => locator.getAttribute(name), WAIT).toBe(value);
}

export async function hasValue(locator: Locator, value: string): Promise<void> {
  await expect.poll(() => locator.inputValue(), WAIT).toBe(value);
}

export async function isDisabled(locator: Locator): Promise<void> {
  await expect.poll(() => locator.isDisabled(), WAIT).toBe(true);
}

/** Polls any reading of the page until it satisfies the matcher, e.g. `settles(() => xp(page))`. */
export function settles<T>(read: () => Promise<T>) {
  return expect.poll(read, WAIT);
}

/**
 * What another hero did reaches this one through events, a moment later. The page refreshes its lists
 * on its own (15 s for the feed, 60 s for challenges); reloading is what a hero who does not want to
 * wait does, so a journey reloads until the element is `state`: each look waits longer than the last
 * (2 s, then 4 s, up to 8 s), for up to 60 s in all, so a loaded machine is given the time and a quick
 * one is not made to wait.
 */
async function reloadUntil(locator: Locator, state: 'visible' | 'detached'): Promise<void> {
  const page = locator.page();
  const deadline = Date.now() + 60_000;
  for (let look = 2_000; ; look = Math.min(look * 2, 8_000)) {
    const timeout = Math.max(1, Math.min(look, deadline - Date.now()));
    try {
      await locator.waitFor({ state, timeout });
      return;
    } catch (error) {
      if (Date.now() + 1 >= deadline) throw error;
      await page.reload();
    }
  }
}

/** The element shows up, reloading the page until it has (see reloadUntil). */
export const arrives = (locator: Locator): Promise<void> => reloadUntil(locator, 'visible');

/** The element leaves the page, reloading it until it has (see reloadUntil). */
export const leaves = (locator: Locator): Promise<void> => reloadUntil(locator, 'detached');
