import type { ChatMessage, ConversationPhase, SmartGoalData } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { advisorTurn } from './advisor.ts';
import { emptyState, readConversation, SMART_ORDER } from './coach.ts';
import { classifyMessage, readGoalStatement } from './conversation.ts';
import { onboardingTurn } from './onboarding.ts';

const TODAY = new Date('2026-01-15T12:00:00Z');

/** The advisor over several turns, with the history the service keeps. */
function advise(lines: string[]) {
  const history: ChatMessage[] = [];
  const replies = lines.map((message) => {
    const reply = advisorTurn({ message, history: [...history], today: TODAY });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.reply });
    return reply;
  });
  return replies;
}

/** The onboarding chat over several turns, sending back what each reply returned, as the web does. */
function onboard(lines: string[]) {
  const messages: ChatMessage[] = [];
  let phase: ConversationPhase = 'initial';
  let smartGoalData: SmartGoalData | null = null;
  return lines.map((line) => {
    messages.push({ role: 'user', content: line });
    const reply = onboardingTurn(
      { messages: [...messages], phase, primaryClass: 'general', displayName: 'Aria', smartGoalData },
      TODAY,
    );
    messages.push({ role: 'assistant', content: reply.response });
    phase = reply.phase;
    smartGoalData = reply.smartGoalData;
    return reply;
  });
}

describe('the advisor: a new goal in the same conversation', () => {
  it('starts a new fitness plan in kilograms when a weight goal follows a savings plan', () => {
    const [savings, weight] = advise([
      'I want to save $5,000 by the end of the year',
      'I want to lose 5 kg by June 30',
    ]);
    expect(savings!.plan!.goal.category).toBe('finance');
    expect(weight!.plan!.goal).toMatchObject({
      category: 'fitness',
      metric: { target_value: 5, unit: 'kg' },
    });
    expect(weight!.plan!.milestones.at(-1)!.due_date).toBe('2026-06-30');
    expect(weight!.reply).toMatch(/new quest/i);
  });

  it('starts a course plan with no invented number after a reading plan', () => {
    const [, course] = advise([
      'Read 12 books by the end of the year',
      'I want to finish the CS50 course by 30 April',
    ]);
    expect(course!.plan!.goal).toMatchObject({
      category: 'education',
      metric: { target_value: 100, unit: '%' },
    });
    expect(course!.plan!.goal.title).toMatch(/CS50/);
    expect(course!.plan!.milestones.at(-1)!.label).toBe('Finish the CS50 course');
  });

  it('keeps every later goal in its own category, not the first one', () => {
    const replies = advise([
      'save $2,000 by June 1',
      'run a 10k by April 26',
      'meditate 10 minutes a day for 30 days',
      'launch my bakery website by 1 April',
    ]);
    expect(replies.map((r) => r.plan?.goal.category)).toEqual(['finance', 'fitness', 'habit', 'project']);
  });

  it('starts a new plan when a new goal comes instead of the answer to a pending question', () => {
    const [asked, weight] = advise(['I want to save money', 'Actually I want to lose 5 kg by June 30']);
    expect(asked!.plan).toBeNull();
    expect(asked!.reply).toMatch(/\?/);
    expect(weight!.plan!.goal).toMatchObject({
      category: 'fitness',
      metric: { target_value: 5, unit: 'kg' },
    });
  });

  it('still revises the same plan when the hero changes a part of it', () => {
    const [, revised] = advise(['Read 12 books by the end of the year', 'make it 20 books']);
    expect(revised!.plan!.goal).toMatchObject({
      category: 'education',
      metric: { target_value: 20, unit: 'books' },
    });
    expect(revised!.plan!.milestones.at(-1)!.due_date).toBe('2026-12-31');
  });
});

describe('the onboarding chat: a new goal in the same conversation', () => {
  it('starts afresh when a new goal is stated instead of answering the pending question', () => {
    const replies = onboard(['I want to read more books', 'I want to run a marathon by October 18']);
    expect(replies[0]!.response).toMatch(/\?/);
    const last = replies[1]!;
    expect(last.smartGoalData).toMatchObject({
      category: 'fitness',
      target: { value: 42.2, unit: 'km' },
      deadline: '2026-10-18',
    });
    expect(last.smartGoalData.specific).toMatch(/marathon/i);
  });

  it('starts a new goal after a ready one, forgetting the old reason and pace', () => {
    const replies = onboard([
      'I want to save $5,000 by the end of the year because I want a safety net',
      'yes',
      'I want to lose 8 kg by the end of June',
    ]);
    expect(replies[1]!.phase).toBe('ready');
    const last = replies[2]!;
    expect(last.phase).toBe('initial');
    expect(last.smartGoalData).toMatchObject({
      category: 'fitness',
      target: { value: 8, unit: 'kg' },
      relevant: null,
    });
    expect(last.response).toMatch(/new quest/i);
    expect(last.response.match(/\?/g)).toHaveLength(1);
  });
});

describe('classifyMessage', () => {
  const planned = readConversation(['Read 12 books by the end of the year'], TODAY, [
    'specific',
    'measurable',
    'timeBound',
  ]).state;
  const asking = readConversation(['I want to save money'], TODAY, SMART_ORDER).state;

  it('tells answers, revisions and new goals apart', () => {
    expect(classifyMessage(emptyState(), 'read 12 books', TODAY)).toBe('answer');
    expect(classifyMessage(asking, '$5,000', TODAY)).toBe('answer');
    expect(classifyMessage(planned, 'change the deadline to June 1', TODAY)).toBe('revise');
    expect(classifyMessage(planned, 'make it 20 books', TODAY)).toBe('revise');
    expect(classifyMessage(planned, 'finish the CS50 course by April 30', TODAY)).toBe('new-goal');
    expect(classifyMessage(asking, 'I want to lose 5 kg by June', TODAY)).toBe('new-goal');
    expect(classifyMessage(planned, 'new goal: learn to cook', TODAY)).toBe('new-goal');
  });

  it('takes a wish given as a reason for a reason, not a new goal', () => {
    const why = readConversation(['I want to lose 5 kg by June'], TODAY, SMART_ORDER).state;
    expect(why.pending).toBe('relevant');
    expect(classifyMessage(why, 'I want to run with my kids', TODAY)).toBe('answer');
    expect(classifyMessage(why, 'because I want to feel strong', TODAY)).toBe('answer');
  });
});

describe('readGoalStatement', () => {
  it('reads a goal stated on its own, with its area', () => {
    expect(readGoalStatement('I want to lose 5 kg by June', TODAY)).toEqual({
      domain: 'weight',
      complete: true,
    });
    expect(readGoalStatement('I want to learn Spanish', TODAY)).toEqual({
      domain: 'language',
      complete: false,
    });
  });

  it('finds no goal in answers, reasons and wishes without an area', () => {
    expect(readGoalStatement('yes', TODAY)).toBeNull();
    expect(readGoalStatement('12', TODAY)).toBeNull();
    expect(readGoalStatement('because I love stories', TODAY)).toBeNull();
    expect(readGoalStatement('I want to travel', TODAY)).toBeNull();
  });
});
