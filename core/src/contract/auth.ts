import { z } from 'zod';
import { emailSchema } from './common';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const nameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const registerBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailSchema,
  // On login the length rule is not re-checked: a wrong password is just 'Invalid email or password'.
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const refreshBody = z.strictObject({
  refreshToken: z.string({ message: 'Refresh token is required' }).min(1, 'Refresh token is required').max(200),
});
export const logoutBody = refreshBody.clone();

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  planId: 'free' | 'pro' | 'business';
  isAdmin: boolean;
}

export interface AuthResult {
  user: PublicUser;
  token: string;
  refreshToken: string;
}
