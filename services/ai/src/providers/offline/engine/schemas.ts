import {
  type ChatMessage,
  type ConversationPhase,
  FinalGoal,
  FOUNDATIONS,
  GOAL_CATEGORIES,
  GOAL_DIFFICULTIES,
  LIFE_CLASSES,
  type NarrativeType,
  OnboardingReply,
  type Plan,
  SmartGoalData,
} from '@lifequest/proto';
import { z } from 'zod';

// The engine's own shapes, built on proto's contracts: it reads proto's ChatMessage and answers with
// proto's OnboardingReply, Plan, CreateGoalAction and FloatingChatReply. Where it promises more than the
// wire does (a final goal always has a real date, a plan's milestones are always dated) it narrows
// proto's schema instead of copying it; its notes on a goal ride along in smartGoalData.

const isoDate = z.iso.date();

export const targetSchema = z.object({
  value: z.number(),
  unit: z.string(),
  kind: z
    .enum([
      'weight',
      'money',
      'time',
      'distance',
      'count',
      'reps',
      'level',
      'score',
      'percent',
      'sessions',
      'lift',
      'duration',
    ])
    .optional(),
  distanceKm: z.number().optional(),
  direction: z.enum(['lose', 'gain', 'reach']).optional(),
  per: z.enum(['day', 'week', 'fortnight', 'month']).optional(),
  bound: z.enum(['at-most', 'at-least']).optional(),
  from: z.number().optional(),
});

/** proto's five SMART parts plus the coach's notes on the goal, so a client can send the object back. */
export const coachSmartGoalDataSchema = SmartGoalData.extend({
  title: z.string().nullable().optional(),
  target: targetSchema.nullable().optional(),
  deadline: isoDate.nullable().optional(),
  category: z.enum(GOAL_CATEGORIES).nullable().optional(),
  className: z.enum(LIFE_CLASSES).nullable().optional(),
  foundation: z.enum(FOUNDATIONS).nullable().optional(),
  difficulty: z.enum(GOAL_DIFFICULTIES).nullable().optional(),
});
export type CoachSmartGoalData = z.infer<typeof coachSmartGoalDataSchema>;

export type OnboardingInput = {
  messages: ChatMessage[];
  phase: ConversationPhase;
  primaryClass: string;
  displayName: string;
  smartGoalData: SmartGoalData | null;
};

/** proto's FinalGoal as the coach gives it: always dated, every milestone named. */
export const coachFinalGoalSchema = FinalGoal.extend({
  deadline: isoDate,
  milestones: z.array(z.string().min(1)),
});
export type CoachFinalGoal = z.infer<typeof coachFinalGoalSchema>;

export const coachOnboardingReplySchema = OnboardingReply.extend({
  smartGoalData: coachSmartGoalDataSchema,
  finalGoal: coachFinalGoalSchema.nullable(),
});
export type CoachOnboardingReply = z.infer<typeof coachOnboardingReplySchema>;

/** A milestone of proto's Plan as the coach plans it: always dated. */
export type PlanMilestone = Plan['milestones'][number] & { due_date: string };

/** proto's Plan as the coach draws it up: every milestone dated. */
export type CoachPlan = Omit<Plan, 'milestones'> & { milestones: PlanMilestone[] };

export type StoryInput = {
  kind: 'epic' | 'focused';
  heroName: string;
  achievements: Array<{
    title: string;
    foundation?: string | null;
    completedAt?: string | null;
    milestones: string[];
  }>;
  foundationProgress: Record<string, number>;
};

export type StoryReply = { story: string; narrative_type: NarrativeType };
