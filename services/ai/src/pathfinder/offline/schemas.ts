import {
  ConversationPhase,
  FOUNDATIONS,
  GOAL_CATEGORIES,
  GOAL_DIFFICULTIES,
  LIFE_CLASSES,
  FinalGoal as WireFinalGoal,
  OnboardingReply as WireOnboardingReply,
} from '@lifequest/proto';
import { z } from 'zod';

// The engine's inputs and outputs. Wire shapes come from proto; where the engine promises more than the
// wire does (a final goal always has a real date), it narrows proto's schema instead of copying it.

const isoDate = z.iso.date();

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const phaseSchema = ConversationPhase;
export type Phase = z.infer<typeof phaseSchema>;

export const categorySchema = z.enum(GOAL_CATEGORIES);
export const difficultySchema = z.enum(GOAL_DIFFICULTIES);
export const lifeClassSchema = z.enum(LIFE_CLASSES);
export const foundationSchema = z.enum(FOUNDATIONS);

export const targetSchema = z.object({
  value: z.number(),
  unit: z.string(),
  kind: z
    .enum(['weight', 'money', 'time', 'distance', 'count', 'reps', 'level', 'percent', 'sessions'])
    .optional(),
  distanceKm: z.number().optional(),
  direction: z.enum(['lose', 'gain']).optional(),
});

/**
 * The five SMART parts (null until known) plus optional structured extras the coach fills in, so a
 * client can send the object back untouched.
 */
export const smartGoalDataSchema = z
  .object({
    specific: z.string().nullable(),
    measurable: z.string().nullable(),
    achievable: z.string().nullable(),
    relevant: z.string().nullable(),
    timeBound: z.string().nullable(),
    title: z.string().nullable().optional(),
    target: targetSchema.nullable().optional(),
    deadline: isoDate.nullable().optional(),
    category: categorySchema.nullable().optional(),
    className: lifeClassSchema.nullable().optional(),
    foundation: foundationSchema.nullable().optional(),
    difficulty: difficultySchema.nullable().optional(),
  })
  // Loose: keys a client adds ride along untouched.
  .loose();
export type SmartGoalData = z.infer<typeof smartGoalDataSchema>;

export const onboardingInputSchema = z.object({
  messages: z.array(chatMessageSchema),
  phase: phaseSchema,
  primaryClass: z.string(),
  displayName: z.string(),
  smartGoalData: smartGoalDataSchema.nullable(),
});
export type OnboardingInput = z.infer<typeof onboardingInputSchema>;

export const finalGoalSchema = WireFinalGoal.extend({
  deadline: isoDate,
  milestones: z.array(z.string().min(1)),
});
export type FinalGoal = z.infer<typeof finalGoalSchema>;

export const onboardingReplySchema = WireOnboardingReply.extend({
  smartGoalData: smartGoalDataSchema,
  finalGoal: finalGoalSchema.nullable(),
});
export type OnboardingReply = z.infer<typeof onboardingReplySchema>;

export const planMilestoneSchema = z.object({
  label: z.string().min(1),
  due_date: isoDate,
  xp_reward: z.int().nonnegative(),
});
export type PlanMilestone = z.infer<typeof planMilestoneSchema>;

/**
 * The spec's Plan as this engine emits it: proto's `Plan` narrowed (dates and targets are never null
 * here). Tests check every plan against proto's `Plan` as well, so the two cannot drift apart.
 */
export const planSchema = z.object({
  goal: z.object({
    title: z.string().min(1),
    category: categorySchema,
    difficulty: difficultySchema,
    metric: z.object({ target_value: z.number(), unit: z.string().min(1) }),
  }),
  milestones: z.array(planMilestoneSchema).min(1),
  xp_policy: z.object({
    total_goal_xp: z.int().positive(),
    bonuses: z.object({ early_milestone: z.int().nonnegative(), logging_daily: z.int().nonnegative() }),
  }),
  habits: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const advisorInputSchema = z.object({
  message: z.string(),
  history: z.array(chatMessageSchema),
});
export type AdvisorInput = z.infer<typeof advisorInputSchema> & { today: Date };

export const advisorReplySchema = z.object({
  reply: z.string().min(1),
  needs_confirmation: z.boolean(),
  plan: planSchema.nullable(),
});
export type AdvisorReply = z.infer<typeof advisorReplySchema>;

export const createGoalActionSchema = z.object({
  type: z.literal('CREATE_GOAL'),
  payload: z.object({
    title: z.string().min(1),
    targetDate: isoDate,
    xpTotal: z.int().positive(),
    milestones: z.array(
      z.object({ title: z.string().min(1), dueDate: isoDate, xpReward: z.int().nonnegative() }),
    ),
  }),
});
export type CreateGoalAction = z.infer<typeof createGoalActionSchema>;

export const floatingChatReplySchema = z.object({
  reply: z.string().min(1),
  actions: z.array(createGoalActionSchema),
});
export type FloatingChatReply = z.infer<typeof floatingChatReplySchema>;

export const narrativeTypeSchema = z.enum([
  'single_achievement',
  'foundation_progress',
  'multi_foundation',
  'milestone_celebration',
]);
export type NarrativeType = z.infer<typeof narrativeTypeSchema>;

export const storyInputSchema = z.object({
  kind: z.enum(['epic', 'focused']),
  heroName: z.string(),
  achievements: z.array(
    z.object({
      title: z.string(),
      foundation: z.string().nullable().optional(),
      completedAt: z.string().nullable().optional(),
      milestones: z.array(z.string()),
    }),
  ),
  foundationProgress: z.record(z.string(), z.number()),
});
export type StoryInput = z.infer<typeof storyInputSchema>;

export const storyReplySchema = z.object({
  story: z.string().min(1),
  narrative_type: narrativeTypeSchema,
});
export type StoryReply = z.infer<typeof storyReplySchema>;
