/**
 * `npm start` (scripts/start.mjs) runs the launcher as a child with the images' node flags and
 * MALLOC_MMAP_THRESHOLD_, and a signal to it ends both (docs/lean-runtime.md). Linux: reads /proc.
 * On PostgreSQL (DATABASE_URL) to keep it quick; the PGlite start is startup.test.ts's. When the
 * embedded database cannot open, `npm start` ends (exit code 1) with one line saying why.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { eventually } from '../helpers/eventually';
import { freePort, REPO_ROOT, waitForHttp } from '../helpers/process';
import { clearRedisPrefix, testPrefix } from '../helpers/redis';

let database: TestDatabase | undefined;
const prefix = testPrefix();
const dirs: string[] = [];
afterAll(async () => {
  await clearRedisPrefix(prefix);
  await database?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/status`, 'utf8').includes('State:\tZ');
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it.runIf(process.platform === 'linux')(
    'starts the launcher as a child with the flags and allocator setting of the images; SIGTERM ends both, exit code 0',
    async () => {
      database = await createTestDatabase();
      const port = await freePort();
      const env: Record<string, string | undefined> = {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        JWT_SECRET: 'npm-start-test-secret-npm-start-test-0',
      };
      delete env.MALLOC_MMAP_THRESHOLD_;
      delete env.NODE_OPTIONS;
      const wrapper = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], { cwd: REPO_ROOT, env, stdio: 'pipe' });
      let out = '';
      wrapper.stdout.on('data', (d) => (out += d));
      wrapper.stderr.on('data', (d) => (out += d));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        wrapper.on('exit', (code, signal) => resolve({ code, signal })),
      );
      try {
        await waitForHttp(`http://127.0.0.1:${port}/api/health`, 180_000).catch((err: Error) => {
          throw new Error(`${err.message}\n${out}`);
        });
        const [launcher] = childrenOf(wrapper.pid!);
        expect(launcher).toBeDefined();
        const argv = readFileSync(`/proc/${launcher}/cmdline`, 'utf8').split('\0');
        expect(argv).toEqual(expect.arrayContaining(['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50']));
        expect(argv.some((a) => a.endsWith(path.join('server', 'dist', 'launcher.js')))).toBe(true);
        expect(readFileSync(`/proc/${launcher}/environ`, 'utf8').split('\0')).toContain('MALLOC_MMAP_THRESHOLD_=131072');

        wrapper.kill('SIGTERM');
        expect(await exited).toEqual({ code: 0, signal: null });
        await eventually(async () => !alive(launcher!), 30_000, 'the launcher ended');
      } finally {
        if (wrapper.exitCode === null && wrapper.signalCode === null) wrapper.kill('SIGKILL');
      }
    },
    240_000,
  );

  it('ends with exit code 1 and one line saying why when PGlite cannot open its directory (PGLITE_DIR is a file)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gl-pglite-file-'));
    dirs.push(dir);
    const file = path.join(dir, 'not-a-directory');
    writeFileSync(file, 'a file where the database should go\n');
    const env: Record<string, string | undefined> = {
      ...process.env,
      PGLITE_DIR: file,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'npm-start-test-secret-npm-start-test-0',
    };
    delete env.DATABASE_URL;
    const wrapper = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/start.mjs')], { cwd: REPO_ROOT, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    wrapper.stdout.on('data', (d) => (stdout += d));
    wrapper.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      wrapper.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      expect(await exited).toEqual({ code: 1, signal: null });
      const said = stderr.split('\n').filter((l) => l.trim() !== '');
      expect(said, `${stdout}\n${stderr}`).toEqual([
        `Genius Lines could not start: the embedded database (PGlite) could not open ${file}: a file is in the way (it must be a directory). Set PGLITE_DIR to a directory this user can write (a new one is made), or DATABASE_URL to use PostgreSQL.`,
      ]);
      expect(stdout).not.toMatch(/Genius Lines is running/);
      // The launcher ended with the wrapper: nothing is left behind.
      expect(childrenOf(wrapper.pid!).filter(alive)).toEqual([]);
    } finally {
      if (wrapper.exitCode === null && wrapper.signalCode === null) wrapper.kill('SIGKILL');
    }
  }, 240_000);
});
