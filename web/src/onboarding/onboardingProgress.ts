import type { FinalGoal } from './pathfinderTypes.ts';

/**
 * Onboarding survives a reload (docs/features/first-week.md#onboarding-that-survives): the step is in
 * the URL (`?step=3`, one history entry per step, so Back goes to the previous step), the name chosen
 * and the quest forged are kept for the tab's session here, and the conversation itself is the one the
 * ai service saved (GET /api/ai/pathfinder-conversation).
 */

export type Step = 1 | 2 | 3 | 4 | 5;

export function readStep(value: string | null): Step {
  const step = Number(value);
  return step === 2 || step === 3 || step === 4 || step === 5 ? step : 1;
}

export interface OnboardingProgress {
  displayName?: string;
  quest?: FinalGoal | null;
}

const key = (userId: string) => `lifequest:onboarding:${userId}`;

export function loadProgress(userId: string): OnboardingProgress {
  try {
    const text = window.sessionStorage?.getItem(key(userId));
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' ? (value as OnboardingProgress) : {};
  } catch {
    return {};
  }
}

export function saveProgress(userId: string, progress: OnboardingProgress): void {
  try {
    window.sessionStorage?.setItem(key(userId), JSON.stringify({ ...loadProgress(userId), ...progress }));
  } catch {
    // Storage full or refused (private mode): a reload then starts from what the URL and server keep.
  }
}

export function clearProgress(userId: string): void {
  try {
    window.sessionStorage?.removeItem(key(userId));
  } catch {
    // As above.
  }
}
