/**
 * Renders the app icons of the web app manifest from client/public/favicon.svg with Chromium
 * (no image tools needed): 192 and 512 px, and a 512 px maskable icon whose mark sits inside the
 * safe zone on the theme's background. Run after changing the favicon, then commit the PNGs:
 *   npx tsx client/build/make-icons.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));
const svg = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(path.join(PUBLIC, 'icons'), { recursive: true });
  const icons = [
    { file: 'icon-192.png', size: 192, maskable: false },
    { file: 'icon-512.png', size: 512, maskable: false },
    { file: 'maskable-512.png', size: 512, maskable: true },
  ];
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    // Maskable: a full-bleed background, the mark at 60% (inside the 80% safe circle).
    const inner = icon.maskable ? Math.round(icon.size * 0.6) : icon.size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.maskable ? '#020617' : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body>`,
    );
    await page.screenshot({ path: path.join(PUBLIC, 'icons', icon.file), omitBackground: !icon.maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
