import { execFileSync, spawnSync } from 'node:child_process';
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

  it('refuses to render without the secrets it needs', () => {
    const [cmd, ...args] = compose!;
    const res = spawnSync(cmd!, [...args, 'config', '-q'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(res.status).not.toBe(0);
    expect(res.stderr + res.stdout).toMatch(/POSTGRES_PASSWORD|JWT_SECRET/);
  });
});
