import { describe, expect, it } from 'vitest';
import { advisorPrompt, floatingChatPrompt, onboardingPrompt, replanPrompt } from './prompts.ts';

// The model is told the same distinctions the offline Pathfinder makes: what a message asks for, that a
// correction replaces what it corrects, and that a title keeps the hero's own words.
describe('the advisor prompt', () => {
  const [system] = advisorPrompt(
    { message: 'I keep skipping my runs, any tips?', history: [] },
    new Date('2026-01-15T09:00:00Z'),
  );

  it('answers advice, questions and small talk without a plan', () => {
    expect(system!.content).toMatch(/Advice .* small talk get an answer in reply/s);
    expect(system!.content).toMatch(/plan is\s+null: they are never turned into a new plan/);
  });

  it("states corrections, same-kind new goals and titles in the hero's words", () => {
    expect(system!.content).toMatch(/A correction replaces what it corrects/);
    expect(system!.content).toMatch(/even when it is of the same kind/);
    expect(system!.content).toMatch(/never start with "I would like to"/);
  });
});

describe("the hero's language", () => {
  const today = new Date('2026-01-15T09:00:00Z');
  const system = (locale: 'en' | 'es' | 'de') => [
    advisorPrompt({ message: 'Hola', history: [] }, today, locale)[0]!.content,
    floatingChatPrompt({ messages: [] }, today, locale)[0]!.content,
    onboardingPrompt(
      { messages: [], phase: 'initial', primaryClass: 'general', displayName: 'Ana', smartGoalData: null },
      today,
      locale,
    )[0]!.content,
    replanPrompt(
      {
        quest: {
          goal: { title: 'Run', deadline: '2026-06-01', start_date: null },
          milestones: [],
        } as never,
        newDeadline: null,
        note: null,
      },
      today,
      locale,
    )[0]!.content,
  ];

  it('asks every chat of The Pathfinder to answer in Spanish or German, and English prompts stay as they were', () => {
    for (const text of system('es')) expect(text).toContain('Answer in Spanish');
    for (const text of system('de')) expect(text).toContain('Answer in German');
    for (const text of system('en')) expect(text).not.toMatch(/Answer in/);
  });
});
