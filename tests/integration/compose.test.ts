import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/process';

/** `docker compose` (v2 plugin) when present, else Debian's docker-compose; CI installs the latter. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  return null;
}

const compose = composeCommand();
const env = { ...process.env, POSTGRES_PASSWORD: 'example-password', JWT_SECRET: 'x'.repeat(48) };

describe.skipIf(!compose && !process.env.CI)('docker-compose.yml', () => {
  it('validates with the docker client (no engine needed)', () => {
    expect(compose, 'CI must have docker compose or docker-compose').not.toBeNull();
    const [cmd, ...args] = compose!;
    const out = execFileSync(cmd!, [...args, 'config'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    // Two api replicas, two workers, Redis with AOF and noeviction, PostgreSQL on a volume.
    expect(out).toMatch(/api:[\s\S]*replicas: 2/);
    expect(out).toMatch(/worker:[\s\S]*replicas: 2/);
    expect(out).toMatch(/--appendonly[\s\S]*yes[\s\S]*noeviction/);
    expect(out).toMatch(/pgdata:\/var\/lib\/postgresql\/data/);
  });

  /** One service's block of `compose config` output (its indented lines, up to the next service). */
  const serviceBlock = (out: string, name: string): string => {
    const start = out.search(new RegExp(`^  ${name}:\\n`, 'm'));
    if (start < 0) return '';
    const rest = out.slice(start + name.length + 4);
    const end = rest.search(/^ {2}\S|^\S/m);
    return end < 0 ? rest : rest.slice(0, end);
  };
  const localAiEnv = path.join(REPO_ROOT, 'docker/local-ai.env');
  // The shell's own OPENAI_* or COMPOSE_* would win over the env file: render without them.
  const cleanEnv = Object.fromEntries(Object.entries(env).filter(([k]) => !/^(OPENAI_|COMPOSE_|OLLAMA_)/.test(k)));
  const envFileValue = (key: string) => readFileSync(localAiEnv, 'utf8').match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1];

  it('runs a local OpenAI-compatible server (Ollama) only under the local-ai profile, with the api and workers pointed at it', () => {
    const [cmd, ...args] = compose!;
    const plain = execFileSync(cmd!, [...args, 'config'], { cwd: REPO_ROOT, env: cleanEnv, encoding: 'utf8' });
    // Without the profile's variables the app talks to OpenAI, and the ollama services are
    // profile-only (compose v1 lists them with their profile, v2 leaves them out).
    expect(serviceBlock(plain, 'api')).toMatch(/OPENAI_BASE_URL: (''|"")/);
    for (const name of ['ollama', 'ollama-pull']) {
      const block = serviceBlock(plain, name);
      if (block) expect(block, name).toMatch(/profiles:\s*\n\s*- local-ai/);
    }

    const model = envFileValue('OPENAI_MODEL');
    expect(model).toBeTruthy();
    expect(envFileValue('COMPOSE_PROFILES')).toBe('local-ai');
    const local = execFileSync(cmd!, [...args, '--env-file', localAiEnv, 'config'], { cwd: REPO_ROOT, env: cleanEnv, encoding: 'utf8' });
    for (const service of ['api', 'worker']) {
      const block = serviceBlock(local, service);
      expect(block, service).toMatch(/OPENAI_BASE_URL: http:\/\/ollama:11434\/v1/);
      expect(block, service).toMatch(/OPENAI_API_KEY: ollama/);
      expect(block, service).toContain(`OPENAI_MODEL: ${model}`);
      expect(block, service).toMatch(/OPENAI_VISION_MODEL: ["']?off["']?\n/);
    }
    const ollama = serviceBlock(local, 'ollama');
    expect(ollama).toMatch(/image: ollama\/ollama/);
    expect(ollama).toMatch(/ollama:\/root\/\.ollama|target: \/root\/\.ollama/);
    expect(ollama).not.toMatch(/ports:/); // the model server is reachable from the compose network only
    // The one-shot pull fetches exactly the model the app asks for, once the server is healthy.
    const pull = serviceBlock(local, 'ollama-pull');
    expect(pull).toMatch(new RegExp(`- ollama\\s*\\n\\s*- pull\\s*\\n\\s*- ${model!.replace(/[.]/g, '\\.')}`));
    expect(pull).toMatch(/OLLAMA_HOST: http:\/\/ollama:11434/);
    expect(pull).toMatch(/condition: service_healthy/);
  });

  it('the ha profile: a replica of redis and three sentinels (AOF everysec), the api and workers pointed at them', () => {
    const [cmd, ...args] = compose!;
    const haEnv = path.join(REPO_ROOT, 'docker/ha.env');
    const clean = Object.fromEntries(Object.entries(cleanEnv).filter(([k]) => !/^REDIS_/.test(k)));
    const plain = execFileSync(cmd!, [...args, 'config'], { cwd: REPO_ROOT, env: clean, encoding: 'utf8' });
    // Without the profile the app talks to redis directly.
    expect(serviceBlock(plain, 'api')).toMatch(/REDIS_SENTINELS: (''|"")/);
    const out = execFileSync(cmd!, [...args, '--env-file', haEnv, '--profile', 'ha', 'config'], {
      cwd: REPO_ROOT,
      env: clean,
      encoding: 'utf8',
    });
    const sentinels = ['redis-sentinel-1', 'redis-sentinel-2', 'redis-sentinel-3'];
    for (const service of ['api', 'worker']) {
      const block = serviceBlock(out, service);
      expect(block, service).toContain(`REDIS_SENTINELS: ${sentinels.map((s) => `${s}:26379`).join(',')}`);
      expect(block, service).toContain('REDIS_SENTINEL_NAME: mymaster');
    }
    const replica = serviceBlock(out, 'redis-replica');
    expect(replica).toMatch(/- --replicaof\s*\n\s*- redis\s*\n\s*- '?6379'?/);
    expect(replica).toMatch(/- --appendfsync\s*\n\s*- everysec/);
    expect(serviceBlock(out, 'redis')).toMatch(/- --appendfsync\s*\n\s*- everysec/);
    for (const name of sentinels) {
      const block = serviceBlock(out, name);
      expect(block, name).toMatch(/image: redis:7/);
      expect(block, name).toContain('sentinel monitor mymaster redis 6379 2');
      expect(block, name).toContain('sentinel down-after-milliseconds mymaster 5000');
      expect(block, name).toContain('--sentinel');
      expect(block, name).toMatch(/profiles:\s*\n\s*- ha/);
    }
  });

  it('refuses to render without the secrets it needs', () => {
    const [cmd, ...args] = compose!;
    const res = spawnSync(cmd!, [...args, 'config', '-q'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(res.status).not.toBe(0);
    expect(res.stderr + res.stdout).toMatch(/POSTGRES_PASSWORD|JWT_SECRET/);
  });
});
