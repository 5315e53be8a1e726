import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterEnv, startRole, stopAll, type RoleProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { REPO_ROOT } from '../helpers/process';
import { clearRedisPrefix, testPrefix, TEST_REDIS_URL } from '../helpers/redis';

/**
 * Each role's code loads only in a process that runs the role: a worker-only process (the compiled
 * entry, as production runs it) never loads Express, Socket.IO, bull-board, argon2 or sharp, whether a
 * package is bundled into a chunk of server/dist or imported from node_modules, and the
 * single-role builds the Docker images ship hold no other role's code and no simulators.
 */
const TRACER = path.join(REPO_ROOT, 'tests/helpers/module-trace/register.mjs');
const API_ONLY_PACKAGES = ['express', 'socket.io', '@bull-board/api', '@bull-board/express', 'argon2', 'sharp', 'helmet'];
/**
 * Needed by some api requests only: loaded on the first of them (admin dashboard; sign-up, sign-in;
 * a photo upload, which tests/integration/photo.test.ts sends).
 */
const API_ON_DEMAND = ['@bull-board/api', '@bull-board/express', 'argon2', 'sharp'];

let database: TestDatabase;
let prefix: string;
let dir: string;
const processes: RoleProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  prefix = testPrefix();
  dir = mkdtempSync(path.join(tmpdir(), 'gl-modules-'));
});

afterAll(async () => {
  await stopAll(processes);
  await clearRedisPrefix(prefix);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const PACKAGE_IN_PATH = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/**
 * The npm packages in each file of server/dist: the build bundles most packages into its chunks
 * (its meta.json lists each chunk's inputs), so loading a chunk loads the packages inside it.
 */
function packagesPerBuiltFile(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server/dist/meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  return new Map(
    Object.entries(meta.outputs).map(([file, { inputs }]) => [
      path.join(REPO_ROOT, file),
      Object.keys(inputs)
        .map((input) => PACKAGE_IN_PATH.exec(input)?.[1])
        .filter((name): name is string => !!name),
    ]),
  );
}

/** The npm packages a process of this role loaded once it is ready, and a way to read them again later. */
async function startTraced(role: 'api' | 'worker'): Promise<{ proc: RoleProcess; loaded: () => Set<string> }> {
  const file = path.join(dir, `${role}.txt`);
  const env = { ...clusterEnv({ databaseUrl: database.url, redisUrl: TEST_REDIS_URL, prefix }), MODULE_TRACE_FILE: file };
  const proc = await startRole(role, env, { nodeArgs: ['--import', TRACER] });
  processes.push(proc);
  const bundled = packagesPerBuiltFile();
  const loaded = () => {
    const urls = readFileSync(file, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file://'));
    return new Set(
      urls.flatMap((url) => {
        const external = PACKAGE_IN_PATH.exec(url)?.[1];
        return external ? [external] : (bundled.get(fileURLToPath(url)) ?? []);
      }),
    );
  };
  return { proc, loaded };
}

async function packagesLoadedBy(role: 'api' | 'worker'): Promise<Set<string>> {
  return (await startTraced(role)).loaded();
}

describe('lazy roles', () => {
  it('a worker-only process runs its queues without loading the api role', async () => {
    const loaded = await packagesLoadedBy('worker');
    expect(loaded).toContain('bullmq');
    expect(API_ONLY_PACKAGES.filter((p) => loaded.has(p))).toEqual([]);
    // Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): nothing of OpenTelemetry is loaded.
    expect([...loaded].filter((p) => p.startsWith('@opentelemetry/'))).toEqual([]);
  });

  it('an api process loads them (the trace sees what a process loads); bull-board, argon2 and sharp only once a request needs them', async () => {
    const { proc, loaded } = await startTraced('api');
    const atStart = loaded();
    expect(API_ONLY_PACKAGES.filter((p) => !API_ON_DEMAND.includes(p) && !atStart.has(p))).toEqual([]);
    expect(API_ON_DEMAND.filter((p) => atStart.has(p))).toEqual([]);

    const res = await fetch(`${proc.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lazy', email: `lazy-${prefix}@example.com`, password: 'lazy-password-1' }),
    });
    expect(res.status).toBe(201);
    expect(loaded()).toContain('argon2');
    expect([...loaded()].filter((p) => p.startsWith('@opentelemetry/'))).toEqual([]);
  });
});

/** The workspaces and npm packages whose source files a build of these entries (as the Dockerfile makes it) contains. */
function builtInto(entries: string): { workspaces: Set<string>; packages: Set<string> } {
  const outdir = path.join(dir, entries);
  execFileSync(process.execPath, ['server/build.mjs', '--entries', entries, '--outdir', outdir], { cwd: REPO_ROOT, stdio: 'ignore' });
  const meta = JSON.parse(readFileSync(path.join(outdir, 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
  const inputs = Object.keys(meta.inputs);
  return {
    workspaces: new Set(inputs.filter((input) => !PACKAGE_IN_PATH.test(input)).map((input) => input.split('/')[0]!)),
    packages: new Set(inputs.map((input) => PACKAGE_IN_PATH.exec(input)?.[1]).filter((name): name is string => !!name)),
  };
}

describe("the Docker images' builds", () => {
  it("the worker image's build holds the worker and core, none of the api's code, no simulators", () => {
    const { workspaces, packages } = builtInto('main-worker');
    expect(workspaces).toContain('worker');
    expect(workspaces).toContain('core');
    expect(workspaces).not.toContain('api');
    expect(workspaces).not.toContain('simulators');
    expect(packages).toContain('bullmq');
    expect(API_ONLY_PACKAGES.filter((p) => packages.has(p))).toEqual([]);
  });

  it("the api image's build holds the api, none of the worker's code, no simulators", () => {
    const { workspaces, packages } = builtInto('main-api,grant-admin,migrate');
    expect(workspaces).toContain('api');
    expect(workspaces).not.toContain('worker');
    expect(workspaces).not.toContain('simulators');
    expect(packages).toContain('express');
    expect(packages).not.toContain('openai');
  });
});
