import { randomBytes } from 'node:crypto';
import type { TestDatabase } from './database';
import type { ApiClient } from './server';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function registerUser(
  server: ApiClient,
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

/** Puts a user on a paid plan directly in PostgreSQL (an active subscription, as a payment would). */
export async function grantPlan(database: TestDatabase, userId: string, planId: 'pro' | 'business'): Promise<void> {
  await database.query(`insert into subscriptions (user_id, plan_id, status) values ($1, $2, 'active')`, [userId, planId]);
}

/** Marks the user's e-mail verified directly in PostgreSQL (as opening the link would). */
export async function markVerified(database: TestDatabase, userId: string): Promise<void> {
  await database.query(`update users set email_verified_at = now() where id = $1`, [userId]);
}
