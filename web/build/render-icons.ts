import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

/*
 * Draws the app's icons (web/public/icons/*.png, committed) from its logo, web/public/pathfinder.svg,
 * with Debian's Chromium: the web app manifest wants PNGs at 192 and 512 px and a maskable one (the
 * logo inside the middle 80% safe zone, on the app's night colour), iOS an apple-touch-icon.
 *   node web/build/render-icons.ts
 */
const NIGHT = '#0b1020';
const svg = readFileSync(new URL('../public/pathfinder.svg', import.meta.url), 'utf8');
const icons = [
  { file: 'icon-192.png', size: 192, logo: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, logo: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, logo: 0.7, background: NIGHT },
  { file: 'apple-touch-icon-180.png', size: 180, logo: 0.82, background: NIGHT },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    const logo = Math.round(icon.size * icon.logo);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">
         <img style="width:${logo}px;height:${logo}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">
       </body>`,
    );
    const png = await page.screenshot({ omitBackground: icon.background === 'transparent' });
    writeFileSync(new URL(`../public/icons/${icon.file}`, import.meta.url), png);
  }
} finally {
  await browser.close();
}
