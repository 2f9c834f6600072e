import {
  CHALLENGE_CLASSES,
  type ChallengeClass,
  disciplineFromKeywords,
  type Foundation,
  isFoundation,
} from '@lifequest/proto';

/** The class whose challenges a foundation's quests count for. */
export const CLASS_OF_FOUNDATION: Readonly<Record<Foundation, ChallengeClass>> = {
  Finance: 'financial',
  Health: 'health',
  Intelligence: 'education',
  Spirit: 'spirituality',
};

/**
 * Which challenges a completed milestone or quest counts for:
 * 1. its quest's foundation, when the hero set one (Finance → financial, Health → health,
 *    Intelligence → education, Spirit → spirituality);
 * 2. otherwise the quest's class, when it is one of the five challenge classes;
 * 3. otherwise ('general') the foundation the product's keyword rule guesses from class and title
 *    (Intelligence when nothing matches), mapped as in 1.
 * So 'social' challenges count quests of the social class.
 */
export function challengeClassOf(quest: {
  foundation?: string | null;
  className?: string | null;
  title: string;
}): ChallengeClass {
  if (isFoundation(quest.foundation)) return CLASS_OF_FOUNDATION[quest.foundation];
  const className = quest.className?.trim().toLowerCase();
  const focused = CHALLENGE_CLASSES.find((c) => c === className);
  if (focused) return focused;
  return CLASS_OF_FOUNDATION[disciplineFromKeywords(quest.className, quest.title)];
}
