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
