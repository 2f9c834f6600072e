import { questBehind, type ReplanSource } from '@lifequest/proto';

// Recognises a hero saying a quest fell behind ("I fell behind on my 5k", "I need more time for the
// novel") and finds the quest meant among their open quests. Its own module, in front of both providers'
// chat: it reads only the hero's words and quest titles, no model.

/** Words that can only mean a quest slipped: they ask for a re-plan on their own. */
const FELL_BEHIND =
  /\b(?:(?:fell|fallen|falling|got|gotten|am|'m|been|running|slipped|slipping|way|bit|little) behind|behind (?:on|with|schedule)|off (?:track|schedule|pace)|re-?plan\b|(?:missed|blew|blown|miss) (?:my |the |a )?(?:milestone|deadline|checkpoint)s?)/i;

/**
 * Words that ask for time, which may also revise a plan still being shaped ("push back the deadline"):
 * they ask for a re-plan only when they name one of the hero's quests.
 */
const MORE_TIME =
  /\b(?:(?:need|want|could use|give me|get) (?:a (?:bit|little) )?(?:more|extra) time|(?:need|want|could use|give me|get) (?:(?:a couple of|a few|an?|one|two|three|four|five|six|\d+) (?:more|extra)|another(?: (?:one|two|three|four|five|six|\d+))?) (?:days?|weeks?|months?)\b|(?:reschedule|postpone)\b|push (?:back|out) (?:the |my )?(?:deadline|date)|(?:extend|move) (?:the |my )?deadline)/i;

export type ReplanAsk = 'behind' | 'more-time';

/** How the message asks for a re-plan of some quest, or null when it does not. */
export function replanAsk(text: string): ReplanAsk | null {
  const plain = text.replace(/’/g, "'");
  if (FELL_BEHIND.test(plain)) return 'behind';
  return MORE_TIME.test(plain) ? 'more-time' : null;
}

/** Whether the message asks for a re-plan of some quest. */
export function asksForReplan(text: string): boolean {
  return replanAsk(text) !== null;
}

/** Words that say nothing about which quest is meant. */
const STOP = new Set(
  'i im me my the a an on for with of to and in at is it its this that be been behind fell fallen falling got gotten need more time extra another couple few one two three four five six day days week weeks month months until till want could use give get bit little way am running slipped slipping off track schedule pace replan re plan reschedule postpone push back out deadline date missed miss milestone milestones checkpoint quest goal please can you help some just really so too very'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !STOP.has(w));
}

/** 'novels' and 'novel', 'running' and 'run', '5km' and '5k' meet on a shared stem. */
function stem(word: string): string {
  const km = word.match(/^(\d+)(?:k|km|kilometers?|kilometres?)$/);
  if (km) return `${km[1]}k`;
  return word.replace(/(?:ing|es|s)$/, '').slice(0, 6);
}

function score(message: string[], quest: ReplanSource): number {
  const title = new Set(words(quest.goal.title).map(stem));
  const rest = new Set(quest.milestones.flatMap((m) => words(m.title)).map(stem));
  let points = 0;
  for (const w of new Set(message.map(stem))) {
    if (title.has(w)) points += 2;
    else if (rest.has(w)) points += 1;
  }
  return points;
}

/** Whether the message names one of these quests (a word of its title or milestones). */
export function namesQuest(text: string, open: readonly ReplanSource[]): boolean {
  const said = words(text);
  return open.some((quest) => score(said, quest) > 0);
}

export type QuestChoice =
  | { kind: 'quest'; quest: ReplanSource }
  | { kind: 'ask'; quests: ReplanSource[] }
  | { kind: 'none' };

/**
 * The open quest `text` names. The best match by the words of its title (then its milestones); with no
 * word matching, the one open quest there is, or the one quest behind; otherwise ask which, naming them.
 */
export function chooseQuest(text: string, open: readonly ReplanSource[], today: string): QuestChoice {
  if (open.length === 0) return { kind: 'none' };
  const said = words(text);
  const scored = open
    .map((quest) => ({ quest, points: score(said, quest) }))
    .sort((a, b) => b.points - a.points);
  const [best, second] = scored;
  if (best && best.points > 0 && (!second || best.points > second.points))
    return { kind: 'quest', quest: best.quest };
  const tied =
    best && best.points > 0 ? scored.filter((s) => s.points === best.points).map((s) => s.quest) : [...open];
  if (tied.length === 1) return { kind: 'quest', quest: tied[0]! };
  const behind = tied.filter(
    (q) =>
      questBehind(
        {
          is_completed: q.goal.is_completed,
          start_date: q.goal.start_date ?? today,
          deadline: q.goal.deadline,
          milestones: q.milestones,
        },
        today,
      ) !== null,
  );
  if (behind.length === 1 && !(best && best.points > 0)) return { kind: 'quest', quest: behind[0]! };
  return { kind: 'ask', quests: tied };
}

/** The Pathfinder's question when several quests could be meant; the chat knows it by its opening. */
export const WHICH_QUEST = 'Which quest shall we re-plan';

export function whichQuestQuestion(quests: readonly ReplanSource[]): string {
  const names = quests.slice(0, 6).map((q) => `"${q.goal.title}"`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `${WHICH_QUEST}, hero: ${list}? Tell me its name and I'll draw a new path for it.`;
}

export const NO_OPEN_QUEST =
  "You have no open quest to re-plan right now. Tell me a goal and we'll set a new one in motion.";
