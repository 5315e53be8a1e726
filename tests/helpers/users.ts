import { randomBytes } from 'node:crypto';
import type { TestServer } from './server';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function registerUser(
  server: TestServer,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const name = overrides.name ?? 'Test User';
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await server.api('/auth/register', { body: { name, email, password } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { user, token, refreshToken } = res.body.data;
  return { id: user.id, name, email: user.email, password, token, refreshToken };
}
