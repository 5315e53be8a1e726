/// <reference lib="dom" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VISION_UNAVAILABLE_MESSAGE } from '@gl/core';
import { GPS, gpsOf, hasApp1 } from '../helpers/photos';
import type { TestServer } from '../helpers/server';
import { grantPlan, registerUser, type TestUser } from '../helpers/users';
import { hashtagAwareLines } from '../stubs/chat-completions';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { storeSession } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-photo';
let openai: ChatStub;
let server: TestServer;
let plain: TestServer;
let browser: Browser;
let dir: string;
let phonePhoto: string;

/** A phone photo: 4000 x 3000 px (a produce stall in the sun, drawn) with the camera's EXIF, GPS position included. */
async function makePhonePhoto(): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
    <rect width="4000" height="3000" fill="url(#sky)"/>
    <rect y="1900" width="4000" height="1100" fill="#92400e"/>
    ${Array.from({ length: 60 }, (_, i) => `<circle cx="${300 + (i % 12) * 300}" cy="${2000 + Math.floor(i / 12) * 180}" r="120" fill="${i % 3 ? '#f59e0b' : '#65a30d'}"/>`).join('')}
  </svg>`);
  return sharp(svg)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhonyCam', Model: 'Kamera X1' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 1104/100', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 192/100' },
    })
    .toBuffer();
}

/** The JPEG inside a multipart body (from its SOI marker to its last EOI marker). */
function jpegIn(body: Buffer): Buffer {
  const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const end = body.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return body.subarray(start, end + 2);
}

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  openai.setBehaviour({ kind: 'ok', lines: hashtagAwareLines('OpenAI') });
  const limits = { GENERATE_RATE_LIMIT_PER_USER: '1000', GENERATE_RATE_LIMIT_PER_IP: '1000' };
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1`, ...limits } });
  // No provider that can see: photos answer 422.
  plain = await startAppServer({ env: limits });
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), 'gl-photo-e2e-'));
  const photo = await makePhonePhoto();
  expect(await gpsOf(photo)).toMatchObject({ latitude: expect.closeTo(GPS.latitude, 2), longitude: expect.closeTo(GPS.longitude, 2) });
  phonePhoto = path.join(dir, 'IMG_20260601_101500.jpg');
  writeFileSync(phonePhoto, photo);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await plain?.stop();
  await openai?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function proOn(on: TestServer, name: string): Promise<TestUser> {
  const user = await registerUser(on, { name });
  await grantPlan(on.database, user.id, 'pro');
  return user;
}

/** Every element's box that is a button or a file-picking label inside the photo block is at least 44 px high and wide. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.getByTestId('photo-picker').evaluate((root) =>
    Array.from(root.querySelectorAll('button, label'))
      .map((el) => ({ text: (el.textContent ?? '').trim(), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ text, box }) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

describe('captions from a photo on a phone', () => {
  it('at 390 px: picks a photo, shows the shrunk preview and the upload progress, and the lines stream in; no GPS leaves the phone', async () => {
    const user = await proOn(server, 'Wanjiku Mwangi');
    const { page, context, errors } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    await storeSession(context, server, user);
    const uploads: Buffer[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/lines/photo') && req.method() === 'POST') uploads.push(req.postDataBuffer() ?? Buffer.alloc(0));
    });
    try {
      await page.goto('/generate');
      const picker = page.getByTestId('photo-picker');
      await picker.getByText('From a photo').waitFor();
      // The camera opens straight away on a phone; here a file is chosen.
      await expect(picker.locator('input[capture="environment"]').getAttribute('accept')).resolves.toBe('image/*');
      expect(await smallTargets(page)).toEqual([]);
      await page.getByLabel('Topic').fill('Soko Fresh');
      await page.getByRole('radio', { name: 'Instagram Captions' }).check({ force: true });

      await picker.getByLabel('Choose a photo').setInputFiles(phonePhoto);
      const preview = picker.getByRole('img', { name: 'The photo the lines will be about' });
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      await picker.getByText('1024 × 768').waitFor();
      expect(await smallTargets(page)).toEqual([]);
      await screenshot(page, 'photo-preview-390');

      // Slow mobile data, so the upload takes a few seconds and its progress shows.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: -1,
        uploadThroughput: 24 * 1024,
      });
      const progress = page.getByRole('progressbar', { name: 'Uploading photo' });
      const seen: number[] = [];
      const watching = (async () => {
        await progress.waitFor();
        while (await progress.isVisible().catch(() => false)) {
          const v = Number(await progress.getAttribute('aria-valuenow').catch(() => null));
          if (Number.isFinite(v)) seen.push(v);
          await page.waitForTimeout(100);
        }
      })();
      await page.getByRole('button', { name: 'Write lines from this photo' }).click();
      await progress.waitFor();
      // The page scrolls to the results on a phone: the progress is there, on screen.
      await expect
        .poll(async () => {
          const box = await progress.boundingBox();
          return Boolean(box && box.y >= 0 && box.y + box.height <= 844);
        })
        .toBe(true);
      await screenshot(page, 'photo-uploading-390', { fullPage: false });
      await watching;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      expect(
        seen.some((v) => v > 0 && v < 100),
        `progress seen: ${seen.join(',')}`,
      ).toBe(true);

      const lines = page.getByTestId('generated-line');
      await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(4);
      await page.getByTestId('source-notice').getByText('Generated with OpenAI').waitFor();
      // Captions carry a few hashtags by default: the model that saw the photo kept that rule.
      expect(await lines.first().textContent()).toContain('#SokoFresh');
      // Lines from a photo are not rewritten one by one (the photo is gone); copying and saving work as ever.
      expect(await page.getByRole('button', { name: /Regenerate line/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Save line 1' }).click();
      await page.getByRole('button', { name: 'Save line 1' }).getByText('Saved').waitFor();
      await screenshot(page, 'photo-lines-390');

      // What left the phone: one JPEG of at most 1024 px, about 150 KB, with no EXIF (no GPS position).
      expect(uploads).toHaveLength(1);
      const sent = jpegIn(uploads[0]!);
      const meta = await sharp(sent).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
      expect(sent.length).toBeLessThan(300 * 1024);
      expect(hasApp1(sent)).toBe(false);
      expect(await gpsOf(sent)).toBeUndefined();
      // The model received it as a data: URL beside the prompt, with the form's choices.
      const request = openai.requests.findLast((r) => Array.isArray(r.body?.messages?.[1]?.content))!;
      expect(request.body.messages[1].content[0].text).toContain('"topic": "Soko Fresh"');
      expect(request.body.messages[1].content[1].image_url.url).toMatch(/^data:image\/jpeg;base64,/);

      // The service worker's caches hold no photo and no answer of the upload.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
        }
        return urls;
      });
      expect(cached.filter((u) => u.includes('/api/'))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('at 320 px the block fits: two targets side by side, the preview and its Remove button', async () => {
    const user = await proOn(server, 'Baraka Ochieng');
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    await storeSession(context, server, user);
    try {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto('/generate');
      const picker = page.getByTestId('photo-picker');
      await picker.getByText('Take a photo').waitFor();
      expect(await smallTargets(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await picker.scrollIntoViewIfNeeded();
      await screenshot(page, 'photo-picker-320', { fullPage: false });
      await picker.getByLabel('Choose a photo').setInputFiles(phonePhoto);
      await picker.getByRole('img', { name: 'The photo the lines will be about' }).waitFor();
      expect(await smallTargets(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'photo-preview-320', { fullPage: false });
      await picker.getByRole('button', { name: 'Remove photo' }).click();
      await picker.getByText('Choose a photo').waitFor();
      await page.getByRole('button', { name: 'Generate Lines' }).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);

  it('without a provider that can see, offers to write from a typed description (the topic field gets the focus)', async () => {
    const user = await proOn(plain, 'Njeri Kamau');
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: plain.url });
    await storeSession(context, plain, user);
    try {
      await page.goto('/generate');
      const picker = page.getByTestId('photo-picker');
      await picker.getByLabel('Choose a photo').setInputFiles(phonePhoto);
      await picker.getByRole('img', { name: 'The photo the lines will be about' }).waitFor();
      await page.getByRole('button', { name: 'Write lines from this photo' }).click();
      // Said where the phone has scrolled to (above the results), with the way out.
      const refused = page.getByTestId('photo-refused');
      await refused.getByText(VISION_UNAVAILABLE_MESSAGE).waitFor();
      await expect
        .poll(async () => {
          const box = await refused.boundingBox();
          return Boolean(box && box.y >= 0 && box.y + box.height <= 844);
        })
        .toBe(true);
      await screenshot(page, 'photo-vision-unavailable-390', { fullPage: false });
      await refused.getByRole('button', { name: 'Write from a description' }).click();
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id))
        .toBe(await page.getByLabel('Topic').getAttribute('id'));
      // The photo is left; the topic is where to describe it. Nothing was counted.
      await picker.getByText('Choose a photo').waitFor();
      expect((await plain.api('/users/usage', { token: user.token })).body.data.dailyGenerations).toBe(0);
      await page.getByRole('button', { name: 'Generate Lines' }).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a free account sees what it is and the upgrade link; the buttons are off', async () => {
    const user = await registerUser(server, { name: 'Otieno Free' });
    const { page, context } = await openPage(browser, { viewport: 'phone', baseURL: server.url });
    await storeSession(context, server, user);
    try {
      await page.goto('/generate');
      const picker = page.getByTestId('photo-picker');
      await picker.getByText('with the Pro plan').waitFor();
      expect(await picker.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
      expect(await picker.getByLabel('Choose a photo').isDisabled()).toBe(true);
      expect(await picker.getByLabel('Take a photo').isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);
});
