import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** `artifacts/` is gitignored: the screenshots are for eyes, not for the repository. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../artifacts/screenshots', import.meta.url));

/** Pictures the repository's own docs show (README.md's dashboard): tracked, so written only on request. */
export const DOCS_IMAGE_DIR = fileURLToPath(new URL('../../docs/img', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** The impacts the quality bar forbids ("no serious axe-core violation"). */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  screen: string;
  width: number;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

export interface ScreenCheck {
  screen: string;
  files: string[];
  findings: AxeFinding[];
  /** document.documentElement.scrollWidth at 375 px; more than the viewport means sideways scrolling. */
  phoneScrollWidth: number;
}

/** An empty folder for one journey's pictures, artifacts/screenshots/<journey>; returns its path. */
export function freshScreenshotDir(journey: string): string {
  const dir = join(SCREENSHOT_DIR, journey);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** What axeFindings reads of a violation, as axe-core reports it in the page. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core in the page: its source is evaluated once per document (a hard navigation drops it; the
 * app's own route changes keep it), then one `axe.run` per analysis asking for the violations' details
 * only. `@axe-core/playwright` evaluated the half-megabyte source twice on every analysis and returned
 * every passing node too: about 800 ms an analysis against 150 ms (docs/features/scale.md#ci-time).
 * The app has no frames, so the page's own run sees all of it.
 */
export async function axeFindings(page: Page, screen: string, width: number): Promise<AxeFinding[]> {
  const present = await page.evaluate<boolean>("typeof window.axe?.run === 'function'");
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate<AxeViolation[]>(
    "axe.run(document, { resultTypes: ['violations'] }).then((results) => results.violations)",
  );
  return violations.map((violation) => ({
    screen,
    width,
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary ?? '',
  }));
}

export function blocking(findings: readonly AxeFinding[]): AxeFinding[] {
  return findings.filter((finding) => BLOCKING_IMPACTS.has(finding.impact));
}

export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.screen} @${f.width}px ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}\n    ${f.summary.replace(/\n/g, '\n    ')}`,
    )
    .join('\n');
}

/**
 * One screen, as a hero sees it on a desktop and on a phone: a full-page screenshot at 1280 and at
 * 375 px, an axe-core run at each width, and the page's width at 375 px. The page is left at the
 * viewport it had, so the journey carries on where it was.
 */
export async function checkScreen(
  page: Page,
  dir: string,
  index: number,
  screen: string,
): Promise<ScreenCheck> {
  const journeyViewport = page.viewportSize();
  const files: string[] = [];
  const findings: AxeFinding[] = [];
  let phoneScrollWidth = 0;
  // The phone first: it is the journey's own viewport, so that picture is exactly what the hero saw.
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Let the page lay out and settle its scroll positions at the new width before the picture.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    const file = join(dir, `${String(index).padStart(2, '0')}-${screen}-${viewport.width}.png`);
    // Spinners and pulses are frozen so a screenshot shows the page, not a frame of an animation.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    files.push(file);
    findings.push(...(await axeFindings(page, screen, viewport.width)));
    if (viewport === PHONE) {
      phoneScrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
    }
  }
  if (journeyViewport) await page.setViewportSize(journeyViewport);
  return { screen, files, findings, phoneScrollWidth };
}

/**
 * With LIFEQUEST_DOCS_SCREENSHOTS=1, writes what a desktop shows of the page (1280x800, the visible part)
 * to docs/img/<name>.png for the docs; returns the file, or null without the variable, so an ordinary
 * run never changes a tracked file. The page is left at the viewport it had.
 */
export async function docsScreenshot(
  page: Page,
  name: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string | null> {
  if (env.LIFEQUEST_DOCS_SCREENSHOTS !== '1') return null;
  const journeyViewport = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  // The pointer leaves the page, so no row is pictured hovered.
  await page.mouse.move(0, 0);
  mkdirSync(DOCS_IMAGE_DIR, { recursive: true });
  const file = join(DOCS_IMAGE_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  if (journeyViewport) await page.setViewportSize(journeyViewport);
  return file;
}
