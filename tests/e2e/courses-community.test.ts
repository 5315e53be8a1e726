import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './helpers/app';
import { openPage } from './helpers/browser';
import { signInContext } from './helpers/user-session';

const app = useAppInBrowser();

describe('courses', () => {
  it('search, category and level filters narrow the six courses, with the count', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url, viewport: 'phone' });
    try {
      await page.goto('/courses');
      const count = page.getByText(/^\d+ of 6 courses$/);
      await expect(count.textContent()).resolves.toBe('6 of 6 courses');
      const prices = await page.locator('article').evaluateAll((cards) => cards.map((c) => c.textContent?.match(/\$(\d+)/)?.[1]));
      expect(prices).toEqual(['199', '149', '299', '179', '399', '99']);

      await page.getByLabel('Category').selectOption('Marketing');
      await expect(count.textContent()).resolves.toBe('2 of 6 courses');
      await page.getByLabel('Level').selectOption('Beginner');
      await expect(count.textContent()).resolves.toBe('1 of 6 courses');
      await page.getByRole('heading', { name: 'Content Marketing for Developers' }).waitFor();

      await page.getByLabel('Category').selectOption('all');
      await page.getByLabel('Level').selectOption('all');
      await page.getByLabel('Search courses').fill('PRODUCTION');
      await expect(count.textContent()).resolves.toBe('2 of 6 courses');
      await page.getByLabel('Search courses').fill('quantum knitting');
      await page.getByText('No courses match your search').waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(count.textContent()).resolves.toBe('6 of 6 courses');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Enroll sends a visitor to /auth; a signed-in user is Enrolled', async () => {
    const visitor = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await visitor.page.goto('/courses');
      await visitor.page.getByRole('button', { name: /^Enroll Now.*Full-Stack React/ }).click();
      await visitor.page.waitForURL('**/auth');
    } finally {
      await visitor.context.close();
    }
    const member = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await signInContext(member.context, app.server);
      await member.page.goto('/courses');
      const button = member.page.getByRole('button', { name: /Full-Stack React/ });
      await button.click();
      await member.page.getByRole('button', { name: /^Enrolled.*Full-Stack React/ }).waitFor();
      expect(new URL(member.page.url()).pathname).toBe('/courses');
      expect(member.errors).toEqual([]);
    } finally {
      await member.context.close();
    }
  });
});

describe('community', () => {
  it('Join sends a visitor to /auth', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await page.goto('/community');
      await page.getByRole('button', { name: 'Join Community' }).click();
      await page.waitForURL('**/auth');
      await page.goto('/community');
      await page.getByRole('button', { name: /^Register.*AI-Powered Marketing/ }).click();
      await page.waitForURL('**/auth');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a signed-in user sees Joined! (then Join again) and Registered', async () => {
    const { page, context, errors } = await openPage(app.browser, { baseURL: app.server.url });
    try {
      await signInContext(context, app.server);
      await page.goto('/community');
      await page.getByRole('button', { name: 'Join Mastermind' }).click();
      await page.getByRole('button', { name: 'Joined!' }).waitFor();
      await page.getByRole('button', { name: 'Join Mastermind' }).waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: /^Register.*React Performance/ }).click();
      await page.getByRole('button', { name: /^Registered.*React Performance/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/community');
      for (const text of ['$19.99', '$497', '25 spots', '50 spots', '15 spots', 'Workshop', 'Live Session', 'Masterclass']) {
        await expect(page.getByText(text, { exact: true }).first().isVisible(), text).resolves.toBe(true);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
