import { addDays, daysBetween, formatDate, type ReplanSource } from '@lifequest/proto';
import { addMonths, fromIsoDate, toIsoDate } from './readers/calendar.ts';
import { readDeadline } from './readers/deadline.ts';
import { parseNumberToken } from './readers/numbers.ts';

// The offline Pathfinder's re-plan of a quest that fell behind. Completed milestones are not its to
// touch: it proposes only the milestones still to walk. It keeps their order, titles and XP; merges or
// splits one when the hero's note asks for it (or the time left calls for it); spreads them evenly from
// today to the deadline; and moves the deadline when the hero asks, or when the old one leaves the
// remaining milestones too little time at the pace the quest was planned at.

export interface OfflineReplanInput {
  quest: ReplanSource;
  /** yyyy-mm-dd */
  today: string;
  newDeadline: string | null;
  note: string | null;
}

export interface OfflineReplan {
  reply: string;
  reasons: string[];
  milestones: { id: string | null; label: string; due_date: string; xp_reward: number }[];
}

/** A milestone gets at least this many days, whatever the original pace. */
const MIN_DAYS_PER_MILESTONE = 7;
/** How much of the originally planned days per milestone the rest may be squeezed to before the deadline moves. */
const SQUEEZE = 0.75;
/** A step longer than this is split in two, so the next checkpoint is never months away. */
const LONGEST_STEP_DAYS = 60;
/** A plan without dates assumes a month per milestone. */
const DEFAULT_DAYS_PER_MILESTONE = 30;
const LABEL_MAX = 200;

const MORE_TIME =
  /\b(?:more|extra) time\b|\b(?:longer|extend|postpone|slow(?:er)? down|push(?:ed)? (?:it |this )?back|later)\b/i;
const MERGE = /\b(?:merge|combine|fewer|too many|simpler|simplify|less (?:steps|milestones))\b/i;
const SPLIT =
  /\b(?:split|smaller|break (?:it |them |this )?(?:down|up)|bite-?sized|baby steps|overwhelm\w*)\b/i;

interface Step {
  id: string | null;
  label: string;
  xp: number;
}

export function replanQuest(input: OfflineReplanInput): OfflineReplan {
  const { quest, today } = input;
  const note = input.note ?? '';
  const all = quest.milestones;
  const open = all.filter((m) => !m.is_completed);
  const reasons: string[] = [];

  const overdue = open.filter((m) => m.due_date !== null && m.due_date < today).length;
  if (overdue > 0) {
    reasons.push(
      `${overdue === 1 ? 'One milestone was' : `${overdue} milestones were`} overdue, so every open milestone gets a new date from today.`,
    );
  }

  const start = quest.goal.start_date ?? today;
  const dated = all.map((m) => m.due_date).filter((d): d is string => d !== null);
  const oldDeadline = quest.goal.deadline ?? ([...dated].sort().at(-1) || null);
  const pace =
    oldDeadline && daysBetween(start, oldDeadline) > 0
      ? Math.max(MIN_DAYS_PER_MILESTONE, daysBetween(start, oldDeadline) / Math.max(1, all.length))
      : DEFAULT_DAYS_PER_MILESTONE;

  let steps: Step[] = open.map((m) => ({ id: m.id, label: m.title, xp: m.xp_reward }));
  if (MERGE.test(note) && steps.length >= 2) {
    const [a, b] = steps as [Step, Step];
    steps = [{ id: a.id, label: joinLabels(a.label, b.label), xp: a.xp + b.xp }, ...steps.slice(2)];
    reasons.push(`As you asked, "${a.label}" and "${b.label}" are now one milestone.`);
  }

  // The deadline: the hero's (given, or asked for in the note), else the old one while it leaves enough
  // time, else a realistic one.
  const wantsMore = MORE_TIME.test(note);
  const asked = input.newDeadline ?? deadlineAskedIn(note, today, oldDeadline);
  let deadline: string;
  if (asked) {
    deadline = asked;
    reasons.push(`The deadline moves to ${formatDate(deadline)}, as you asked.`);
  } else {
    const needed = Math.ceil(
      steps.length * Math.max(MIN_DAYS_PER_MILESTONE, pace * (wantsMore ? 1 : SQUEEZE)),
    );
    const realistic = addDays(today, needed);
    if (oldDeadline === null || oldDeadline < realistic) {
      deadline =
        wantsMore && oldDeadline !== null
          ? laterOf(realistic, addDays(oldDeadline, Math.ceil(pace)))
          : realistic;
      reasons.push(
        oldDeadline === null
          ? `The quest had no deadline; ${formatDate(deadline)} gives each milestone about ${Math.round(daysBetween(today, deadline) / steps.length)} days.`
          : wantsMore
            ? `You asked for more time: the deadline moves from ${formatDate(oldDeadline)} to ${formatDate(deadline)}.`
            : `${formatDate(oldDeadline)} is no longer realistic for ${steps.length} milestone${steps.length === 1 ? '' : 's'} (about ${Math.round(pace)} days each were planned), so the deadline moves to ${formatDate(deadline)}.`,
      );
    } else {
      deadline = oldDeadline;
      reasons.push(`${formatDate(oldDeadline)} still leaves enough time, so the deadline stays.`);
    }
  }

  // A deadline the hero set close leaves too little room for every step: fewer, bigger steps instead.
  if (steps.length > 1 && daysBetween(today, deadline) / steps.length < MIN_DAYS_PER_MILESTONE) {
    const before = steps.length;
    while (steps.length > 1 && daysBetween(today, deadline) / steps.length < MIN_DAYS_PER_MILESTONE) {
      const [a, b] = steps as [Step, Step];
      steps = [{ id: a.id, label: joinLabels(a.label, b.label), xp: a.xp + b.xp }, ...steps.slice(2)];
    }
    reasons.push(
      `${formatDate(deadline)} leaves under ${MIN_DAYS_PER_MILESTONE} days a milestone, so ${before} milestones become ${steps.length}.`,
    );
  }

  const span = Math.max(steps.length, daysBetween(today, deadline));
  const splitAsked = SPLIT.test(note);
  const firstStepTooLong = span / steps.length > LONGEST_STEP_DAYS && steps.length < 20;
  if ((splitAsked || firstStepTooLong) && steps[0] && steps[0].xp >= 2 && steps.length < 20) {
    const first = steps[0];
    const half = Math.floor(first.xp / 2);
    steps = [
      { id: first.id, label: partLabel(first.label, 1), xp: half },
      { id: null, label: partLabel(first.label, 2), xp: first.xp - half },
      ...steps.slice(1),
    ];
    reasons.push(
      splitAsked
        ? `As you asked, "${first.label}" is split into two smaller steps.`
        : `"${first.label}" would have been more than ${LONGEST_STEP_DAYS} days away, so it is split into two steps.`,
    );
  }

  const milestones = steps.map((step, i) => ({
    id: step.id,
    label: step.label,
    due_date:
      i === steps.length - 1
        ? deadline
        : addDays(today, Math.max(i + 1, Math.round((span * (i + 1)) / steps.length))),
    xp_reward: step.xp,
  }));
  const next = milestones[0]!;
  const done = all.length - open.length;
  const reply = [
    `Falling behind is part of every long quest, hero. Here is a new path for "${quest.goal.title}": ${milestones.length} milestone${milestones.length === 1 ? '' : 's'} to go, the next, "${next.label}", by ${formatDate(next.due_date)}, the last by ${formatDate(deadline)}.`,
    ...reasons,
    done > 0
      ? `Your ${done} completed milestone${done === 1 ? '' : 's'} stay${done === 1 ? 's' : ''} as ${done === 1 ? 'it is' : 'they are'}, with the XP earned.`
      : '',
    'Confirm the plan to update the quest, or tell me what to change.',
  ];
  return { reply: reply.filter(Boolean).join('\n'), reasons, milestones };
}

const MORE_OF =
  /\b(?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|couple of|few|\d+)\s+(?:more|extra)|another(?:\s+(one|two|three|four|five|six|\d+))?|(?:push(?:ed)?|move[ds]?)(?:\s+(?:it|this|that|the deadline))?\s+back(?:\s+by)?\s+(a|an|one|two|three|four|five|six|\d+))\s+(days?|weeks?|months?)\b/i;
/** Words before a date that ask for it as the deadline ('until the end of April', 'push it to May 15'). */
const ASKS_FOR_DATE = /\b(?:by|until|till|to|before|no later than|end of)\s*(?:the\s+)?$/i;
/** The latest deadline a note may ask for, as the re-plan route allows. */
const LATEST = '2100-12-31';

/**
 * A deadline the hero asks for in the note, when the form's date is empty: 'two more months' or
 * 'another 3 weeks' (counted on from the old deadline, or today once it is past), 'until the end of
 * April', 'push it to May 15'. A span said as an excuse ('I was sick for three weeks') asks for nothing.
 */
function deadlineAskedIn(note: string, today: string, oldDeadline: string | null): string | null {
  const more = MORE_OF.exec(note);
  if (more) {
    const word = (more[1] ?? more[2] ?? more[3] ?? 'one').toLowerCase();
    const count =
      word === 'a' || word === 'an'
        ? 1
        : word === 'couple of'
          ? 2
          : word === 'few'
            ? 3
            : parseNumberToken(word);
    if (count !== null && count > 0) {
      const base = fromIsoDate(oldDeadline !== null && oldDeadline > today ? oldDeadline : today);
      const unit = more[4]!.toLowerCase();
      return unit.startsWith('month')
        ? toIsoDate(addMonths(base, count))
        : addDays(toIsoDate(base), count * (unit.startsWith('week') ? 7 : 1));
    }
  }
  const named = readDeadline(note, fromIsoDate(today));
  if (!named) return null;
  const at = note.indexOf(named.phrase);
  const lead = /^(?:by|until|till|to|before|no later than|end of|the end of)\b/i.test(named.phrase.trim());
  if (!lead && !ASKS_FOR_DATE.test(`${note.slice(0, Math.max(0, at))} `.replace(/\s+$/, ' ').trimEnd()))
    return null;
  return named.date > today && named.date <= LATEST ? named.date : null;
}

function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}

function joinLabels(a: string, b: string): string {
  const joined = `${a} and ${b}`;
  return joined.length <= LABEL_MAX ? joined : `${joined.slice(0, LABEL_MAX - 1)}…`;
}

function partLabel(label: string, part: 1 | 2): string {
  const suffix = part === 1 ? ' (first half)' : ' (second half)';
  return `${label.slice(0, LABEL_MAX - suffix.length)}${suffix}`;
}
