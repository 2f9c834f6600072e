import { AdvisorReply, type ChatMessage, Plan } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { advisorTurn } from './advisor.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');

function talk(lines: string[]) {
  const history: ChatMessage[] = [];
  let reply = advisorTurn({ message: lines[0]!, history: [], today: TODAY });
  for (const line of lines.slice(1)) {
    history.push(
      { role: 'user', content: lines[history.length / 2]! },
      { role: 'assistant', content: reply.reply },
    );
    reply = advisorTurn({ message: line, history: [...history], today: TODAY });
  }
  expect(AdvisorReply.omit({ draftId: true }).safeParse(reply).success).toBe(true);
  return reply;
}

describe('advisorTurn', () => {
  const statements = [
    'I want to save $5,000 by the end of the year',
    'Read 24 books in the next 12 months',
    'run 5k under 30 minutes by June',
    'I want to meditate 10 minutes every day for the next 60 days',
    'Reach B1 in French by December',
    'launch my bakery website in 3 months',
  ];
  for (const statement of statements) {
    it(`proposes a plan that matches the product's Plan for "${statement}"`, () => {
      const reply = talk([statement]);
      expect(reply.needs_confirmation).toBe(true);
      // The contract the confirm endpoint validates, with every milestone dated.
      expect(Plan.parse(reply.plan)).toEqual(reply.plan);
      const plan = reply.plan!;
      expect(plan.milestones.every((m) => m.due_date !== null)).toBe(true);
      expect(plan.milestones.reduce((sum, m) => sum + m.xp_reward, 0)).toBe(plan.xp_policy.total_goal_xp);
      expect(plan.habits.length).toBeGreaterThan(0);
      expect(reply.reply).toContain(plan.goal.title);
    });
  }

  it("uses unit 'min:s' with the time in seconds for a running time", () => {
    const plan = talk(['run 5k under 30 minutes by June']).plan!;
    expect(plan.goal.metric).toEqual({ target_value: 1800, unit: 'min:s' });
    expect(plan.goal.category).toBe('fitness');
  });

  it('classifies category and difficulty', () => {
    expect(talk(['I want to save $5,000 by the end of the year']).plan!.goal).toMatchObject({
      category: 'finance',
      difficulty: 'medium',
      metric: { target_value: 5000, unit: '$' },
    });
    expect(talk(['Read 24 books in the next 12 months']).plan!.goal).toMatchObject({
      category: 'education',
      difficulty: 'easy',
    });
    expect(talk(['I want to meditate 10 minutes every day for the next 60 days']).plan!.goal.category).toBe(
      'habit',
    );
    expect(talk(['launch my bakery website in 3 months']).plan!.goal).toMatchObject({
      category: 'project',
      metric: { target_value: 100, unit: '%' },
    });
  });

  it('asks a follow-up question instead of proposing a plan while something is missing', () => {
    const reply = talk(['I want to learn Spanish']);
    expect(reply.needs_confirmation).toBe(false);
    expect(reply.plan).toBeNull();
    expect(reply.reply).toMatch(/\?/);
  });

  it('builds the plan over several messages from the history', () => {
    const reply = talk(['I want to learn Spanish', '1000 words', 'by September 1']);
    expect(reply.needs_confirmation).toBe(true);
    expect(reply.plan!.goal.metric).toEqual({ target_value: 1000, unit: 'words' });
    expect(reply.plan!.milestones.at(-1)!.due_date).toBe('2025-09-01');
  });

  it('revises the plan when the hero changes the deadline', () => {
    const reply = talk(['Read 24 books in the next 12 months', 'Can we change the deadline to December 31?']);
    expect(reply.plan!.milestones.at(-1)!.due_date).toBe('2025-12-31');
  });

  it('pushes back on an unrealistic target and proposes no plan', () => {
    const reply = talk(['lose 40 kg in 2 weeks']);
    expect(reply.needs_confirmation).toBe(false);
    expect(reply.plan).toBeNull();
    expect(reply.reply).toMatch(/safe/);
  });

  it('asks for a goal when the message is vague', () => {
    const reply = talk(['idk, I just want to be better']);
    expect(reply.plan).toBeNull();
    expect(reply.reply).toMatch(/\?/);
  });

  it('answers self-harm with crisis support and no plan', () => {
    const reply = talk(['I want to save $5,000 by the end of the year', "I don't want to be alive anymore"]);
    expect(reply.plan).toBeNull();
    expect(reply.needs_confirmation).toBe(false);
    expect(reply.reply).toMatch(/988/);
  });
});
