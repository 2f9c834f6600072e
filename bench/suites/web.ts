import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BENCH_ENV, PORTS } from '../lib/distributed.ts';
import { callOk } from '../lib/load.ts';
import { ROOT, type Running, startTarget } from '../lib/processes.ts';
import { type Figure, notAvailable } from '../lib/report.ts';

const SUITE = 'web';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DIST = join(ROOT, 'web', 'dist');

/**
 * What a hero's browser pays: the initial JavaScript of the web build (the entry script and the
 * modules it preloads, gzip) and Lighthouse's performance score on the landing page and the dashboard,
 * served by `npm start`'s process (run.ts has made sure the build is current). Lighthouse runs its default (mobile, simulated throttling) audit.
 * `BENCH_LIGHTHOUSE_DIR=<dir>` keeps each page's whole Lighthouse report there (opportunities, culprits).
 */
export async function webSuite(context: Record<string, unknown>): Promise<Figure[]> {
  const figures: Figure[] = [initialJs(context)];
  if (!existsSync(CHROMIUM)) {
    for (const page of ['landing page', 'dashboard']) {
      figures.push(
        notAvailable(
          SUITE,
          `Lighthouse performance, ${page}`,
          '≥ 95',
          `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
        ),
      );
    }
    return figures;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lifequest-bench-web-'));
  let lq: Running | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    lq = await startTarget('all', { ...BENCH_ENV, LIFEQUEST_DATA_DIR: dataDir }, PORTS.embedded);
    const cookie = await onboardedHeroCookie(lq.url);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      port: PORTS.chrome,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const score = async (name: string, headers?: Record<string, string>) => {
      const result = await lighthouse(`${lq!.url}/`, {
        port: PORTS.chrome,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        extraHeaders: headers ?? null,
      });
      const lhr = result?.lhr;
      const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
      if (reportDir && lhr) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${name.replaceAll(' ', '-')}.json`), JSON.stringify(lhr, null, 2));
      }
      const value = lhr?.categories.performance?.score;
      const audit = (id: string) => lhr?.audits[id]?.numericValue;
      context[`lighthouse ${name}`] = {
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        runtimeError: lhr?.runtimeError?.message,
      };
      const points = value == null ? null : Math.round(value * 100);
      figures.push({
        suite: SUITE,
        name: `Lighthouse performance, ${name} (mobile)`,
        unit: 'score',
        lifequest: points,
        goal: '≥ 95',
        met: points == null ? null : points >= 95,
      });
    };
    await score('landing page');
    await score('dashboard', { cookie });
  } finally {
    chrome?.kill();
    await lq?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** The entry script and the chunks index.html preloads: what must arrive before the app can start. */
function initialJs(context: Record<string, unknown>): Figure {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const sizes = files.map((file) => {
    const bytes = readFileSync(join(DIST, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  context.initialJs = sizes;
  const kB = sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024;
  return {
    suite: SUITE,
    name: `initial JavaScript, gzip (${files.length} files)`,
    unit: 'kB',
    lifequest: kB,
    goal: 'reported',
    met: null,
  };
}

/** A hero who finished onboarding, so `/` is their dashboard; returns the session cookie the gateway set. */
async function onboardedHeroCookie(url: string): Promise<string> {
  const { sessionId } = await callOk<{ sessionId: string }>(`${url}/api/auth/register`, {
    method: 'POST',
    body: { email: 'lighthouse@example.com', password: 'correct horse battery', name: 'Lighthouse' },
  });
  const headers = { authorization: `Bearer ${sessionId}` };
  await callOk(`${url}/api/auth/complete-onboarding`, {
    method: 'POST',
    headers,
    body: {
      displayName: 'Lighthouse',
      primaryClass: 'general',
      firstGoal: {
        title: 'Run a 10K',
        milestones: [{ title: 'Run 5K' }, { title: 'Run 8K' }, { title: 'Run 10K' }],
      },
    },
  });
  for (let q = 0; q < 5; q++) {
    await callOk(`${url}/api/goals`, { method: 'POST', headers, body: { title: `Read ${q + 2} books` } });
  }
  const me = await fetch(`${url}/api/auth/me`, { headers });
  const cookie = me.headers.getSetCookie().find((c) => c.startsWith('lq_session='));
  if (!cookie) throw new Error('the gateway set no session cookie on /api/auth/me');
  return cookie.split(';')[0]!;
}
