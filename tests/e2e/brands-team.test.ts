/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { ownerWithTeam } from '../helpers/teams';
import { registerUser } from '../helpers/users';
import { useAppInBrowser } from './helpers/app';
import { openPage, screenshot } from './helpers/browser';
import { storeSession } from './helpers/user-session';

const app = useAppInBrowser();

describe('team brand kits in the browser', () => {
  it('an admin shares a kit with the team; a member sees it marked Team, read-only, and picks it on /generate', async () => {
    const { server, browser } = app;
    const { teamId } = await ownerWithTeam(server, server.database);
    const admin = await registerUser(server, { name: 'Ada Admin' });
    const member = await registerUser(server, { name: 'Mo Member' });
    // Joining is covered by the teams tests; here the memberships are set up directly.
    await server.database.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin'), ($1, $3, 'member')`, [
      teamId,
      admin.id,
      member.id,
    ]);

    const adminView = await openPage(browser, { baseURL: server.url });
    await storeSession(adminView.context, server, admin);
    const { page } = adminView;
    try {
      await page.goto('/brands');
      await page.getByRole('button', { name: 'New brand kit' }).click();
      const form = page.getByRole('form', { name: 'New brand kit' });
      await form.getByLabel(/^Name/).fill('Acme Beans');
      await form.getByRole('checkbox', { name: 'Share with my team' }).check();
      await form.getByRole('button', { name: 'Create brand kit' }).click();
      const kit = page.getByTestId('brand-kit').filter({ hasText: 'Acme Beans' });
      await kit.getByText('Team', { exact: true }).waitFor();
      await kit.getByRole('button', { name: 'Edit' }).waitFor();
      expect(adminView.errors).toEqual([]);
    } finally {
      await adminView.context.close();
    }

    const memberView = await openPage(browser, { baseURL: server.url, viewport: 'phone' });
    await storeSession(memberView.context, server, member);
    try {
      const p = memberView.page;
      await p.goto('/brands');
      const kit = p.getByTestId('brand-kit').filter({ hasText: 'Acme Beans' });
      await kit.getByText('Shared by your team').waitFor();
      expect(await kit.getByText('Team', { exact: true }).count()).toBe(1);
      expect(await kit.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      for (const width of [390, 320]) {
        await p.setViewportSize({ width, height: 844 });
        await screenshot(p, `brands-team-${width}`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }

      await p.goto('/generate');
      const picker = p.getByLabel(/Brand kit/);
      await picker.selectOption({ label: 'Acme Beans · Team' });
      await screenshot(p, 'generate-team-kit-320');
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(memberView.errors).toEqual([]);
    } finally {
      await memberView.context.close();
    }
  });
});
