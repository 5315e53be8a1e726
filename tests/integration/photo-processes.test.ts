import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../helpers/cluster';
import { containsPrint, fingerprint, gpsOf, hasApp1, phoneJpeg, postForm } from '../helpers/photos';
import { apiClient } from '../helpers/server';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket';
import { grantPlan, registerUser } from '../helpers/users';
import { startOpenAiStub, type ChatStub } from '../stubs/openai.stub';

/**
 * A photo taken by one process (the api) and read by another (the worker), as deployed: it goes
 * through Redis only, and neither process writes any of it to its log, even at debug level.
 */
const OPENAI_KEY = 'sk-photo-processes';
let openai: ChatStub;
let cluster: Cluster;
let socket: TestSocket | undefined;

beforeAll(async () => {
  openai = await startOpenAiStub({ apiKey: OPENAI_KEY });
  cluster = await startCluster({
    apis: 1,
    workers: 1,
    env: () => ({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${openai.url}/v1`, LOG_LEVEL: 'debug' }),
  });
}, 90_000);

afterAll(async () => {
  socket?.disconnect();
  await cluster?.stop();
  await openai?.close();
}, 60_000);

describe('a photo between processes', () => {
  it('the api hands the photo to a worker process, which sends it (without GPS) to the provider; no log line holds any of it', async () => {
    const api = cluster.apis[0]!;
    const client = apiClient(api.url);
    const user = await registerUser(client);
    await grantPlan(cluster.database, user.id, 'pro');
    socket = await connectSocket(api.url, { token: user.token });

    const photo = await phoneJpeg({ width: 1280, height: 960 });
    const res = await postForm(api.url, '/lines/photo', {
      token: user.token,
      files: [{ bytes: photo, name: 'IMG_0001.jpg' }],
      fields: { category: 'taglines', tone: 'funny', count: '2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.generation.id as string;
    const completed = await nextEvent(socket, 'generation:completed', (p: any) => p.id === id, 30_000);
    expect(completed.lines).toHaveLength(2);

    const user0 = openai.requests.at(-1)!.body.messages[1];
    const url = user0.content[1].image_url.url as string;
    const seen = Buffer.from(url.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect(hasApp1(seen)).toBe(false);
    expect(await gpsOf(seen)).toBeUndefined();

    // Both processes logged this request and this job (debug level), and none of either photo.
    await new Promise((r) => setTimeout(r, 300));
    const logs = cluster.processes.map((p) => p.handle.output());
    expect(logs[0]).toContain('/api/lines/photo');
    for (const print of [fingerprint(photo), fingerprint(seen)]) {
      for (const log of logs) expect(containsPrint(log, print)).toBe(false);
    }
  }, 60_000);
});
