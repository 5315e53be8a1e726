import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.ROLES).toEqual(['api', 'worker']);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ROLES: 'api,cron', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/ROLES/);
      expect(problems).toMatch(/JWT_SECRET/);
    }
  });

  it('takes a direct migration URL beside DATABASE_URL, never alone or of another kind; prepared statements on by default', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/gl', DATABASE_MIGRATION_URL: 'postgres://app@db:5432/gl' });
    expect(c.DATABASE_MIGRATION_URL).toBe('postgres://app@db:5432/gl');
    expect(c.DB_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DB_PREPARED_STATEMENTS: 'false' }).DB_PREPARED_STATEMENTS).toBe(false);
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://app@db:5432/gl' })).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@b/c', DATABASE_MIGRATION_URL: 'mysql://db/gl' })).toThrow(
      /DATABASE_MIGRATION_URL/,
    );
  });

  it('turns tracing on only with an http(s) OTLP endpoint', () => {
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('refuses production without a JWT secret or with simulated payments', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_SIMULATED: 'true' })).toThrow(/JWT_SECRET[\s\S]*PAYMENTS_SIMULATED/);
  });

  it('refuses production without PUBLIC_URL (links in e-mails never come from a request header)', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(base)).toThrow(/PUBLIC_URL: is required in production/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://lines.example.com' }).PUBLIC_URL).toBe('https://lines.example.com');
    // Development and tests may leave it unset (links then start with the configured HOST:PORT).
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses a worker-only process on the embedded database', () => {
    expect(() => loadConfig({ ROLES: 'worker' })).toThrow(/DATABASE_URL/);
  });

  it('reads REDIS_SENTINELS as host:port pairs (IPv6 in brackets) and names a malformed entry', () => {
    const c = loadConfig({ REDIS_SENTINELS: ' sentinel-1:26379, 10.0.0.2:26380,[::1]:26381 ' });
    expect(c.REDIS_SENTINELS).toEqual([
      { host: 'sentinel-1', port: 26379 },
      { host: '10.0.0.2', port: 26380 },
      { host: '::1', port: 26381 },
    ]);
    expect(c.REDIS_SENTINEL_NAME).toBe('mymaster');
    expect(loadConfig({}).REDIS_SENTINELS).toBeUndefined();
    expect(() => loadConfig({ REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2' })).toThrow(/REDIS_SENTINELS: "sentinel-2" is not host:port/);
    expect(() => loadConfig({ REDIS_SENTINELS: 'sentinel-1:99999' })).toThrow(/REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_SENTINELS: ',' })).toThrow(/REDIS_SENTINELS: name at least one sentinel/);
    expect(() => loadConfig({ REDIS_SENTINEL_NAME: 'my master' })).toThrow(/REDIS_SENTINEL_NAME/);
  });
});
