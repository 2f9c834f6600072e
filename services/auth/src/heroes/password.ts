import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong, and cheap enough for two cores.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong
 * password and the timing does not tell which accounts exist.
 */
export const dummyHash: Promise<string> = hashPassword('lifequest-timing-equaliser');
