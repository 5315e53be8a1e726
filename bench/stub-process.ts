/**
 * The zero-delay OpenAI stub in a child process of its own, so the bench's CPU counter measures our
 * code and not the provider's. Run as a child (`tsx bench/stub-process.ts`), it prints its URL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface StubProcess {
  url: string;
  close(): Promise<void>;
}

export async function startStubProcess(apiKey: string): Promise<StubProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: path.resolve(HERE, '..'),
    env: { ...process.env, STUB_API_KEY: apiKey, STUB_CHILD: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^STUB (\S+)$/m.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the stub process exited (${code})`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.env.STUB_CHILD === '1') {
  const { startOpenAiStub } = await import('@gl/tests/stubs/openai.stub');
  const stub = await startOpenAiStub({ apiKey: process.env.STUB_API_KEY });
  console.log(`STUB ${stub.url}`);
  process.on('SIGTERM', () => void stub.close().then(() => process.exit(0)));
}
