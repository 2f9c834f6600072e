import { createHash } from 'node:crypto';

/**
 * What a service may keep of a hero it erased, to ignore events about them that arrive late: a SHA-256
 * of their id, once nothing else holds the id (so the hash leads back to nobody).
 */
export function erasedHeroHash(userId: string): string {
  return createHash('sha256').update(userId.toLowerCase()).digest('hex');
}
