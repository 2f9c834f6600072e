import type { LucideIcon } from 'lucide-react';
import { Compass, GitBranch, Landmark, ScrollText, Swords, Users } from 'lucide-react';

/** The landing page claims (docs/product.md#screens), as the numbers and labels shown. */
export const LANDING_CLAIMS = [
  { value: '1,000+', label: 'Goals Completed' },
  { value: '500+', label: 'Active Questers' },
  { value: '87%', label: 'Success Rate' },
  { value: '24/7', label: 'AI Support' },
] as const;

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: Compass,
    title: 'The Pathfinder',
    text: 'An AI guide that turns a vague wish into a clear SMART goal, then coaches you along the way.',
  },
  {
    icon: Swords,
    title: 'Quests & Milestones',
    text: 'Every goal becomes a quest. Every milestone you complete earns XP and raises your life level.',
  },
  {
    icon: Landmark,
    title: 'Four Foundations',
    text: 'Balance Finance, Health, Intelligence and Spirit, the pillars every hero stands on.',
  },
  {
    icon: GitBranch,
    title: 'Skill Tree',
    text: 'Watch your disciplines grow from first steps to mastery, with real-world benchmarks for each level.',
  },
  {
    icon: Users,
    title: 'Fellowship Hall',
    text: 'Share victories, climb the rankings, add friends and take on challenges together.',
  },
  {
    icon: ScrollText,
    title: 'Achievement Stories',
    text: 'Your completed quests retold as epic chronicles of the hero you are becoming.',
  },
];

/** The featured Goal Quest Builder walk-through: how a wish becomes a quest. */
export const QUEST_BUILDER_STEPS = [
  {
    title: 'Speak your desire',
    text: '"I want to get fit this year."',
  },
  {
    title: 'The Pathfinder sharpens it',
    text: 'Specific, Measurable, Achievable, Relevant, Time-bound: each part checked off as you talk.',
  },
  {
    title: 'Your quest is forged',
    text: 'Run a 5K in under 30 minutes by June 30, with milestones along the road.',
  },
  {
    title: 'Earn XP as you go',
    text: 'Tick off "Run 2K without stopping" (+50 XP) and watch your level rise.',
  },
] as const;

export const SAMPLE_SMART_PARTS = ['Specific', 'Measurable', 'Achievable', 'Relevant', 'Time-bound'] as const;
