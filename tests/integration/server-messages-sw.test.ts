import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINTS_MAX } from '@gl/core';
import { startTestServer, type TestServer } from '../helpers/server';
import { ownerWithTeam } from '../helpers/teams';
import { grantPlan, markVerified, registerUser, type TestUser } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../stubs/webhook-receiver.stub';

/**
 * Issue #23: the api's messages in the request's language, beyond the first catalogue: a team
 * owner's refusal, the webhook endpoint limit, a brand kit field, and zod's own messages for a
 * schema without a message of its own. The code stays the same English identifier, and the English
 * answer is word for word what it was.
 */
let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const SW = { 'accept-language': 'sw-KE,sw;q=0.9' };
/** A signed-in account's own language is the request's: switch it between the two requests. */
const useLanguage = async (u: TestUser, language: 'en' | 'sw') =>
  expect((await server.api('/account/language', { method: 'PATCH', token: u.token, body: { language } })).status).toBe(200);

describe('messages added to the catalogue, in Kiswahili', () => {
  it('a team owner who tries to change their own role', async () => {
    const { owner, teamId } = await ownerWithTeam(server, server.database);
    const demote = () => server.api(`/teams/${teamId}/members/${owner.id}`, { method: 'PUT', body: { role: 'admin' }, token: owner.token });
    const en = await demote();
    await useLanguage(owner, 'sw');
    const sw = await demote();
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'You are the owner: to hand the team over, give another member the owner role.',
    });
    expect(sw.status).toBe(400);
    expect(sw.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'Wewe ndiye mmiliki: ili kukabidhi timu, mpe mwanachama mwingine jukumu la mmiliki.',
    });
  });

  it('the webhook endpoint limit', async () => {
    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'business');
    await markVerified(server.database, user.id);
    const add = (i: number) =>
      server.api('/webhooks', { body: { url: `${receiver.url}/hook-${i}`, events: ['line.saved'] }, token: user.token });
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) expect((await add(i)).status).toBe(201);
    const en = await add(WEBHOOK_ENDPOINTS_MAX);
    await useLanguage(user, 'sw');
    const sw = await add(WEBHOOK_ENDPOINTS_MAX);
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`,
    });
    expect(sw.status).toBe(409);
    expect(sw.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error: `Unaweza kuwa na webhook ${WEBHOOK_ENDPOINTS_MAX} tu. Futa moja kwanza.`,
    });
    // The URL is checked first: a URL with a user name is refused in Kiswahili too, its detail as well.
    const withUser = await server.api('/webhooks', {
      body: { url: 'http://user:pw@127.0.0.1/x', events: ['line.saved'] },
      token: user.token,
    });
    expect(withUser.status).toBe(400);
    expect(withUser.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'Anwani za webhook zisiwe na jina la mtumiaji wala nenosiri',
      details: [{ path: 'url', message: 'Anwani za webhook zisiwe na jina la mtumiaji wala nenosiri' }],
    });
  });

  it("a contract message naming a field: the field's name in Kiswahili too, the path unchanged", async () => {
    const user = await registerUser(server);
    await grantPlan(server.database, user.id, 'pro');
    const body = { name: 'Duka la Mama', wordsToAvoid: ['bei', 'Bei'] };
    const en = await server.api('/brands', { body, token: user.token });
    await useLanguage(user, 'sw');
    const sw = await server.api('/brands', { body, token: user.token });
    expect(en.status).toBe(400);
    expect(en.body.details).toEqual([{ path: 'wordsToAvoid.1', message: 'Words to avoid: "Bei" is listed twice' }]);
    expect(sw.status).toBe(400);
    expect(sw.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'wordsToAvoid.1: Maneno ya kuepuka: "Bei" limeandikwa mara mbili' });
    expect(sw.body.details).toEqual([{ path: 'wordsToAvoid.1', message: 'Maneno ya kuepuka: "Bei" limeandikwa mara mbili' }]);
  });
});

describe("zod's own messages, in Kiswahili", () => {
  const generate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.api('/lines/generate', { body: { category: 'taglines', tone: 'funny', ...body }, headers });

  it('a wrong type, where the schema has no message of its own', async () => {
    const en = await generate({ topic: 42 });
    const sw = await generate({ topic: 42 }, SW);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'topic: Invalid input: expected string, received number',
      details: [{ path: 'topic', message: 'Invalid input: expected string, received number' }],
    });
    expect(sw.status).toBe(400);
    expect(sw.body).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'topic: Si sahihi: tulitarajia maandishi, lakini tumepokea namba',
      details: [{ path: 'topic', message: 'Si sahihi: tulitarajia maandishi, lakini tumepokea namba' }],
    });
  });

  it("a bound without a message, beside a field with its own message; a signed-in account's Kiswahili counts", async () => {
    const both = { topic: 42, count: 0 };
    expect((await generate(both)).body.details).toEqual([
      { path: 'topic', message: 'Invalid input: expected string, received number' },
      { path: 'count', message: 'Count must be between 1 and 10' },
    ]);
    expect((await generate(both, SW)).body.details).toEqual([
      { path: 'topic', message: 'Si sahihi: tulitarajia maandishi, lakini tumepokea namba' },
      { path: 'count', message: 'Idadi: chagua namba kati ya 1 na 10' },
    ]);

    const u = await registerUser(server);
    const tooLong = () => server.api(`/lines/saved?cursor=${'x'.repeat(201)}`, { token: u.token, headers: { 'accept-language': 'en' } });
    const en = await tooLong();
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'cursor: Too big: expected string to have <=200 characters' });
    await useLanguage(u, 'sw');
    const sw = await tooLong();
    expect(sw.status).toBe(400);
    expect(sw.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'cursor: Ni ndefu mno: herufi zisizidi 200' });
  });
});
