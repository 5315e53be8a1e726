import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { grantPlan, markVerified, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';
import { startSmtpStub, type SmtpStub } from '../stubs/smtp.stub';
import { startAppServer } from './helpers/app';
import { launchBrowser, openPage, screenshot } from './helpers/browser';
import { storeSession, uniqueEmail } from './helpers/user-session';

const OPENAI_KEY = 'sk-e2e-stub';
const LINES = ['Roasted together, poured for you', 'One team, one cup', 'Beans with a plan', 'Coffee that clocks in early'];
let server: TestServer;
let browser: Browser;
let openai: ChatStub;
let smtp: SmtpStub;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  smtp = await startSmtpStub();
  server = await startAppServer({ env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1`, SMTP_URL: smtp.url } });
  browser = await launchBrowser();
  openai.setBehaviour({ kind: 'ok', lines: LINES });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await openai?.close();
  await smtp?.close();
});

describe('a team, end to end', () => {
  it('the owner invites, the invitee joins from the mail link, saves a line, and the owner’s open library shows it live', async () => {
    const owner = await registerUser(server, { name: 'Olivia Owner' });
    await grantPlan(server.database, owner.id, 'business');
    await markVerified(server.database, owner.id);
    const ownerPage = await openPage(browser, { baseURL: server.url });
    const invitee = await openPage(browser, { baseURL: server.url });
    try {
      await storeSession(ownerPage.context, server, owner);
      const o = ownerPage.page;
      await o.goto('/pricing');
      await o.getByRole('link', { name: 'Team collaboration' }).click();
      await o.waitForURL((url) => url.pathname === '/team');
      await o.getByLabel('Team name').fill('Nakuru Roasters');
      await o.getByRole('button', { name: 'Create team' }).click();
      await o.getByRole('heading', { name: 'Nakuru Roasters' }).waitFor();

      const email = uniqueEmail('invitee');
      await o.getByLabel('E-mail address').fill(email);
      await o.getByRole('button', { name: 'Send invitation' }).click();
      await o.getByTestId('team-invitations').getByText(email).waitFor();
      await o.getByText('2 of 5 seats used').waitFor();

      const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
      const link = /(https?:\/\/\S+\/join\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1]!;

      // Signed out: the join page sends them to sign up, then back to join.
      const i = invitee.page;
      await i.goto(link);
      await i.getByRole('link', { name: 'Sign Up' }).click();
      await i.getByRole('heading', { name: 'Join Genius Lines' }).waitFor();
      await i.getByLabel('Full Name').fill('Ivan Invitee');
      await i.getByLabel('Email', { exact: true }).fill(email);
      await i.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await i.getByRole('button', { name: 'Create Account' }).click();
      await i.waitForURL((url) => url.pathname === '/join');
      await i.getByRole('button', { name: 'Join team' }).click();
      await i.waitForURL((url) => url.pathname === '/team');
      await i.getByRole('heading', { name: 'Nakuru Roasters' }).waitFor();

      // The owner sees the new member live, then opens the shared library.
      await o.getByTestId('team-members').getByText('Ivan Invitee').waitFor();
      await o.getByRole('tab', { name: 'Shared library' }).click();
      await o.getByText('No team lines yet.').waitFor();

      await i.goto('/generate');
      await i.getByRole('button', { name: 'Generate Lines' }).click();
      await i.getByText(LINES[0]!).waitFor();
      await i.getByRole('button', { name: 'Save line 1 to team' }).click();
      await i.getByText('Saved to team').waitFor();

      // No reload on the owner's side: the line arrives over Socket.IO.
      await o.getByTestId('team-line').getByText(LINES[0]!).waitFor();
      expect(await o.getByTestId('team-line').first().textContent()).toContain('Saved by Ivan Invitee');

      for (const width of [390, 320]) {
        await o.setViewportSize({ width, height: 844 });
        await screenshot(o, `team-library-${width}`);
        await o.getByRole('tab', { name: 'Members' }).click();
        await screenshot(o, `team-members-${width}`);
        const overflow = await o.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        await o.getByRole('tab', { name: 'Shared library' }).click();
      }
      expect(ownerPage.errors).toEqual([]);
      expect(invitee.errors).toEqual([]);
    } finally {
      await ownerPage.context.close();
      await invitee.context.close();
    }
  });
});
