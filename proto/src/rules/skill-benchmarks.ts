// The hover tooltip of each foundation node: what the hero has achieved, why it matters in society, and
// a concrete benchmark. Benchmark texts are the product's, word for word (first letter capitalised);
// the accomplishment and societal context texts are ours. The master node has no tooltip (docs/product.md#skill-tree).
import type { Foundation } from './discipline.ts';
import type { SkillDiscipline, SkillLevel } from './skill-nodes.ts';

export interface SkillTooltip {
  accomplishment: string;
  societalContext: string;
  benchmark: string;
}

type Tiers = readonly [SkillTooltip, SkillTooltip, SkillTooltip];

export const SKILL_BENCHMARKS: Readonly<Record<Foundation, Tiers>> = {
  Finance: [
    {
      accomplishment: "You plan every month's income and spending in writing before the month begins.",
      societalContext:
        'Many adults never write a budget down; a written plan is the footing every other money goal stands on.',
      benchmark: 'A monthly written budget',
    },
    {
      accomplishment: 'You hold a cash emergency fund that absorbs a surprise bill without new debt.',
      societalContext:
        'Many households could not cover an unexpected expense from savings; a fund this size turns emergencies into inconveniences.',
      benchmark: 'An emergency fund of at least $10,000',
    },
    {
      accomplishment:
        'Your savings cover months of essential living costs, so a setback no longer means a crisis.',
      societalContext:
        'This is the reserve financial planners commonly recommend; it buys time and choice through job loss or illness.',
      benchmark: '3-6 months of essential expenses ($20,000-$35,000)',
    },
  ],
  Health: [
    {
      accomplishment: 'You move with purpose most days of the week and keep a base of strength.',
      societalContext:
        'Public health guidelines ask adults for about 150 minutes of moderate activity a week, a mark many miss.',
      benchmark: 'Brisk walking of 30 minutes on 5 days a week plus bodyweight exercise',
    },
    {
      accomplishment: 'You have the aerobic fitness to run a mile without stopping, and run it well.',
      societalContext:
        'Cardiorespiratory fitness is one of the strongest markers of long-term health; a timed mile is a classic field test of it.',
      benchmark: 'A 1-mile run in under 12 minutes (men) or 14 minutes (women)',
    },
    {
      accomplishment:
        'You control and lift your own bodyweight: pulling, pushing and lifting from the floor.',
      societalContext:
        'Strength relative to your own weight protects joints and independence into later life, and few adults train for it.',
      benchmark: 'A bodyweight pull-up or push-up and a bodyweight deadlift',
    },
  ],
  Intelligence: [
    {
      accomplishment: 'You read, calculate and use everyday digital tools with confidence.',
      societalContext:
        'Literacy, numeracy and digital skills are the baseline for taking full part in modern work and civic life.',
      benchmark: 'High-school literacy and numeracy plus digital tools',
    },
    {
      accomplishment: 'You hold a qualification beyond school and a skill others will pay for.',
      societalContext: 'Most skilled work now asks for training after school and a speciality to go with it.',
      benchmark: 'A post-secondary credential plus a specialised skill',
    },
    {
      accomplishment: 'You have degree-level depth, a body of work to show and the ability to teach it.',
      societalContext:
        'Teaching others and a visible portfolio mark the step from learner to expert in any field.',
      benchmark: "A bachelor's degree or equivalent plus teaching and a portfolio",
    },
  ],
  Spirit: [
    {
      accomplishment: 'You keep a steady sleep schedule, nurture a close relationship and unwind every week.',
      societalContext:
        'Sleep, connection and rest are the pillars of well-being that busy lives give up first.',
      benchmark: 'A regular sleep schedule, a positive relationship and weekly relaxation',
    },
    {
      accomplishment: 'You practise mindfulness or gratitude each week and can steady strong emotions.',
      societalContext:
        'Stress and burnout are widespread; a regular reflective practice is a well-studied buffer against them.',
      benchmark: 'Weekly mindfulness or gratitude, emotion regulation and balance',
    },
    {
      accomplishment: 'You grow through setbacks, stay resilient under stress and guide others as a mentor.',
      societalContext:
        'Resilient people who lift others up strengthen the families, teams and communities around them.',
      benchmark: 'Emotional growth, stress resilience and mentoring',
    },
  ],
};

/** The tooltip for a node of the four foundations; undefined for the master node. */
export function skillTooltip(node: {
  discipline: SkillDiscipline;
  level: SkillLevel;
}): SkillTooltip | undefined {
  if (node.discipline === 'All' || node.level === 4) return undefined;
  return SKILL_BENCHMARKS[node.discipline][node.level - 1];
}
