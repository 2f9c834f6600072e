/**
 * What the hero just earned, for the screen to show (docs/features/first-week.md#rewards): "+N XP"
 * rising from where it was earned, and a celebration when a quest completes, the level rises or a plan
 * becomes a quest. A module-level store, like the toasts', so a mutation callback can raise them.
 */

export interface XpGain {
  id: number;
  amount: number;
  /** Where the XP was earned (viewport pixels), or null to rise from the header's total itself. */
  from: { x: number; y: number } | null;
}

/** One celebration: a tap can complete a quest and raise the level at once, and both are named. */
export interface Celebration {
  /** The quest just completed. */
  questTitle?: string;
  /** The life level just reached. */
  level?: number;
  /** The quest a confirmed plan just became. */
  planTitle?: string;
  /** The skill tree's open nodes (unlocked or mastered) before the level rose, when they were known. */
  openSkillsBefore?: readonly string[];
}

export interface RewardsState {
  gains: readonly XpGain[];
  celebration: Celebration | null;
}

type Listener = () => void;

export function createRewardsStore() {
  let state: RewardsState = { gains: [], celebration: null };
  let counter = 0;
  const listeners = new Set<Listener>();
  const set = (next: RewardsState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    current: () => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    gainXp(amount: number, from: XpGain['from']): number {
      counter += 1;
      set({ ...state, gains: [...state.gains, { id: counter, amount, from }] });
      return counter;
    },
    landed(id: number) {
      set({ ...state, gains: state.gains.filter((gain) => gain.id !== id) });
    },
    /** Joins the news of a celebration still showing: nothing earned is hidden by what came next. */
    celebrate(celebration: Celebration) {
      set({ ...state, celebration: { ...state.celebration, ...celebration } });
    },
    dismissCelebration() {
      if (state.celebration) set({ ...state, celebration: null });
    },
    clear() {
      set({ gains: [], celebration: null });
    },
  };
}

export const rewardsStore = createRewardsStore();

/** The centre of an element on screen, for a gain to rise from; null when it is not there. */
export function centreOf(element: Element | null): XpGain['from'] {
  if (!element) return null;
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export interface TickOutcome {
  xpDelta: number;
  openSkillsBefore?: readonly string[];
  levelBefore: number;
  levelAfter: number;
  questCompletedNow: boolean;
  questTitle: string;
}

/**
 * The rewards of one milestone toggle: XP gained rises (an untick shows nothing), and a completed quest
 * or a new level is celebrated.
 */
export function rewardTick(outcome: TickOutcome, from: XpGain['from'], store = rewardsStore): void {
  if (outcome.xpDelta > 0) store.gainXp(outcome.xpDelta, from);
  const celebration: Celebration = {};
  if (outcome.questCompletedNow) celebration.questTitle = outcome.questTitle;
  if (outcome.levelAfter > outcome.levelBefore) {
    celebration.level = outcome.levelAfter;
    if (outcome.openSkillsBefore) celebration.openSkillsBefore = outcome.openSkillsBefore;
  }
  if (celebration.questTitle !== undefined || celebration.level !== undefined) store.celebrate(celebration);
}
