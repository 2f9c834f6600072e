// The quests API (docs/product.md#xp-rules): goals, milestones, progress, dashboard, plans and the skill tree.
// Field names are the product's, snake_case where the web has always read them that way.
import { z } from 'zod';
import { FOUNDATIONS } from '../rules/discipline.ts';
import { SKILL_NODE_IDS } from '../rules/skill-nodes.ts';
import { OnboardingResult } from './auth.ts';
import { uuidField } from './params.ts';

export const GOAL_CATEGORIES = ['fitness', 'finance', 'habit', 'project', 'education'] as const;
export const GOAL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export const GOAL_TITLE_MAX = 200;
export const GOAL_DESCRIPTION_MAX = 2_000;
export const MILESTONE_TITLE_MAX = 200;
export const MILESTONES_MAX = 20;
export const PROGRESS_NOTE_MAX = 500;
/**
 * What one quest may be worth. The client names a quest's XP (the floating chat's `xpTotal`, a plan's
 * `total_goal_xp` and milestone rewards), so the server bounds it: the Pathfinder proposes 300, 500 or
 * 800 XP by difficulty and the fallback plan is worth 100, so 1,000 leaves room for an ambitious quest
 * and no more. A milestone is worth at most its quest. Bonuses included, a quest pays at most this in
 * all (services/quests/src/xp/quest-cap.ts). (auth also caps the XP a hero earns per UTC day; see
 * services/auth/src/xp/daily-ceiling.ts.)
 */
export const GOAL_XP_MAX = 1_000;
export const MILESTONE_XP_MAX = GOAL_XP_MAX;
/** A plan's early_milestone bonus, per milestone: the offline Pathfinder gives 10% of the quest (≤ 80). */
export const EARLY_MILESTONE_BONUS_MAX = 100;
/** A plan's logging_daily bonus, per quest and day: the offline Pathfinder gives 5, the AI prompt 0-20. */
export const LOGGING_DAILY_BONUS_MAX = 20;

export const GoalCategory = z.enum(GOAL_CATEGORIES, {
  error: `category must be one of ${GOAL_CATEGORIES.join(', ')}`,
});
export type GoalCategory = z.infer<typeof GoalCategory>;
export const GoalDifficulty = z.enum(GOAL_DIFFICULTIES, {
  error: `difficulty must be one of ${GOAL_DIFFICULTIES.join(', ')}`,
});
export type GoalDifficulty = z.infer<typeof GoalDifficulty>;
export const FoundationName = z.enum(FOUNDATIONS);

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date (yyyy-mm-dd)` });
const wholeXp = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must not be negative`)
    .max(max, `${field} must be at most ${max}`);

/** A quest as every list and detail sends it (plus the plan fields a plan gives it). */
export const Goal = z.object({
  id: z.string(),
  title: z.string(),
  /** yyyy-mm-dd, or null when the quest has no target date. */
  deadline: z.string().nullable(),
  class_name: z.string(),
  /** null when unassigned (an empty value clears it: docs/product.md#foundations). */
  foundation: FoundationName.nullable(),
  is_completed: z.boolean(),
  /** Completed milestones as an integer percent of all milestones (docs/product.md#xp-rules). */
  progress: z.number().int().min(0).max(100),
  description: z.string().nullable().optional(),
  category: GoalCategory.nullable().optional(),
  difficulty: GoalDifficulty.nullable().optional(),
  unit: z.string().nullable().optional(),
  target_value: z.number().nullable().optional(),
  /** The habits of the plan the quest came from. */
  habits: z.array(z.string()).optional(),
  /** yyyy-mm-dd: the day the quest began, from which its pace is measured (rules/behind.ts). */
  start_date: z.string().optional(),
});
export type Goal = z.infer<typeof Goal>;

export const Milestone = z.object({
  id: z.string(),
  goal_id: z.string(),
  title: z.string(),
  is_completed: z.boolean(),
  xp_reward: z.number().int(),
  /** yyyy-mm-dd, or null. */
  due_date: z.string().nullable(),
});
export type Milestone = z.infer<typeof Milestone>;

/** What the header shows: the hero's totals once the XP ledger holds the change. */
export const XpTotals = z.object({ totalXP: z.number().int(), lifeLevel: z.number().int() });
export type XpTotals = z.infer<typeof XpTotals>;

/**
 * The answer to a milestone toggle: everything the web updates at once. `user` is null when the XP
 * ledger did not confirm the change in time; the web then refetches GET /api/auth/me.
 */
export const MilestoneToggleResult = z.object({
  milestone: Milestone,
  goal: z.object({ id: z.string(), progress: z.number().int(), is_completed: z.boolean() }),
  /** XP gained (positive) or taken back (negative) by this toggle, bonuses included. */
  xpDelta: z.number().int(),
  user: XpTotals.nullable(),
});
export type MilestoneToggleResult = z.infer<typeof MilestoneToggleResult>;

/**
 * The `Idempotency-Key` header of PUT /api/milestones/{id} (required) and POST /api/progress (optional):
 * a key the client makes once per intended change (a UUID), so a replay answers the first answer
 * (docs/features/offline-app.md#idempotency).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKey = z
  .string({ error: 'Idempotency-Key header is required' })
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'Idempotency-Key must be 8 to 128 letters, digits or -_.:');

/** PUT /api/milestones/{id}: sets a milestone done or open (a toggle flips; a replay of this changes nothing). */
export const MilestoneSetBody = z.object({
  completed: z.boolean({ error: 'completed must be true or false' }),
});
export type MilestoneSetBody = z.infer<typeof MilestoneSetBody>;

/** A milestone suggested by the floating chat: a plain title, or an object in either naming style. */
export const SuggestedMilestone = z.union([
  z.string().trim().min(1, 'a milestone needs a title').max(MILESTONE_TITLE_MAX),
  z.object({
    title: z.string().trim().min(1).max(MILESTONE_TITLE_MAX).optional(),
    label: z.string().trim().min(1).max(MILESTONE_TITLE_MAX).optional(),
    dueDate: isoDate('milestones.dueDate').nullish(),
    due_date: isoDate('milestones.due_date').nullish(),
    xpReward: wholeXp('milestones.xpReward', MILESTONE_XP_MAX).nullish(),
    xp_reward: wholeXp('milestones.xp_reward', MILESTONE_XP_MAX).nullish(),
  }),
]);
export type SuggestedMilestone = z.infer<typeof SuggestedMilestone>;

const goalTitle = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(GOAL_TITLE_MAX, `title must be at most ${GOAL_TITLE_MAX} characters`);

/**
 * POST /api/goals (docs/product.md#xp-rules): `{title, deadline, description}`, also accepting the floating chat's
 * CREATE_GOAL payload (`targetDate`, `xpTotal`, `milestones`). Without milestones the quest gets the
 * fallback plan (docs/product.md#xp-rules).
 */
const CreateGoalFields = z.object({
  title: goalTitle,
  // An empty date field of a form means no date.
  deadline: z.union([z.literal(''), isoDate('deadline')]).nullish(),
  targetDate: z.union([z.literal(''), isoDate('targetDate')]).nullish(),
  description: z
    .string()
    .trim()
    .max(GOAL_DESCRIPTION_MAX, `description must be at most ${GOAL_DESCRIPTION_MAX} characters`)
    .nullish(),
  className: z.string().trim().max(40, 'className must be at most 40 characters').nullish(),
  milestones: z
    .array(SuggestedMilestone)
    .max(MILESTONES_MAX, `a quest has at most ${MILESTONES_MAX} milestones`)
    .nullish(),
  xpTotal: wholeXp('xpTotal', GOAL_XP_MAX).nullish(),
});
export const CreateGoalBody = CreateGoalFields.superRefine((body, ctx) => {
  // The milestones' own XP must fit the quest's total, as a plan's must fit its total_goal_xp.
  const milestoneXp = (body.milestones ?? []).reduce(
    (sum, m) => sum + (typeof m === 'string' ? 0 : (m.xpReward ?? m.xp_reward ?? 0)),
    0,
  );
  if (body.xpTotal != null && milestoneXp > body.xpTotal) {
    ctx.addIssue({
      code: 'custom',
      path: ['xpTotal'],
      message: `xpTotal (${body.xpTotal}) must be at least the milestones' XP (${milestoneXp})`,
    });
  } else if (milestoneXp > GOAL_XP_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: ['milestones'],
      message: `milestones' XP must add up to at most ${GOAL_XP_MAX} (it is ${milestoneXp})`,
    });
  }
});
export type CreateGoalBody = z.infer<typeof CreateGoalBody>;

/** PATCH /api/goals/{id}/foundation: a foundation name, or '' to make the goal unassigned again. */
export const FoundationBody = z.object({
  foundation: z.union([FoundationName, z.literal('')], {
    error: `foundation must be one of ${FOUNDATIONS.join(', ')}, or "" to unassign`,
  }),
});
export type FoundationBody = z.infer<typeof FoundationBody>;

/** POST /api/progress. `value` is text or a number; for 'min:s' goals '5:30' and 330 are the same. */
export const ProgressBody = z.object({
  goalId: uuidField('goalId'),
  value: z.union([z.string().max(40, 'value must be at most 40 characters'), z.number()], {
    error: 'value is required',
  }),
  note: z
    .string()
    .trim()
    .max(PROGRESS_NOTE_MAX, `note must be at most ${PROGRESS_NOTE_MAX} characters`)
    .nullish(),
});
export type ProgressBody = z.infer<typeof ProgressBody>;

export const ProgressEntry = z.object({
  id: z.string(),
  goalId: z.string(),
  /** Stored as a number: seconds for 'min:s' goals. */
  value: z.number(),
  note: z.string().nullable(),
  ts: z.string(),
  /** The logging_daily bonus this entry earned (0 unless it is the day's first on a plan goal). */
  xpBonus: z.number().int(),
});
export type ProgressEntry = z.infer<typeof ProgressEntry>;

/** GET /api/goals/{id} (docs/product.md#pathfinder). Progress is newest first. */
export const GoalDetail = z.object({
  goal: Goal,
  progress: z.array(
    z.object({ id: z.string(), value: z.number(), note: z.string().nullable(), ts: z.string() }),
  ),
  milestones: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      dueDate: z.string().nullable(),
      xpReward: z.number().int(),
      status: z.enum(['done', 'pending']),
    }),
  ),
});
export type GoalDetail = z.infer<typeof GoalDetail>;

/** One card of GET /api/dashboard (docs/product.md#screens). */
export const DashboardItem = z.object({
  goal: z.object({
    id: z.string(),
    title: z.string(),
    category: GoalCategory.nullable(),
    difficulty: GoalDifficulty.nullable(),
    targetDate: z.string().nullable(),
    targetValue: z.number().nullable(),
    unit: z.string().nullable(),
    totalGoalXp: z.number().int(),
    /** yyyy-mm-dd: the day the quest began, from which its pace is measured (rules/behind.ts). */
    startDate: z.string().optional(),
  }),
  progressPercentage: z.number().int().min(0).max(100),
  /** XP this quest has earned so far (its completed milestones, their early bonuses included). */
  totalXp: z.number().int(),
  /** The first milestone still open, by due date; null once every milestone is done. */
  nextMilestone: z.object({ label: z.string(), dueDate: z.string().nullable() }).nullable(),
  completedMilestones: z.number().int(),
  totalMilestones: z.number().int(),
});
export type DashboardItem = z.infer<typeof DashboardItem>;

export const DashboardResponse = z.object({ goals: z.array(DashboardItem) });
export type DashboardResponse = z.infer<typeof DashboardResponse>;

const PlanFields = z.object({
  goal: z.object({
    title: goalTitle,
    category: GoalCategory,
    difficulty: GoalDifficulty,
    metric: z.object({
      target_value: z
        .number({ error: 'goal.metric.target_value must be a number' })
        .refine(Number.isFinite, 'goal.metric.target_value must be a number')
        .nullable(),
      unit: z.string().trim().max(20, 'goal.metric.unit must be at most 20 characters').nullable(),
    }),
  }),
  milestones: z
    .array(
      z.object({
        label: z
          .string({ error: 'milestones.label is required' })
          .trim()
          .min(1, 'milestones.label is required')
          .max(MILESTONE_TITLE_MAX),
        due_date: isoDate('milestones.due_date').nullable(),
        xp_reward: wholeXp('milestones.xp_reward', MILESTONE_XP_MAX),
        /**
         * A re-plan's milestone that is already the quest's (kept or re-dated): its id there. Absent
         * for a new milestone, and on every milestone of a plan for a new quest.
         */
        id: uuidField('milestones.id').optional(),
        /** A re-plan shows the quest's completed milestones too; confirming leaves them as they are. */
        is_completed: z.boolean().optional(),
      }),
    )
    .min(1, 'a plan needs at least one milestone')
    .max(MILESTONES_MAX, `a plan has at most ${MILESTONES_MAX} milestones`),
  xp_policy: z.object({
    total_goal_xp: wholeXp('xp_policy.total_goal_xp', GOAL_XP_MAX),
    bonuses: z.object({
      early_milestone: wholeXp('xp_policy.bonuses.early_milestone', EARLY_MILESTONE_BONUS_MAX),
      logging_daily: wholeXp('xp_policy.bonuses.logging_daily', LOGGING_DAILY_BONUS_MAX),
    }),
  }),
  habits: z.array(z.string().trim().min(1).max(200)).max(20),
  /**
   * Set on a re-plan (POST /api/advisor/replan): the quest it re-plans. Confirming it updates that
   * quest in place instead of creating one (docs/features/replan.md).
   */
  goal_id: uuidField('goal_id').optional(),
});
/** The Plan (docs/product.md#pathfinder), as the advisor proposes it and POST /api/plans/confirm accepts it. */
export const Plan = PlanFields.superRefine((plan, ctx) => {
  // total_goal_xp is the whole quest's worth: its milestones' XP plus the completion bonus, never less.
  const milestoneXp = plan.milestones.reduce((sum, m) => sum + m.xp_reward, 0);
  if (plan.xp_policy.total_goal_xp < milestoneXp) {
    ctx.addIssue({
      code: 'custom',
      path: ['xp_policy', 'total_goal_xp'],
      message: `xp_policy.total_goal_xp (${plan.xp_policy.total_goal_xp}) must be at least the milestones' XP (${milestoneXp})`,
    });
  }
});
export type Plan = z.infer<typeof Plan>;

/** POST /api/plans/confirm: the plan, plus the draft it came from so the ai service can clear it. */
export const PlanConfirmBody = Plan.safeExtend({ draftId: z.string().min(1).max(100).nullish() });
export type PlanConfirmBody = z.infer<typeof PlanConfirmBody>;

/** A quest with its milestones, as plan confirmation and the onboarding quest answer. */
export const QuestWithMilestones = z.object({ goal: Goal, milestones: z.array(Milestone) });
export type QuestWithMilestones = z.infer<typeof QuestWithMilestones>;

/**
 * A quest as a re-plan starts from (GET /internal/quests/heroes/{userId}/quests/{goalId}, quests → ai):
 * the quest and its milestones in plan order, and its XP as quests keeps it.
 */
export const ReplanSource = QuestWithMilestones.extend({
  /** The quest's whole worth (its milestones plus its completion bonus); a re-plan keeps it. */
  total_xp: z.number().int().min(0),
  early_milestone_bonus: z.number().int().min(0),
  logging_daily_bonus: z.number().int().min(0),
});
export type ReplanSource = z.infer<typeof ReplanSource>;

/** The hero's open quests, for the chat to find the one a hero fell behind on. */
export const OpenQuests = z.object({ quests: z.array(ReplanSource) });
export type OpenQuests = z.infer<typeof OpenQuests>;

/** `/{userId}/quests/{goalId}` of the internal quest read. */
export const HeroQuestParams = z.object({ userId: uuidField('userId'), goalId: uuidField('goalId') });
export type HeroQuestParams = z.infer<typeof HeroQuestParams>;

/** The answer to POST /api/goals: the new quest, its milestones included. */
export const CreatedGoal = Goal.extend({ milestones: z.array(Milestone) });
export type CreatedGoal = z.infer<typeof CreatedGoal>;

export const SkillTreeNode = z.object({
  id: z.enum(SKILL_NODE_IDS),
  title: z.string(),
  description: z.string(),
  discipline: z.enum([...FOUNDATIONS, 'All']),
  level: z.number().int().min(1).max(4),
  prerequisites: z.array(z.enum(SKILL_NODE_IDS)),
  xpReward: z.number().int(),
  position: z.object({ x: z.number(), y: z.number() }),
  progress: z.number().int().min(0).max(100),
  status: z.enum(['mastered', 'unlocked', 'locked']),
  relatedGoals: z.array(z.object({ id: z.string(), title: z.string(), is_completed: z.boolean() })),
  /** The hover tooltip of the four disciplines' nodes; absent on master_hero. */
  benchmark: z
    .object({ accomplishment: z.string(), societalContext: z.string(), benchmark: z.string() })
    .optional(),
});
export type SkillTreeNode = z.infer<typeof SkillTreeNode>;

export const SkillTreeResponse = z.object({
  nodes: z.array(SkillTreeNode),
  counters: z.object({ mastered: z.number().int(), unlocked: z.number().int(), total: z.number().int() }),
});
export type SkillTreeResponse = z.infer<typeof SkillTreeResponse>;

/** The onboarding's first goal, as auth hands it to quests (docs/product.md#onboarding). */
export const FirstGoal = OnboardingResult.shape.firstGoal.unwrap().unwrap();
export type FirstGoal = z.infer<typeof FirstGoal>;

/** POST /internal/quests/onboarding-quest (auth → quests, idempotent per hero). */
export const OnboardingQuestBody = z.object({ userId: z.uuid(), firstGoal: FirstGoal });
export type OnboardingQuestBody = z.infer<typeof OnboardingQuestBody>;

/**
 * Its answer: the hero's onboarding quest, made by this call or an earlier one; null once the hero has
 * deleted it (an onboarding makes its quest once, ever).
 */
export const OnboardingQuestAnswer = z.object({ quest: QuestWithMilestones.nullable() });
export type OnboardingQuestAnswer = z.infer<typeof OnboardingQuestAnswer>;

/**
 * GET /internal/auth/xp/{userId}?after=<event ids>: the hero's totals once the ledger holds those
 * events. `caughtUp` is false when the wait ran out first; the totals are then the ledger as it stands.
 */
export const XpProjection = XpTotals.extend({ xpDelta: z.number().int(), caughtUp: z.boolean() });
export type XpProjection = z.infer<typeof XpProjection>;

/** GET /api/calendar and POST /api/calendar/rotate: the hero's secret calendar feed address. */
export const CalendarFeedAddress = z.object({ url: z.string() });
export type CalendarFeedAddress = z.infer<typeof CalendarFeedAddress>;
