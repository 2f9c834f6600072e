import type { SmartPart } from '@lifequest/proto';
import type { LucideIcon } from 'lucide-react';
import { Compass, GitBranch, Landmark, ScrollText, Swords, Users } from 'lucide-react';
import type { MessageKey } from '../i18n/messages/en.ts';
import { SMART_LABELS, SMART_PARTS } from '../onboarding/pathfinderTypes.ts';

/** A claim's figure: at least a number ('1,000+'), a share ('87%') or round the clock ('24/7'). */
export type ClaimFigure = { atLeast: number } | { percent: number } | 'allHours';

/** The landing page claims (docs/product.md#screens): each label's key and its figure. */
export const LANDING_CLAIMS: readonly { label: MessageKey; figure: ClaimFigure }[] = [
  { label: 'landing.claim.goals', figure: { atLeast: 1000 } },
  { label: 'landing.claim.questers', figure: { atLeast: 500 } },
  { label: 'landing.claim.success', figure: { percent: 87 } },
  { label: 'landing.claim.support', figure: 'allHours' },
];

export interface Feature {
  icon: LucideIcon;
  title: MessageKey;
  text: MessageKey;
}

export const FEATURES: readonly Feature[] = [
  { icon: Compass, title: 'landing.feature.pathfinder.title', text: 'landing.feature.pathfinder.text' },
  { icon: Swords, title: 'landing.feature.quests.title', text: 'landing.feature.quests.text' },
  { icon: Landmark, title: 'landing.feature.foundations.title', text: 'landing.feature.foundations.text' },
  { icon: GitBranch, title: 'landing.feature.skillTree.title', text: 'landing.feature.skillTree.text' },
  { icon: Users, title: 'landing.feature.hall.title', text: 'landing.feature.hall.text' },
  { icon: ScrollText, title: 'landing.feature.stories.title', text: 'landing.feature.stories.text' },
];

/** The featured Goal Quest Builder walk-through: how a wish becomes a quest. */
export const QUEST_BUILDER_STEPS: readonly { title: MessageKey; text: MessageKey }[] = [
  { title: 'landing.builder.speak.title', text: 'landing.builder.speak.text' },
  { title: 'landing.builder.sharpen.title', text: 'landing.builder.sharpen.text' },
  { title: 'landing.builder.forge.title', text: 'landing.builder.forge.text' },
  { title: 'landing.builder.earn.title', text: 'landing.builder.earn.text' },
];

/** The five SMART parts, as the onboarding's indicators name them. */
export const SAMPLE_SMART_PARTS: readonly MessageKey[] = SMART_PARTS.map(
  (part: SmartPart) => SMART_LABELS[part],
);
