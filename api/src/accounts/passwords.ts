import pLimit from 'p-limit';

/** argon2id (type 2), 19 MiB, 2 passes: OWASP's minimum. */
const HASH_OPTIONS = { type: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2 (a native addon) is loaded on the first sign-up, sign-in or password check, not at start. */
type Argon2 = typeof import('argon2');
let argon2Module: Promise<Argon2> | undefined;
const argon2 = (): Promise<Argon2> => (argon2Module ??= import('argon2').then((m) => (m as Argon2 & { default?: Argon2 }).default ?? m));

/**
 * At most two argon2 computations at once in a process: each holds 19 MiB while it runs, so a burst of
 * sign-ups or sign-ins costs at most 38 MiB (not one per libuv thread), and libuv keeps threads free
 * for compression and the file system. The others wait their turn (a few tens of ms each).
 */
const hashing = pLimit(2);

let dummyHash: Promise<string> | undefined;
/** Verifying against a dummy hash for unknown e-mails keeps login timing the same either way. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashing(async () => (await argon2()).hash('not-a-real-password', HASH_OPTIONS));
  return dummyHash;
}

export async function hashPassword(password: string): Promise<string> {
  return hashing(async () => (await argon2()).hash(password, HASH_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing(async () => (await argon2()).verify(hash, password));
  } catch {
    return false;
  }
}
