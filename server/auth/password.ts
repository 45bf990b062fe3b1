import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum for argon2id (19 MiB, 2 iterations, 1 lane). better-auth's default
 * is scrypt; ARCHITECTURE.md asks for argon2id. Algorithm 2 = argon2id in @node-rs/argon2.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
