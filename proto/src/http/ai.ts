// The ai API (docs/product.md#pathfinder): The Pathfinder's onboarding and floating chat, the advisor and its plan
// drafts, and achievement stories. Field names are the product's, word for word.
import { z } from 'zod';
import { AI_CONVERSATION_MAX, AI_MESSAGE_MAX } from '../rules/chat-limits.ts';
import { FOUNDATIONS } from '../rules/discipline.ts';
import { LOCALES } from '../rules/locale.ts';
import { SMART_PARTS } from '../rules/smart-parts.ts';
import { uuidField } from './params.ts';
import { Plan, QuestWithMilestones } from './quests.ts';

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z.object({
  role: ChatRole,
  content: z
    .string({ error: 'messages.content is required' })
    .max(AI_MESSAGE_MAX, `a message must be at most ${AI_MESSAGE_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'a message must not be empty'),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const messages = z
  .array(ChatMessage, { error: 'messages must be a list of {role, content}' })
  .max(AI_CONVERSATION_MAX, `a conversation may carry at most ${AI_CONVERSATION_MAX} messages`);

export const ConversationPhase = z.enum(['initial', 'ready', 'complete']);
export type ConversationPhase = z.infer<typeof ConversationPhase>;

const smartPart = z.string().max(1_000).nullable();

/** Keys beyond the five parts that a request may carry back, and how long their names may be. */
export const SMART_EXTRA_KEYS_MAX = 20;
const SMART_KEY_MAX = 40;

/** A value the coach keeps beside the five parts: short text, a number, a flag, or a small flat object. */
const smartScalar = z.union([z.string().max(1_000), z.number(), z.boolean(), z.null()]);
const smartExtra = z.union([
  smartScalar,
  z
    .record(z.string().max(SMART_KEY_MAX), smartScalar)
    .refine((value) => Object.keys(value).length <= 10, 'a smartGoalData value may have at most 10 keys'),
]);

/**
 * The five SMART parts, null until known. Other keys (the coach's own notes: a title, a target, a
 * deadline) ride along untouched, so the web can send the object back as it got it.
 */
export const SmartGoalData = z
  .object({
    specific: smartPart,
    measurable: smartPart,
    achievable: smartPart,
    relevant: smartPart,
    timeBound: smartPart,
  })
  .catchall(smartExtra);
export type SmartGoalData = z.infer<typeof SmartGoalData>;

/**
 * SmartGoalData as a request may carry it: any of the five parts may be missing or null (a first turn
 * sends `{}`). The answer always has all five, so what the web sends back is normally complete. The
 * coach's own keys ride along, but bounded: a few short keys of short values (an unbounded object let
 * one request carry 900 KB into the token counter and freeze everyone's requests).
 */
export const SmartGoalDataInput = z
  .object({
    specific: smartPart.optional(),
    measurable: smartPart.optional(),
    achievable: smartPart.optional(),
    relevant: smartPart.optional(),
    timeBound: smartPart.optional(),
  })
  .catchall(smartExtra)
  .refine(
    (data) => Object.keys(data).length <= SMART_PARTS.length + SMART_EXTRA_KEYS_MAX,
    `smartGoalData may carry at most ${SMART_EXTRA_KEYS_MAX} keys beyond the five SMART parts`,
  )
  .refine(
    (data) => Object.keys(data).every((key) => key.length <= SMART_KEY_MAX),
    `smartGoalData keys must be at most ${SMART_KEY_MAX} characters`,
  );
export type SmartGoalDataInput = z.infer<typeof SmartGoalDataInput>;

/** The five parts of `data`, null where unknown, with the other keys it carries. */
export function withAllSmartParts(data: SmartGoalDataInput | null | undefined): SmartGoalData {
  return {
    ...data,
    specific: data?.specific ?? null,
    measurable: data?.measurable ?? null,
    achievable: data?.achievable ?? null,
    relevant: data?.relevant ?? null,
    timeBound: data?.timeBound ?? null,
  };
}

/** The goal onboarding ends with; milestones as text (docs/product.md#pathfinder). */
export const FinalGoal = z.object({
  title: z.string().min(1),
  /** yyyy-mm-dd */
  deadline: z.string().nullable(),
  milestones: z.array(z.string()),
});
export type FinalGoal = z.infer<typeof FinalGoal>;

/**
 * POST /api/ai/pathfinder-conversation. Onboarding sends `{messages, phase, primaryClass, displayName,
 * smartGoalData}`; the floating chat sends `{messages}` alone. `phase` tells them apart.
 */
export const PathfinderConversationBody = z.object({
  messages,
  phase: ConversationPhase.optional(),
  primaryClass: z.string().max(40).optional(),
  displayName: z.string().max(80).optional(),
  smartGoalData: SmartGoalDataInput.nullish(),
});
export type PathfinderConversationBody = z.infer<typeof PathfinderConversationBody>;

/** The onboarding answer (docs/product.md#onboarding). `finalGoal` is set once the phase is ready. */
export const OnboardingReply = z.object({
  response: z.string().min(1),
  phase: ConversationPhase,
  smartGoalData: SmartGoalData,
  finalGoal: FinalGoal.nullable(),
});
export type OnboardingReply = z.infer<typeof OnboardingReply>;

/**
 * GET /api/ai/pathfinder-conversation: the hero's onboarding conversation as last saved (every onboarding
 * turn saves it), so a reload of onboarding step 4 picks it up where it was; null before the first turn.
 */
export const SavedOnboardingConversation = z.object({
  conversation: z
    .object({
      messages: z.array(ChatMessage),
      phase: ConversationPhase,
      smartGoalData: SmartGoalData,
      finalGoal: FinalGoal.nullable(),
    })
    .nullable(),
});
export type SavedOnboardingConversation = z.infer<typeof SavedOnboardingConversation>;

/**
 * GET /api/ai/provider: which Pathfinder answers, and the languages it writes (docs/features/languages.md).
 * The offline engine writes English only; a model is asked to answer in the hero's language. Nothing of
 * its configuration (address, key, model) is told.
 */
export const AiProviderInfo = z.object({
  provider: z.enum(['offline', 'openai']),
  languages: z.array(z.enum(LOCALES)).min(1),
});
export type AiProviderInfo = z.infer<typeof AiProviderInfo>;

export const CreateGoalAction = z.object({
  type: z.literal('CREATE_GOAL'),
  payload: z.object({
    title: z.string().min(1),
    /** yyyy-mm-dd */
    targetDate: z.string(),
    xpTotal: z.number().int().min(0),
    milestones: z.array(
      z.object({ title: z.string().min(1), dueDate: z.string(), xpReward: z.number().int().min(0) }),
    ),
  }),
});
export type CreateGoalAction = z.infer<typeof CreateGoalAction>;

/**
 * A re-plan the floating chat drafted for a quest the hero fell behind on: the draft waits as the
 * hero's plan draft (GET /api/plans/draft) until confirmed.
 */
export const ReplanGoalAction = z.object({
  type: z.literal('REPLAN_GOAL'),
  payload: z.object({ goalId: z.string(), draftId: z.string(), title: z.string() }),
});
export type ReplanGoalAction = z.infer<typeof ReplanGoalAction>;

/** The floating chat answer (docs/product.md#pathfinder): a reply and the goals the hero may add with one click. */
export const FloatingChatReply = z.object({
  reply: z.string().min(1),
  actions: z.array(CreateGoalAction),
});
export type FloatingChatReply = z.infer<typeof FloatingChatReply>;

/**
 * The floating chat answer as the route sends it: the actions may also hold a REPLAN_GOAL when the hero
 * said they fell behind on a quest (a client that knows only CREATE_GOAL skips it).
 */
export const FloatingChatAnswer = FloatingChatReply.extend({
  actions: z.array(z.union([CreateGoalAction, ReplanGoalAction])),
});
export type FloatingChatAnswer = z.infer<typeof FloatingChatAnswer>;

/** POST /api/advisor/message */
export const AdvisorMessageBody = z.object({
  message: z
    .string({ error: 'message is required' })
    .max(AI_MESSAGE_MAX, `message must be at most ${AI_MESSAGE_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'message must not be empty'),
});
export type AdvisorMessageBody = z.infer<typeof AdvisorMessageBody>;

/** One line of GET /api/advisor/messages, oldest first. */
export const AdvisorMessage = z.object({ role: ChatRole, content: z.string(), createdAt: z.string() });
export type AdvisorMessage = z.infer<typeof AdvisorMessage>;

/**
 * The advisor's answer (docs/product.md#pathfinder): `needs_confirmation` with the proposed `plan`, plus the coach's words
 * and the draft's id, which the web passes to POST /api/plans/confirm as `draftId`.
 */
export const AdvisorReply = z.object({
  needs_confirmation: z.boolean(),
  plan: Plan.nullable(),
  reply: z.string(),
  draftId: z.string().nullable(),
});
export type AdvisorReply = z.infer<typeof AdvisorReply>;

export const REPLAN_NOTE_MAX = 500;

/** POST /api/advisor/replan: the quest to re-plan, and optionally a new deadline and the hero's note. */
export const ReplanBody = z.object({
  goal_id: uuidField('goal_id'),
  new_deadline: z.iso.date({ error: 'new_deadline must be a date (yyyy-mm-dd)' }).nullish(),
  note: z
    .string()
    .trim()
    .max(REPLAN_NOTE_MAX, `note must be at most ${REPLAN_NOTE_MAX} characters`)
    .nullish(),
});
export type ReplanBody = z.infer<typeof ReplanBody>;

/**
 * The re-plan answer: an advisor reply whose plan carries `goal_id` (confirm it with POST
 * /api/plans/confirm as any draft), the Pathfinder's reasons, the new deadline, and the quest as it
 * stands, so the web can show the current plan beside the proposed one.
 */
export const ReplanReply = AdvisorReply.extend({
  plan: Plan,
  draftId: z.string(),
  /** yyyy-mm-dd: the proposed deadline (the last milestone's due date). */
  deadline: z.string(),
  /** Whether the deadline moved from the quest's current one. */
  deadline_moved: z.boolean(),
  reasons: z.array(z.string()),
  current: QuestWithMilestones,
});
export type ReplanReply = z.infer<typeof ReplanReply>;

/** GET /api/plans/draft: the pending plan, or `{ plan: null }`. */
export const PlanDraftResponse = z.object({ plan: Plan.nullable(), draftId: z.string().nullable() });
export type PlanDraftResponse = z.infer<typeof PlanDraftResponse>;

export const NARRATIVE_TYPES = [
  'single_achievement',
  'foundation_progress',
  'multi_foundation',
  'milestone_celebration',
] as const;
/** The kinds of chronicle The Pathfinder writes (a stored one may carry another: see StoryHistoryItem). */
export type NarrativeType = (typeof NARRATIVE_TYPES)[number];

/** One featured achievement of a story; the web shows its title. */
export const StoryAchievement = z.object({
  id: z.string(),
  title: z.string(),
  foundation: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type StoryAchievement = z.infer<typeof StoryAchievement>;

/** A chronicle of GET /api/narrative/history (docs/product.md#stories). */
export const StoryHistoryItem = z.object({
  id: z.string(),
  /** One of NARRATIVE_TYPES, or another type a future writer adds (any other string is accepted). */
  narrative_type: z.string(),
  created_at: z.string(),
  achievements_count: z.number().int().min(0),
  story: z.string(),
  /** Foundation name to mastery percent. */
  foundation_progress: z.record(z.string(), z.number()),
  achievements_data: z.array(StoryAchievement),
});
export type StoryHistoryItem = z.infer<typeof StoryHistoryItem>;

export const StoryHistory = z.array(StoryHistoryItem);

/**
 * POST /api/narrative/generate: `{achievement_id}` (a completed quest's id) for a focused story; absent
 * for the epic story of all achievements (docs/product.md#stories). `null` is absent too: a client with nothing chosen
 * sends no id either way, and only a UUID can name a quest, so a malformed id is a 400 here.
 */
export const GenerateStoryBody = z
  .object({ achievement_id: uuidField('achievement_id').nullish() })
  .nullish();
export type GenerateStoryBody = z.infer<typeof GenerateStoryBody>;

export const STORY_WRITING_MESSAGE = 'The Pathfinder is still writing your story…';

/** 201: the story is written. */
export const GeneratedStory = z.object({ story: StoryHistoryItem });
/** 202: the bounded wait ran out; the story appears in the history when done (or poll the job). */
export const StoryStillWriting = z.object({
  status: z.literal('writing'),
  jobId: z.string(),
  message: z.string(),
});
export type StoryStillWriting = z.infer<typeof StoryStillWriting>;

/** One completed quest, as quests tells the ai worker (GET /internal/quests/heroes/:userId/achievements). */
export const HeroAchievement = z.object({
  id: z.string(),
  title: z.string(),
  foundation: z.enum(FOUNDATIONS).nullable(),
  completedAt: z.string().nullable(),
  milestones: z.array(z.string()),
});
export type HeroAchievement = z.infer<typeof HeroAchievement>;

export const HeroAchievements = z.object({
  /** Completed quests only, most recently completed first. */
  goals: z.array(HeroAchievement),
  /** Percent mastery per foundation (the skill tree's progress of that discipline). */
  foundationProgress: z.object({
    Finance: z.number(),
    Health: z.number(),
    Intelligence: z.number(),
    Spirit: z.number(),
  }),
  /** The hero's quests that are not completed yet, so a focused story on one is refused clearly. */
  openGoalIds: z.array(z.string()),
  /**
   * Completed milestones of all the hero's quests, open ones included: with none and no completed
   * quest there is nothing to celebrate. Absent from a quests older than the field (during a rolling
   * deploy): ai then refuses no story on it.
   */
  completedMilestones: z.number().int().min(0).optional(),
});
export type HeroAchievements = z.infer<typeof HeroAchievements>;
