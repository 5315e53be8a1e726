import { eq } from 'drizzle-orm';
import { schema } from '@gl/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { registerUser } from '../helpers/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ roles: ['api'] });
});
afterAll(async () => server?.stop());

async function dashboardCookie(token: string) {
  const res = await server.api('/admin/session', { method: 'POST', token, body: {} });
  return { res, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

describe('queue dashboard at /admin/queues', () => {
  it('is closed without an admin session', async () => {
    const res = await fetch(`${server.url}/admin/queues`);
    expect(res.status).toBe(401);
    const forged = await fetch(`${server.url}/admin/queues`, { headers: { cookie: 'gl_admin=eyJhbGciOiJub25lIn0.e30.' } });
    expect(forged.status).toBe(401);
  });

  it('refuses a signed-in user without the admin flag', async () => {
    const user = await registerUser(server);
    const { res } = await dashboardCookie(user.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('opens for an admin, with an HttpOnly SameSite=Strict cookie scoped to /admin, and lists our queues', async () => {
    const admin = await registerUser(server);
    await server.services.ctx.db.update(schema.users).set({ isAdmin: true }).where(eq(schema.users.id, admin.id));
    const { res, cookie } = await dashboardCookie(admin.token);
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/admin/i);

    const page = await fetch(`${server.url}/admin/queues`, { headers: { cookie: cookie! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    const queues = await fetch(`${server.url}/admin/queues/api/queues`, { headers: { cookie: cookie! } });
    expect(queues.status).toBe(200);
    const names = ((await queues.json()) as any).queues.map((q: { name: string }) => q.name).sort();
    expect(names).toEqual(['billing', 'email', 'generation', 'payment-status', 'webhook']);

    // Losing the admin flag closes the dashboard at once, even with a valid cookie.
    await server.services.ctx.db.update(schema.users).set({ isAdmin: false }).where(eq(schema.users.id, admin.id));
    expect((await fetch(`${server.url}/admin/queues`, { headers: { cookie: cookie! } })).status).toBe(403);
  });
});
