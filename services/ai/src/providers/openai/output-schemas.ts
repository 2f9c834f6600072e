import { GOAL_CATEGORIES, GOAL_DIFFICULTIES } from '@lifequest/proto';
import { z } from 'zod';

// What the model is asked to return, as zod schemas the SDK turns into strict JSON schemas. OpenAI's
// strict mode wants every field present (nullable rather than optional) and no formats it cannot
// enforce, so dates are plain strings here; the contract schemas of proto check them afterwards.

const date = z.string().describe('a date as yyyy-mm-dd');

export const OnboardingOutput = z.object({
  response: z.string().describe("The Pathfinder's reply to the hero"),
  phase: z.enum(['initial', 'ready']),
  smartGoalData: z.object({
    specific: z.string().nullable(),
    measurable: z.string().nullable(),
    achievable: z.string().nullable(),
    relevant: z.string().nullable(),
    timeBound: z.string().nullable(),
  }),
  finalGoal: z
    .object({
      title: z.string(),
      deadline: date,
      milestones: z.array(z.string()).describe('3 to 6 checkpoints, each with its date'),
    })
    .nullable(),
});
export type OnboardingOutput = z.infer<typeof OnboardingOutput>;

export const FloatingChatOutput = z.object({
  reply: z.string(),
  goal: z
    .object({
      title: z.string(),
      targetDate: date.nullable(),
      milestones: z.array(z.object({ title: z.string(), dueDate: date, xpReward: z.number().int() })),
    })
    .nullable()
    .describe('a goal the hero stated or agreed to, else null'),
});
export type FloatingChatOutput = z.infer<typeof FloatingChatOutput>;

export const AdvisorOutput = z.object({
  reply: z.string(),
  plan: z
    .object({
      goal: z.object({
        title: z.string(),
        category: z.enum(GOAL_CATEGORIES),
        difficulty: z.enum(GOAL_DIFFICULTIES),
        metric: z.object({ target_value: z.number().nullable(), unit: z.string().nullable() }),
      }),
      milestones: z.array(z.object({ label: z.string(), due_date: date, xp_reward: z.number().int() })),
      xp_policy: z.object({
        total_goal_xp: z.number().int(),
        bonuses: z.object({ early_milestone: z.number().int(), logging_daily: z.number().int() }),
      }),
      habits: z.array(z.string()),
    })
    .nullable(),
});
export type AdvisorOutput = z.infer<typeof AdvisorOutput>;

/** A re-plan: only the milestones still to walk; completed ones are the quest's and never the model's. */
export const ReplanOutput = z.object({
  reply: z.string().describe("The Pathfinder's words to the hero about the new plan"),
  reasons: z.array(z.string()).describe('why each change was made (re-dated, merged, split, deadline moved)'),
  milestones: z
    .array(
      z.object({
        id: z
          .string()
          .nullable()
          .describe('the id of the open milestone this re-dates, or null for a new one'),
        label: z.string(),
        due_date: date,
        xp_reward: z.number().int(),
      }),
    )
    .describe('the open milestones, in order, the last one due on the deadline'),
});
export type ReplanOutput = z.infer<typeof ReplanOutput>;
