import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './browser';

/** A primary tap target on a phone: at least 44 px each way. */
export const TAP_MIN = 44;

/** How wide the document is: more than the viewport means the page scrolls sideways. */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
  );
}

/** The rendered height of every element the locator matches (at least one). */
export async function heightsOf(locator: Locator): Promise<number[]> {
  await locator.first().waitFor();
  const heights = await locator.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  if (heights.length === 0) throw new Error('no element to measure');
  return heights;
}

/** A PNG of one element (e.g. the results panel) in test-results/screenshots, to look at one part of a long page. */
export async function screenshotOf(locator: Locator, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await locator.screenshot({ path: file });
  return file;
}
