import type { SmartPart } from '@lifequest/proto';
import { crisisReply } from '../../../guardrails/self-harm.ts';
import { type CoachEvent, type CoachState, resolvedTarget } from './coach.ts';
import { type DomainId, domainById } from './domain.ts';
import { daysLeft, finalGoal, measurableText, milestonesOf, questTitle, smartGoalData } from './quest.ts';
import { describeSpan, formatLongDate } from './readers/calendar.ts';
import { hashString, pick } from './seed.ts';
import { describeTarget } from './target.ts';

// The Pathfinder's voice: a wise guide who speaks to the hero by name, acknowledges what was said,
// and asks one question at a time. Wording varies with a seed taken from the conversation, never
// from chance, so a replayed conversation reads the same.

export function heroName(displayName: string): string {
  const name = displayName.trim() || 'hero';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const AREA_NAMES: Record<DomainId, string> = {
  weight: 'Getting healthier',
  running: 'Running',
  debt: 'Getting out of debt',
  money: 'Building your wealth',
  writing: 'Writing',
  language: 'Learning a language',
  reading: 'Reading',
  mindfulness: 'Finding peace of mind',
  fitness: 'Getting fit',
  wellness: 'Living healthier',
  learning: 'Growing your mind',
  social: 'Deepening your connections',
  project: 'Building something',
};

const AREA_EXAMPLES: Record<DomainId, string> = {
  weight: 'losing 5 kg, walking 30 minutes a day, or cooking at home 5 nights a week',
  running: 'running a 5k, running 3 times a week, or a 10k in under an hour',
  debt: 'paying off a $3,000 card, or putting $200 a month towards a loan',
  money: 'saving $1,000, building a 3-month emergency fund, or investing $100 a month',
  writing: 'writing 4 blog posts, or a 50,000-word draft',
  language: 'learning 500 words, reaching level A2, or practising 20 minutes a day',
  reading: 'reading 12 books, or 20 pages a day',
  mindfulness: 'meditating 10 minutes a day, journaling each night, or a weekly screen-free evening',
  fitness: 'running a 5k, training 3 times a week, or doing 50 push-ups in a row',
  wellness: 'sleeping 8 hours a night, drinking 2 litres of water a day, or 30 days without sugar',
  learning: 'reading 12 books, finishing an online course, or learning 500 words of a new language',
  social: 'calling a friend every week, or hosting a monthly dinner',
  project: 'launching a website, finishing a side project, or planning a trip',
};

const PART_NAMES: Record<SmartPart, string> = {
  specific: 'the goal itself',
  measurable: 'the target',
  achievable: 'the pace',
  relevant: 'the reason behind it',
  timeBound: 'the deadline',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The SMART part the coach is asking for, if it is asking for one. */
function pendingPart(s: CoachState): SmartPart | null {
  const p = s.pending;
  return p === 'refine' || p === 'adjust' || p === 'confirmDeadline' ? null : p;
}

/** The next question for a missing part, phrased for the goal at hand. */
export function questionFor(part: SmartPart | null, s: CoachState, today: Date): string {
  const area = s.goal ? domainById(s.goal.domain) : null;
  switch (part) {
    case 'specific':
    case null:
      // A wish already named an area ('be happier'): its own examples, never another area's yardstick.
      return s.broad
        ? `What is one goal you'd love to reach in the coming months, such as ${AREA_EXAMPLES[s.broad]}?`
        : "What is one goal you'd love to reach in the coming months? Say it in your own words.";
    case 'measurable':
      return `How will we know you've made it? Give me something to measure, such as ${area?.measureHint ?? 'a number or a clear finish line'}.`;
    case 'timeBound':
      return "By when would you like to get there? A date like 'by June 1' or a span like 'in three months' both work.";
    case 'relevant':
      return 'Why does this quest matter to you? A clear reason is the torch you carry when the path gets steep.';
    case 'achievable': {
      const f = s.feasibility;
      const target = resolvedTarget(s, today);
      if (target?.kind === 'money' && f?.pace)
        return `That works out to ${f.pace}. Is that realistic with your income and other costs?`;
      if (f?.verdict === 'stretch' && f.pace)
        return `That means ${f.pace}, an ambitious pace. Is it realistic with the time you have, or shall we give it more room?`;
      if (f?.pace) return `That means ${f.pace}. Does that feel realistic alongside the rest of your life?`;
      if (area?.category === 'habit')
        return "Let's test the path: what is most likely to get in your way, and what will you do when it shows up?";
      return `Let's test the path: how much time each week can you give this, and does ${s.deadline ? formatLongDate(s.deadline.date) : 'your deadline'} feel realistic with that?`;
    }
  }
}

function acknowledge(captured: SmartPart[], s: CoachState, today: Date, seed: number): string {
  if (captured.includes('specific') && s.goal) {
    const opener = pick(
      ['A worthy quest', 'A fine choice', 'I like the sound of that', 'Now that is a quest'],
      seed,
    );
    const parts = [`"${s.goal.phrase}". ${opener}.`];
    if (captured.includes('timeBound') && s.deadline)
      parts.push(`And a deadline too: ${formatLongDate(s.deadline.date)}.`);
    return parts.join(' ');
  }
  if (captured.includes('measurable')) {
    const measure = measurableText(s, today) ?? 'That';
    const extra =
      captured.includes('timeBound') && s.deadline ? `, by ${formatLongDate(s.deadline.date)}` : '';
    return `${capitalise(measure)}${extra}: now we have a finish line we can both see.`;
  }
  if (captured.includes('timeBound') && s.deadline) {
    return `${formatLongDate(s.deadline.date)} it is, about ${describeSpan(daysLeft(s, today))} from today.`;
  }
  if (captured.includes('relevant')) {
    return pick(
      [
        "That's a reason worth carrying. Hold on to it on the hard days.",
        'A strong why. It will light the way when motivation dims.',
      ],
      seed,
    );
  }
  if (captured.includes('achievable')) return 'Good. Knowing your pace is half the journey.';
  return 'Understood.';
}

function summary(s: CoachState, today: Date, name: string, revised: boolean): string {
  const data = smartGoalData(s, today);
  const milestones = milestonesOf(s, today);
  const first = milestones[0];
  const lines = [
    revised ? `Your map is redrawn, ${name}. Here is the quest now:` : `Your quest is charted, ${name}!`,
    '',
    `• Specific: ${data.specific}`,
    `• Measurable: ${data.measurable}`,
    `• Achievable: ${data.achievable}`,
    `• Relevant: ${data.relevant}`,
    `• Time-bound: ${data.timeBound}`,
    '',
    first
      ? `I've marked ${milestones.length} milestones on the way to "${questTitle(s, today)}", the first being "${first.label}" by ${formatLongDate(first.due_date)}.`
      : '',
    "Choose 'Start This Quest' to begin, or 'Refine Further' if you'd like to change anything.",
  ];
  return lines.filter((line, i) => line !== '' || (i > 0 && lines[i - 1] !== '')).join('\n');
}

function pushback(s: CoachState, today: Date, name: string): string {
  const f = s.feasibility;
  const target = resolvedTarget(s, today);
  const goal = target ? describeTarget(target) : (s.goal?.phrase ?? 'this');
  const by = s.deadline ? formatLongDate(s.deadline.date) : 'your deadline';
  const offers: string[] = [];
  if (f?.saferDeadline)
    offers.push(`keep ${goal} and set the deadline to ${formatLongDate(f.saferDeadline)}`);
  if (f?.saferTarget) offers.push(`aim for ${describeTarget(f.saferTarget)} by ${by}`);
  const offer =
    offers.length > 0
      ? `Shall we ${offers.join(', or ')}? Say yes to ${offers.length > 1 ? 'the first' : 'that'}, or tell me what you'd prefer.`
      : 'What target or deadline would feel more within reach?';
  // A daily amount is its own pace: say so once ('60,000 steps a day is a pace few could keep').
  const means = f?.pace && !f.pace.startsWith(goal) ? `means ${f.pace}` : 'is a pace few could keep';
  return `${name}, a true guide must be honest with you: ${goal} by ${by} ${means}. ${f?.concern ?? ''} I'd rather see you win than burn out. ${offer}`.replace(
    /\s+/g,
    ' ',
  );
}

function scaleDown(s: CoachState, name: string): string {
  const options: string[] = [];
  if (s.suggestion?.deadline)
    options.push(`give it more room, until ${formatLongDate(s.suggestion.deadline)}`);
  if (s.suggestion?.target) options.push(`lower the target to ${describeTarget(s.suggestion.target)}`);
  const offer = options.length ? `Shall we ${options.join(', or ')}?` : 'What would feel right?';
  return `Thank you for being honest, ${name}; that is how quests are won. ${offer} Say yes${options.length > 1 ? ' to the first' : ''}, or tell me what you'd prefer.`;
}

function vague(event: Extract<CoachEvent, { kind: 'vague' }>, name: string, seed: number): string {
  if (event.broad === 'social' && event.family) {
    return `Growing closer to your family is a fine calling, ${name}. To turn it into a quest, let's name one concrete thing. Would it be reading with your children every night, a weekly family outing, or a phone-free dinner each evening, or something else?`;
  }
  if (event.broad) {
    return `${AREA_NAMES[event.broad]} is a fine calling, ${name}. To turn it into a quest, let's name one concrete thing. Would it be ${AREA_EXAMPLES[event.broad]}, or something else?`;
  }
  if (event.unsure) {
    return `That's alright, ${name}; many quests begin in the fog. Which part of life calls to you most right now: health, money, learning, or peace of mind?`;
  }
  return pick(
    [
      `I hear a wish to grow, ${name}, and every hero starts there. Let's make it something you could point to: what is one thing you'd love to have done a few months from now? For example, run a 5k, save $1,000, or read 10 books.`,
      `A noble longing, ${name}. Let's give it a shape we can chase: what is one thing you could do, finish or reach in the next few months? Running a 5k, saving $1,000 or reading 10 books are the kind I mean.`,
    ],
    seed,
  );
}

function unclear(part: SmartPart, s: CoachState, today: Date, name: string): string {
  switch (part) {
    case 'measurable':
      return `Let's pin it down, ${name}, so we'll both know when you've won. ${questionFor('measurable', s, today)}`;
    case 'timeBound':
      return "I couldn't find a date in that. Could you name one, like 'by June 1', 'in three months' or 'by the end of the year'?";
    case 'relevant':
      return 'Even a small reason helps when the path gets steep. What will reaching this change for you, or for someone you care about?';
    case 'achievable':
      return `Tell me plainly, ${name}: ${questionFor('achievable', s, today)} A simple yes or no is enough.`;
    case 'specific':
      return questionFor('specific', s, today);
  }
}

/** The onboarding reply for the last event of the conversation. */
export function onboardingResponse(
  state: CoachState,
  event: CoachEvent,
  displayName: string,
  today: Date,
  turn: number,
): string {
  const name = heroName(displayName);
  const seed = hashString(`${name}:${turn}`);
  switch (event.kind) {
    case 'opening':
      return `Greetings, ${name}. I am The Pathfinder, and together we'll shape your first quest. What is one goal you'd love to reach in the coming months? Say it in your own words; we'll sharpen it together.`;
    case 'crisis':
      return crisisReply(name);
    case 'vague':
      return vague(event, name, seed);
    case 'unclear':
      return unclear(event.part, state, today, name);
    case 'suggest-deadline':
      return `A quest without a date tends to drift, ${name}. How about ${formatLongDate(event.date)}, about ${describeSpan(daysLeft({ ...state, deadline: { date: event.date, phrase: '' } }, today))} from now? Say yes, or name another date.`;
    case 'pushback':
      return pushback(state, today, name);
    case 'scale-down':
      return scaleDown(state, name);
    case 'refine':
      if (event.parts.length === 0)
        return `Of course, ${name}. Even the best maps get redrawn. What would you like to change: the goal itself, the target, the deadline, or the reason behind it?`;
      return `Let's revisit ${event.parts.map((p) => PART_NAMES[p]).join(' and ')}. ${questionFor(pendingPart(state), state, today)}`;
    case 'complete':
      return `Then it is decided, ${name}: "${finalGoal(state, today)?.title}" begins today. Choose 'Complete Your Quest Setup' and step onto the path. I'll walk beside you.`;
    case 'idle':
      return `Your quest awaits, ${name}. Choose 'Start This Quest' to begin, or 'Refine Further' if you'd like to change something.`;
    case 'progress': {
      const fresh = event.newGoal ? `A new quest, then, ${name}! ` : '';
      if (state.phase === 'ready') return `${fresh}${summary(state, today, name, event.revised === true)}`;
      return `${fresh}${acknowledge(event.captured, state, today, seed)} ${questionFor(pendingPart(state), state, today)}`;
    }
  }
}
