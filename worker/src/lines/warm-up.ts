import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Config } from '@gl/core/server';
import { generateOffline } from './offline/offline-generator';
import { runProviderChain } from './provider-chain';
import { OpenAiProvider } from './providers/openai.provider';

/** A built-in brief: what the warm-up writes for (never stored, sent or counted). */
const WARM_BRIEF = { category: 'taglines', tone: 'bold', topic: 'Kahawa Coffee, roasted in Nairobi', count: 4 } as const;

/** What the warm-up's provider answers: four lines, streamed in two pieces as a provider does. */
const WARM_ANSWER = [
  'Bold coffee for bold mornings.\nKahawa Coffee: wake up ',
  'to more.\nRoasted in Nairobi, poured with pride.\nYour day starts here.\n',
];

/** One chat-completions stream as OpenAI sends it (server-sent events), answering the warm-up's request. */
function sseAnswer(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const content of WARM_ANSWER) {
    const chunk = {
      id: 'warm-up',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'warm-up',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    };
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

/** What was warmed, and how long it took. */
export interface WarmUp {
  ms: number;
  /** `openai` (the provider's client, through a loopback server), `offline` (the chain with the writer alone, then the writer). */
  warmed: Array<'openai' | 'offline'>;
}

/**
 * Runs the generation path once in this process before the worker takes its first job, so the first
 * jobs do not pay for it, warming only what this process will use (as `configuredProviders` picks it):
 *
 * - with an OpenAI key, the provider chain (prompt, line splitting, cleaning, the rules) through the
 *   OpenAI provider's own client (the SDK, `fetch` and its HTTP parser, the stream's parsing),
 *   pointed at a server of this process on a loopback port that answers a canned text (no AI call:
 *   the server is closed at once);
 * - without one (`npm start` as the README gives it), no server and no client: the chain with the
 *   offline writer alone, as a generation then runs;
 * - always, one offline generation (the writer's kinds library, the gazetteer, the grounding tables
 *   and compromise's lexicon are built on its first call: about 130 ms, then well under 1 ms): it is
 *   every chain's last resort.
 *
 * Nothing is stored, published or counted; the writer's caches it fills are memos of pure functions.
 */
export async function warmGenerationPath(config: Pick<Config, 'OPENAI_API_KEY'>): Promise<WarmUp> {
  const started = performance.now();
  const warmed: WarmUp['warmed'] = [];
  if (config.OPENAI_API_KEY) {
    await warmOpenAi();
    warmed.push('openai');
  } else {
    await runProviderChain({ ...WARM_BRIEF, language: 'en' }, { providers: [], offline: generateOffline });
  }
  generateOffline(WARM_BRIEF);
  warmed.push('offline');
  return { ms: performance.now() - started, warmed };
}

async function warmOpenAi(): Promise<void> {
  const server = http.createServer((req, res) => req.resume().on('end', () => sseAnswer(res)));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const provider = new OpenAiProvider({ apiKey: 'warm-up', baseURL: `http://127.0.0.1:${port}/v1`, model: 'warm-up', timeoutMs: 5_000 });
    await runProviderChain({ ...WARM_BRIEF, language: 'en' }, { providers: [provider], offline: generateOffline });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
