import { toIsoDate } from '@lifequest/proto';
import type { OnboardingResult } from '../auth/user.ts';
import type { FinalGoal, SmartGoalData } from './pathfinderTypes.ts';

/** Onboarding step 3 sets the primary class (docs/product.md#onboarding). */
export const ONBOARDING_PRIMARY_CLASS = 'general';

/** The server wants yyyy-mm-dd; a deadline it cannot read becomes no deadline rather than a failed setup. */
function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return toIsoDate(value);
  } catch {
    return null;
  }
}

/** The quest onboarding creates: the Pathfinder's final goal, or the specific aim if it sent none. */
export function firstQuestFrom(finalGoal: FinalGoal | null, smartGoalData: SmartGoalData): FinalGoal | null {
  if (finalGoal) return finalGoal;
  const specific = smartGoalData.specific?.trim();
  return specific ? { title: specific, deadline: null, milestones: [] } : null;
}

export function buildOnboardingResult(displayName: string, quest: FinalGoal | null): OnboardingResult {
  return {
    displayName: displayName.trim(),
    primaryClass: ONBOARDING_PRIMARY_CLASS,
    firstGoal: quest
      ? {
          title: quest.title,
          deadline: isoDay(quest.deadline),
          className: ONBOARDING_PRIMARY_CLASS,
          milestones: quest.milestones
            .map((title) => title.trim())
            .filter((title) => title !== '')
            .map((title, index) => ({ id: `milestone-${index + 1}`, title, completed: false })),
        }
      : null,
  };
}
