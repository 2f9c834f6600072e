import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  type AxeFinding,
  blocking,
  checkScreen,
  describeFindings,
  freshScreenshotDir,
  PHONE,
  type ScreenCheck,
} from './screens.ts';

// Debian's Chromium, driven by playwright-core: the browser every web journey runs in.
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

const onCi = process.env.CI === 'true';

/** Why a journey cannot run here (no Chromium outside CI), or null. Under CI=true it never skips. */
export function browserSkipReason(journey: string): string | null {
  const reason =
    !existsSync(CHROMIUM) && !onCi ? `${CHROMIUM} is missing (apt-get install chromium; .ci/run does)` : null;
  if (reason) console.warn(`${journey} skipped: ${reason}`);
  return reason;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`CI=true but ${CHROMIUM} is missing: .ci/run installs Debian's chromium first`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * The screens a journey photographs (1280 and 375 px) and runs through axe-core: a serious or critical
 * finding, or a page that scrolls sideways at 375 px, is a soft failure of the journey.
 */
export class ScreenLog {
  readonly checks: ScreenCheck[] = [];
  readonly #dir: string;

  /** The pictures go to artifacts/screenshots/<journey>, emptied first. */
  constructor(journey: string) {
    this.#dir = freshScreenshotDir(journey);
  }

  async check(page: Page, name: string): Promise<void> {
    const check = await checkScreen(page, this.#dir, this.checks.length + 1, name);
    this.checks.push(check);
    const serious = blocking(check.findings);
    expect.soft(serious, `axe on ${name}:\n${describeFindings(serious)}`).toEqual([]);
    expect
      .soft(check.phoneScrollWidth, `${name} scrolls sideways at 375 px`)
      .toBeLessThanOrEqual(PHONE.width);
  }

  /** Prints every finding of any impact, and checks each screen got both pictures. */
  finish(): void {
    const findings: AxeFinding[] = this.checks.flatMap((check) => check.findings);
    if (findings.length > 0) console.warn(`axe-core findings (all impacts):\n${describeFindings(findings)}`);
    expect(this.checks.map((check) => check.files.length)).toEqual(this.checks.map(() => 2));
  }
}

/**
 * Uncaught page errors, Content-Security-Policy violations (the gateway's CSP is strict: the built app
 * must run without one) and 5xx answers from the API, collected for the journey's last checks.
 */
export function watchForErrors(page: Page): {
  pageErrors: string[];
  cspViolations: string[];
  serverErrors: string[];
} {
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const serverErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500) {
      serverErrors.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
    }
  });
  return { pageErrors, cspViolations, serverErrors };
}

/** The journey's last checks: no uncaught error, no CSP violation, no 5xx. */
export function expectNoErrors(watched: ReturnType<typeof watchForErrors>): void {
  expect(watched.pageErrors, 'uncaught errors in the page').toEqual([]);
  expect(watched.cspViolations, 'Content-Security-Policy violations').toEqual([]);
  expect(watched.serverErrors, 'API calls answered 5xx').toEqual([]);
}
