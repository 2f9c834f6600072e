/**
 * The hero whose data this browser keeps offline: the last signed-in hero's id, so the persisted
 * query cache and the queue can be found before /api/auth/me answers (or when it cannot).
 */
const HERO_KEY = 'lifequest.offline.hero';

export function storedHeroId(): string | null {
  try {
    return globalThis.localStorage?.getItem(HERO_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeHeroId(heroId: string | null): void {
  try {
    if (heroId) globalThis.localStorage?.setItem(HERO_KEY, heroId);
    else globalThis.localStorage?.removeItem(HERO_KEY);
  } catch {
    // private mode: the app works online as before
  }
}
