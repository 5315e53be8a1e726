import type { BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../../helpers/server';
import { registerUser, type TestUser } from '../../helpers/users';

/** Signs up through /auth like a person would; resolves once the app has sent them to /. */
export async function signUpViaUi(page: Page, user: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Join Genius Lines' }).waitFor();
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The number of finished line cards in the results panel. */
export function generatedLines(page: Page) {
  return page.getByTestId('generated-line');
}

/** The browser globals the init scripts below touch (the tests project has no DOM types). */
interface BrowserGlobals {
  localStorage: { setItem(key: string, value: string): void };
}

/** Stores the theme before any page script runs (the key the client reads). */
export async function storeTheme(context: BrowserContext, theme: 'light' | 'dark'): Promise<void> {
  await context.addInitScript((t) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('genius-lines.theme', t), theme);
}

/** Puts a user's session where the client keeps it, before any page script runs. */
export async function storeSession(context: BrowserContext, server: TestServer, user: TestUser): Promise<void> {
  const me = await server.api('/auth/me', { token: user.token });
  await context.addInitScript(
    ({ token, refreshToken, stored }) => {
      const { localStorage } = globalThis as unknown as BrowserGlobals;
      localStorage.setItem('genius-lines.token', token);
      localStorage.setItem('genius-lines.refresh-token', refreshToken);
      localStorage.setItem('genius-lines.user', stored);
    },
    { token: user.token, refreshToken: user.refreshToken, stored: JSON.stringify(me.body.data.user) },
  );
}

/** Registers a user through the API and signs this browser context in as them. */
export async function signInContext(context: BrowserContext, server: TestServer): Promise<TestUser> {
  const user = await registerUser(server, { name: 'Ada Lovelace' });
  await storeSession(context, server, user);
  return user;
}
