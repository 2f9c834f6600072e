import { createAiModule } from '@lifequest/ai';
import { authModule } from '@lifequest/auth';
import { EVENTUALLY, type HeroCaller, startTestModules, type TestModules } from '@lifequest/platform/testing';
import { addDays, type CreatedGoal, Plan, type ReplanReply, toIsoDate } from '@lifequest/proto';
import { createQuestsModule } from '@lifequest/quests';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answer,
  type FakeOpenAi,
  type RecordedRequest,
  startFakeOpenAi,
} from '../../services/ai/src/providers/openai/fake-openai-server.ts';

// A quest that fell behind, re-planned by The Pathfinder (ai) and confirmed in place (quests), with
// auth's XP ledger counting: auth, quests and ai as modules over one database, the in-process bus and
// real HTTP between them. The clock of quests and ai is the test's, so milestones become overdue
// without waiting. Once with the offline Pathfinder, once with a model behind the OpenAI-compatible API.

const DAY0 = toIsoDate(new Date());
let today = DAY0;
const now = () => new Date(`${today}T09:00:00Z`);

/** What the scripted model answers to a re-plan: the open milestones, ten days apart from today. */
function modelReplan(request: RecordedRequest) {
  const facts = JSON.parse(request.body.messages.at(-1).content);
  const open = facts.quest.milestones.filter((m: { completed: boolean }) => !m.completed);
  return {
    reply: 'Here is a gentler path, hero.',
    reasons: ['Two milestones were overdue.'],
    milestones: open.map((m: { id: string; label: string; xp_reward: number }, i: number) => ({
      id: m.id,
      label: m.label,
      due_date: addDays(today, 10 * (i + 1)),
      xp_reward: m.xp_reward,
    })),
  };
}

for (const provider of ['offline', 'openai'] as const) {
  describe(`re-planning a quest that fell behind (${provider} Pathfinder)`, () => {
    let svc: TestModules;
    let model: FakeOpenAi | undefined;

    beforeAll(async () => {
      model = provider === 'openai' ? await startFakeOpenAi() : undefined;
      model?.setDefault((request) =>
        request.body.response_format?.json_schema?.name === 'replan'
          ? answer.completion(modelReplan(request), { prompt_tokens: 300, completion_tokens: 120 })
          : answer.status(500, 'only re-plans are scripted'),
      );
      svc = await startTestModules([authModule, createQuestsModule({ now }), createAiModule({ now })], {
        env: {
          AI_RATE_LIMIT_PER_MINUTE: '10000',
          ...(model
            ? { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'gpt-4o-mini' }
            : {}),
        },
      });
    });
    afterAll(async () => {
      await svc?.close();
      await model?.close();
    });

    async function newHero(): Promise<HeroCaller> {
      const id = crypto.randomUUID();
      await svc.database.query(
        `insert into auth.users (id, email, name, updated_at) values ($1::uuid, $2, 'Aria', now())`,
        [id, `${id}@example.com`],
      );
      return svc.hero(id);
    }

    /** A 5K quest with one milestone done and, once the clock moves on, two overdue. */
    async function questBehind(hero: HeroCaller): Promise<CreatedGoal> {
      today = DAY0;
      const created = await hero.post<CreatedGoal>('/api/goals', {
        title: 'Run a 5K',
        deadline: addDays(DAY0, 15),
        xpTotal: 150,
        milestones: [
          { title: 'Run 1K without stopping', dueDate: addDays(DAY0, 5), xpReward: 30 },
          { title: 'Run 3K', dueDate: addDays(DAY0, 10), xpReward: 40 },
          { title: 'Run the 5K', dueDate: addDays(DAY0, 15), xpReward: 50 },
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const toggled = await hero.post(`/api/milestones/${created.body.milestones[0]!.id}/toggle`);
      expect(toggled.status).toBe(200);
      today = addDays(DAY0, 20);
      return created.body;
    }

    const totalXp = async (hero: HeroCaller) => {
      await svc.settled();
      return (await hero.get('/api/auth/me')).body.totalXP as number;
    };

    it('keeps the done milestone, re-dates the overdue ones and updates the same quest, once', async () => {
      const hero = await newHero();
      const quest = await questBehind(hero);
      const [done, second, third] = quest.milestones;
      const xpBefore = await totalXp(hero);
      expect(xpBefore).toBeGreaterThanOrEqual(30);

      const res = await hero.post<ReplanReply>('/api/advisor/replan', {
        goal_id: quest.id,
        note: 'I fell behind',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const draft = res.body;
      expect(Plan.parse(draft.plan)).toEqual(draft.plan);
      expect(draft.plan.goal_id).toBe(quest.id);
      expect(draft.plan.milestones[0]).toEqual({
        id: done!.id,
        label: done!.title,
        due_date: done!.due_date,
        xp_reward: 30,
        is_completed: true,
      });
      expect(draft.plan.xp_policy.total_goal_xp).toBe(150);
      expect(draft.current.milestones.map((m) => m.id)).toEqual(quest.milestones.map((m) => m.id));
      expect(draft.reasons.length).toBeGreaterThan(0);
      expect((await hero.get('/api/plans/draft')).body.draftId).toBe(draft.draftId);

      const confirmed = await hero.post('/api/plans/confirm', { ...draft.plan, draftId: draft.draftId });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.goal.id).toBe(quest.id);
      const after = confirmed.body.milestones as CreatedGoal['milestones'];
      expect(after[0]).toEqual({ ...done, is_completed: true });
      const open = after.slice(1);
      expect(open.length).toBeGreaterThan(0);
      for (const m of open) {
        expect(m.is_completed).toBe(false);
        expect(m.due_date! >= today).toBe(true);
      }
      // The overdue milestones kept their ids (re-dated, not replaced) and moved later.
      const byId = new Map(open.map((m) => [m.id, m]));
      expect(byId.get(second!.id)!.due_date! > second!.due_date!).toBe(true);
      if (byId.has(third!.id)) expect(byId.get(third!.id)!.due_date! > third!.due_date!).toBe(true);
      expect(confirmed.body.goal.deadline).toBe(open.at(-1)!.due_date);

      const goals = (await hero.get('/api/goals')).body as { id: string }[];
      expect(goals.map((g) => g.id)).toEqual([quest.id]);
      expect(await totalXp(hero)).toBe(xpBefore);
      const card = (await hero.get('/api/dashboard')).body.goals[0];
      expect(card).toMatchObject({ totalXp: 30, completedMilestones: 1 });
      expect(card.goal.totalGoalXp).toBe(150);
      await vi.waitFor(
        async () => expect((await hero.get('/api/plans/draft')).body).toEqual({ plan: null, draftId: null }),
        EVENTUALLY,
      );

      // Confirming the same draft again changes nothing, not even after the hero moved on.
      await hero.post(`/api/milestones/${open[0]!.id}/toggle`);
      const detail = (await hero.get(`/api/goals/${quest.id}`)).body;
      const again = await hero.post('/api/plans/confirm', { ...draft.plan, draftId: draft.draftId });
      expect(again.status).toBe(200);
      expect(again.body.goal.id).toBe(quest.id);
      expect((await hero.get(`/api/goals/${quest.id}`)).body).toEqual(detail);
      await svc.settled();
      expect(
        svc.publishedOf('plan.confirmed').filter((e) => e.payload.draftId === draft.draftId),
      ).toHaveLength(1);
      expect(svc.publishedOf('goal.created').filter((e) => e.payload.userId === hero.userId)).toHaveLength(1);
    });

    it("a re-plan of another hero's quest is QUEST_NOT_FOUND, and so is confirming one onto it", async () => {
      const owner = await newHero();
      const quest = await questBehind(owner);
      const draft = (await owner.post<ReplanReply>('/api/advisor/replan', { goal_id: quest.id })).body;
      const stranger = await newHero();
      const res = await stranger.post('/api/advisor/replan', { goal_id: quest.id });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('QUEST_NOT_FOUND');
      const confirm = await stranger.post('/api/plans/confirm', draft.plan);
      expect(confirm.status).toBe(404);
      expect(confirm.body.code).toBe('QUEST_NOT_FOUND');
      expect((await stranger.get('/api/goals')).body).toEqual([]);
    });

    it('refuses a bad body with the error table', async () => {
      const hero = await newHero();
      const quest = await questBehind(hero);
      for (const body of [{}, { goal_id: 'nope' }, { goal_id: quest.id, new_deadline: 'soon' }]) {
        const res = await hero.post('/api/advisor/replan', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      const past = await hero.post('/api/advisor/replan', { goal_id: quest.id, new_deadline: DAY0 });
      expect(past.status).toBe(400);
    });

    it('moves the deadline to the one the hero asks for', async () => {
      const hero = await newHero();
      const quest = await questBehind(hero);
      const deadline = addDays(today, 45);
      const res = await hero.post<ReplanReply>('/api/advisor/replan', {
        goal_id: quest.id,
        new_deadline: deadline,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (provider === 'offline') {
        expect(res.body.deadline).toBe(deadline);
        expect(res.body.deadline_moved).toBe(true);
      }
    });

    if (provider === 'openai') {
      it('a model answer that breaks the schema is AI_OUTPUT_INVALID, and nothing changes', async () => {
        const hero = await newHero();
        const quest = await questBehind(hero);
        const before = (await hero.get(`/api/goals/${quest.id}`)).body;
        model!.enqueue(answer.completion({ reply: 'Here you go', milestones: 'soon' }));
        const res = await hero.post('/api/advisor/replan', { goal_id: quest.id });
        expect(res.status).toBe(502);
        expect(res.body.code).toBe('AI_OUTPUT_INVALID');
        // Valid JSON of the schema, but dates before today: also refused.
        model!.enqueue(
          answer.completion({
            reply: 'Back to the past',
            reasons: [],
            milestones: [{ id: null, label: 'Run 3K', due_date: DAY0, xp_reward: 90 }],
          }),
        );
        const past = await hero.post('/api/advisor/replan', { goal_id: quest.id });
        expect(past.body.code).toBe('AI_OUTPUT_INVALID');
        expect((await hero.get('/api/plans/draft')).body).toEqual({ plan: null, draftId: null });
        expect((await hero.get(`/api/goals/${quest.id}`)).body).toEqual(before);
      });
    }

    if (provider === 'offline') {
      it('the floating chat and the AI Coach find the quest meant, or ask which', async () => {
        const hero = await newHero();
        // Both quests fall behind: the novel's first milestone is overdue too once the clock moves on.
        today = DAY0;
        const novel = await hero.post<CreatedGoal>('/api/goals', {
          title: 'Write a novel',
          deadline: addDays(DAY0, 200),
          milestones: [
            { title: 'Outline the plot', dueDate: addDays(DAY0, 5), xpReward: 50 },
            { title: 'Finish the draft', dueDate: addDays(DAY0, 200), xpReward: 100 },
          ],
        });
        await questBehind(hero);
        expect(novel.status).toBe(201);

        const chat = await hero.post('/api/ai/pathfinder-conversation', {
          messages: [{ role: 'user', content: 'I fell behind on my 5k' }],
        });
        expect(chat.status, JSON.stringify(chat.body)).toBe(200);
        expect(chat.body.actions).toEqual([
          {
            type: 'REPLAN_GOAL',
            payload: { goalId: expect.any(String), draftId: expect.any(String), title: 'Run a 5K' },
          },
        ]);

        const vague = await hero.post('/api/ai/pathfinder-conversation', {
          messages: [{ role: 'user', content: "I'm falling behind" }],
        });
        expect(vague.body.actions).toEqual([]);
        expect(vague.body.reply).toContain('"Run a 5K"');
        expect(vague.body.reply).toContain('"Write a novel"');
        const named = await hero.post('/api/ai/pathfinder-conversation', {
          messages: [
            { role: 'user', content: "I'm falling behind" },
            { role: 'assistant', content: vague.body.reply },
            { role: 'user', content: 'the novel' },
          ],
        });
        expect(named.body.actions[0].payload).toMatchObject({
          goalId: novel.body.id,
          title: 'Write a novel',
        });

        // Asking for time without naming a quest may revise a plan being shaped: it is the coach's.
        const revise = await hero.post('/api/advisor/message', {
          message: 'push back the deadline to August',
        });
        expect(revise.body.plan?.goal_id).toBeUndefined();

        const coach = await hero.post('/api/advisor/message', { message: 'I need more time for the novel' });
        expect(coach.status).toBe(200);
        expect(coach.body.needs_confirmation).toBe(true);
        expect(coach.body.plan.goal_id).toBe(novel.body.id);
        expect((await hero.get('/api/plans/draft')).body.draftId).toBe(coach.body.draftId);

        // The time asked for in the message is the new deadline: the 5K's has passed, so from today.
        const weeks = await hero.post('/api/advisor/message', {
          message: 'I fell behind on my 5k, could I get another 3 weeks?',
        });
        expect(weeks.status, JSON.stringify(weeks.body)).toBe(200);
        expect(weeks.body.plan.milestones.at(-1).due_date).toBe(addDays(today, 21));
      });
    }
  });
}
