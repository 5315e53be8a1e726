import type { BrowserContext } from 'playwright-core';
import type { TestServer } from '../../helpers/server';
import { registerUser, type TestUser } from '../../helpers/users';

/** The pages of the client part 2 issue: path, a name for artifacts, and the h1 each shows. */
export const PART2_PAGES = [
  { path: '/', name: 'home', heading: /Words that ship/ },
  { path: '/about', name: 'about', heading: /Two people, one mission/ },
  { path: '/contact', name: 'contact', heading: /Get in Touch/ },
  { path: '/community', name: 'community', heading: /The Genius Lines Community/ },
  { path: '/courses', name: 'courses', heading: /Premium Courses/ },
  { path: '/api-docs', name: 'api-docs', heading: /Genius Lines API/ },
  { path: '/privacy', name: 'privacy', heading: /Privacy Policy/ },
  { path: '/terms', name: 'terms', heading: /Terms of Service/ },
  { path: '/no-such-page', name: 'not-found', heading: /Page not found/ },
] as const;

/** The browser globals these page scripts touch (the tests project has no DOM types). */
interface BrowserGlobals {
  localStorage: { setItem(key: string, value: string): void };
}

/** Stores the theme before any page script runs (the key the client reads). */
export async function useTheme(context: BrowserContext, theme: 'light' | 'dark'): Promise<void> {
  await context.addInitScript((t) => (globalThis as unknown as BrowserGlobals).localStorage.setItem('genius-lines.theme', t), theme);
}

/** Registers a user through the API and puts the session where the client keeps it. */
export async function signInContext(context: BrowserContext, server: TestServer): Promise<TestUser> {
  const user = await registerUser(server, { name: 'Ada Lovelace' });
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
  return user;
}
