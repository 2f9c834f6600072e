import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { HeroClient } from '@lifequest/app/testing';
import { composeRequiredVariables } from '@lifequest/deploy/local-run';
import { describeWithInfra, resolveInfra } from '@lifequest/platform/testing';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, expect, vi } from 'vitest';
import { LocalDeployment } from './support/deployment.ts';
import { journey } from './support/journey.ts';

// The distributed end-to-end run, `npm run e2e:distributed` (this file alone; `npm test` runs it too). The
// distributed mode as docker-compose.yml deploys it, without Docker: the migration step, then every
// target as its own process with its container's command and environment (e2e/support/deployment.ts),
// on PostgreSQL, RabbitMQ and Redis, and a whole journey through the gateway. Each step prints a line.
// E2E_PORT_BASE=8140 puts the processes on 8140, 8141, ... (free ports otherwise).

const ADMIN_EMAIL = 'warden@lifequest.test';
/** What an operator's `.env` holds (see docs/operations.md#docker-compose). */
const vars: Record<string, string> = {
  ...Object.fromEntries(composeRequiredVariables().map((name) => [name, randomBytes(24).toString('hex')])),
  ADMIN_EMAILS: ADMIN_EMAIL,
  // The offline Pathfinder is free; priced here so the admin's cost figures are not all zero.
  AI_PRICES: JSON.stringify({ 'offline-pathfinder': { input: 150, output: 600 } }),
};
/** The ai-worker's BullMQ queue of stories (docs/operations.md#scaling-the-ai-service). */
const STORY_QUEUE = 'ai-stories';

type Message = { role: 'user' | 'assistant'; content: string };
const START_QUEST = "I'm ready. Let's start this quest!";

await describeWithInfra(
  'postgres',
  'the distributed journey, as docker-compose.yml runs it',
  (postgresUrl) => {
    const steps = journey('e2e:distributed');
    const step = steps.step;
    let lq: LocalDeployment | undefined;
    const deployment = () => {
      if (!lq) throw new Error('not deployed');
      return lq;
    };
    afterAll(async () => {
      if (steps.failed && lq) steps.print(`the processes' last lines:\n${lq.logs()}`);
      await lq?.dispose();
    });
    const gatewayUrl = () => deployment().process('gateway').url;

    let nadia: Hero;
    let omar: Hero;
    let admin: HeroClient;

    step(
      'migrate: node app/src/migrate.ts runs once, first',
      async () => {
        const [amqpUrl, redisUrl] = await Promise.all([resolveInfra('rabbitmq'), resolveInfra('redis')]);
        if (!amqpUrl || !redisUrl)
          throw new Error('the distributed journey needs RabbitMQ and Redis as well');
        const portBase = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) : undefined;
        lq = await LocalDeployment.plan({ postgresUrl, amqpUrl, redisUrl, vars, portBase });
        const [first] = lq.waves;
        expect(first?.map((p) => p.command.join(' '))).toEqual(['node app/src/migrate.ts']);
        await lq.start(first!);
        const db = new URL(lq.database.url).pathname.slice(1);
        return `exit 0, every schema in database ${db}; INFRA_PREFIX ${lq.infra.prefix}`;
      },
      120_000,
    );

    step(
      'start: node app/src/main.ts --target <t>, each its own process, in compose order',
      async () => {
        const started: string[] = [];
        for (const wave of deployment().waves.slice(1)) {
          await deployment().start(wave);
          started.push(wave.map((p) => `${p.service} :${p.port}`).join(', '));
        }
        for (const target of ['gateway', 'auth', 'quests', 'social', 'ai', 'ai-worker', 'admin']) {
          const p = deployment()
            .waves.flat()
            .find((q) => q.service === target);
          expect(p?.command, target).toEqual(['node', 'app/src/main.ts', '--target', target]);
        }
        return `${started.join(' → ')}, all ready`;
      },
      180_000,
    );

    step('register: two heroes through the gateway', async () => {
      const register = async (name: string): Promise<Hero> => {
        const client = new HeroClient(gatewayUrl());
        const { user, email } = await client.register(name);
        expect((await client.get('/api/auth/me')).body).toMatchObject({
          id: user.id,
          name,
          isOnboarded: false,
          totalXP: 0,
        });
        return { client, id: user.id, email, questId: '' };
      };
      nadia = await register('Nadia');
      omar = await register('Omar');
      return 'Nadia and Omar are signed in, not yet onboarded';
    });

    step('onboarding: the Pathfinder to ready, complete-onboarding, first quest', async () => {
      const shown: string[] = [];
      for (const [hero, name, lines] of [
        [nadia, 'Nadia', ['Run a 10K in under an hour', 'in 4 months', 'my doctor told me to move more']],
        [omar, 'Omar', ['I want to lose 5 kg in 3 months', 'to feel confident at the beach', 'yes']],
      ] as const) {
        const finalGoal = await pathfinderToComplete(hero.client, name, lines);
        const done = await hero.client.post('/api/auth/complete-onboarding', {
          displayName: name,
          primaryClass: 'general',
          firstGoal: {
            title: finalGoal.title,
            deadline: finalGoal.deadline,
            className: 'general',
            milestones: finalGoal.milestones.map((title, i) => ({
              id: `m${i + 1}`,
              title,
              completed: false,
            })),
          },
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.user.isOnboarded).toBe(true);
        const goals = (await hero.client.get('/api/goals')).body;
        expect(goals).toMatchObject([{ title: finalGoal.title, is_completed: false, progress: 0 }]);
        hero.questId = goals[0].id;
        shown.push(`${name}: '${finalGoal.title}' (${finalGoal.milestones.length} milestones)`);
      }
      return shown.join('; ');
    });

    step('quest and XP: milestone toggles move totalXP in /api/auth/me', async () => {
      const hero = nadia.client;
      const milestones = ((await hero.get('/api/milestones')).body as Milestone[]).filter(
        (m) => m.goal_id === nadia.questId,
      );
      expect(milestones.length).toBeGreaterThan(1);
      let expected = 0;
      const seen: number[] = [];
      for (const milestone of milestones) {
        const toggled = await hero.post(`/api/milestones/${milestone.id}/toggle`);
        expect(toggled.status).toBe(200);
        expected += toggled.body.xpDelta;
        await expect
          .poll(async () => (await hero.get('/api/auth/me')).body.totalXP, { timeout: 15_000 })
          .toBe(expected);
        seen.push(expected);
      }
      expect(expected).toBe(100);
      expect((await hero.get('/api/auth/me')).body.lifeLevel).toBe(2);
      expect((await hero.get(`/api/goals`)).body).toMatchObject([
        { id: nadia.questId, is_completed: true, progress: 100 },
      ]);
      return `totalXP 0 → ${seen.join(' → ')}, level 2, quest completed`;
    });

    step('advisor plan: message, plan, confirm, dashboard', async () => {
      const hero = omar.client;
      const proposal = await hero.post('/api/advisor/message', {
        message: 'I want to save $3,000 in 6 months',
      });
      expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
      expect(proposal.body).toMatchObject({ needs_confirmation: true, draftId: expect.any(String) });
      const plan = proposal.body.plan;
      expect((await hero.get('/api/plans/draft')).body.plan).toEqual(plan);
      const confirmed = await hero.post('/api/plans/confirm', { ...plan, draftId: proposal.body.draftId });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      omar.questId = confirmed.body.goal.id;
      expect(confirmed.body.milestones).toHaveLength(plan.milestones.length);
      const dashboard = (await hero.get('/api/dashboard')).body.goals as {
        goal: { id: string; title: string };
        totalMilestones: number;
      }[];
      expect(dashboard.find((item) => item.goal.id === omar.questId)).toMatchObject({
        goal: { title: plan.goal.title, totalGoalXp: plan.xp_policy.total_goal_xp },
        totalMilestones: plan.milestones.length,
        completedMilestones: 0,
      });
      // The draft lives in ai; quests' plan.confirmed clears it, over RabbitMQ.
      await expect
        .poll(async () => (await hero.get('/api/plans/draft')).body, { timeout: 15_000 })
        .toEqual({ plan: null, draftId: null });
      return `'${plan.goal.title}', ${plan.milestones.length} milestones, ${plan.xp_policy.total_goal_xp} XP, on the dashboard; draft cleared`;
    });

    step('story: written by the ai-worker process, then in the history', async () => {
      const hero = nadia.client;
      const asked = await hero.post('/api/narrative/generate', { achievement_id: nadia.questId });
      expect([201, 202], JSON.stringify(asked.body)).toContain(asked.status);
      const storyId: string = asked.status === 201 ? asked.body.story.id : asked.body.jobId;
      await expect
        .poll(async () => (await hero.get(`/api/narrative/jobs/${storyId}`)).status, { timeout: 30_000 })
        .toBe(200);
      const story = (await hero.get(`/api/narrative/jobs/${storyId}`)).body.story;
      expect(story).toMatchObject({
        id: storyId,
        narrative_type: 'single_achievement',
        achievements_count: 1,
      });
      expect(story.story).toContain('Nadia');
      expect((await hero.get('/api/narrative/history')).body).toEqual([story]);
      // The job id is the story id; BullMQ records which worker process ran it.
      const queue = new Queue(STORY_QUEUE, {
        connection: { url: deployment().redisUrl },
        prefix: deployment().infra.prefix,
      });
      try {
        const worker = deployment().process('ai-worker').child.pid;
        expect((await queue.getJob(storyId))?.processedBy).toBe(`${hostname()}:${worker}`);
        expect(deployment().process('ai').child.pid).not.toBe(worker);
        return `a ${story.narrative_type} story (${story.story.length} characters), job ${storyId.slice(0, 8)} run by ai-worker (pid ${worker})`;
      } finally {
        await queue.close();
      }
    });

    step('friends: a request by e-mail, accepted', async () => {
      const request = await nadia.client.post('/api/friends/request', { email: omar.email });
      expect(request.status, JSON.stringify(request.body)).toBe(201);
      const incoming = (await omar.client.get('/api/friends/requests')).body;
      expect(incoming).toMatchObject([{ id: request.body.requestId, requester: { name: 'Nadia' } }]);
      const accepted = await omar.client.patch(`/api/friends/requests/${request.body.requestId}`, {
        action: 'accept',
      });
      expect(accepted.body).toEqual({ status: 'accepted' });
      expect((await nadia.client.get('/api/friends')).body).toMatchObject([{ id: omar.id, name: 'Omar' }]);
      // Nadia's XP reached social as events, like her name.
      await expect
        .poll(async () => (await omar.client.get('/api/friends')).body, { timeout: 15_000 })
        .toMatchObject([{ id: nadia.id, name: 'Nadia', totalXP: 100, lifeLevel: 2 }]);
      return 'request sent, accepted; Nadia ↔ Omar';
    });

    step("feed: a friend's milestone in the feed, liked", async () => {
      const [first] = ((await omar.client.get('/api/milestones')).body as Milestone[]).filter(
        (m) => m.goal_id === omar.questId,
      );
      expect((await omar.client.post(`/api/milestones/${first!.id}/toggle`)).status).toBe(200);
      // quests → RabbitMQ → social's feed.
      const reached = await vi.waitFor(
        async () => {
          const feed = (await nadia.client.get('/api/social/feed')).body as Activity[];
          const activity = feed.find((a) => a.type === 'milestone_reached' && a.user.name === 'Omar');
          expect(activity).toBeDefined();
          return activity!;
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(reached.description).toContain(first!.title);
      const like = await nadia.client.post(`/api/social/activities/${reached.id}/like`);
      expect(like.body).toEqual({ liked: true, likes: 1 });
      const own = ((await omar.client.get('/api/social/feed')).body as Activity[]).find(
        (a) => a.id === reached.id,
      );
      expect(own).toMatchObject({ likes: 1, hasLiked: false });
      return `'${reached.title}: ${reached.description}' liked by Nadia (likes 1)`;
    });

    let costBefore: { total_cost: number; total_tokens: number; total_requests: number };
    step('admin stats: sign-in with ADMIN_PASSWORD, users and AI cost', async () => {
      admin = new HeroClient(gatewayUrl());
      const login = await admin.post('/api/auth/login', {
        email: ADMIN_EMAIL,
        password: vars.ADMIN_PASSWORD,
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect((await admin.get('/api/auth/me')).body.isAdmin).toBe(true);
      expect((await nadia.client.get('/api/admin/users')).status).toBe(403);

      // What ai metered (its own table) is what admin shows, once ai.usage.recorded has arrived.
      const metered = await aiUsage(deployment().database.url);
      expect(metered.total_requests).toBeGreaterThan(0);
      expect(metered.total_cost).toBeGreaterThan(0);
      await expect
        .poll(async () => (await admin.get('/api/admin/token-stats')).body.total_stats, { timeout: 20_000 })
        .toEqual({ ...metered, total_cost: expect.closeTo(metered.total_cost, 9) });
      costBefore = (await admin.get('/api/admin/token-stats')).body.total_stats;

      const rows = await vi.waitFor(
        async () => {
          const heroes = await heroRows(admin);
          expect(heroes).toMatchObject({
            Nadia: { email: nadia.email, is_onboarded: true, total_xp: 100, life_level: 2, goal_count: 1 },
            Omar: { email: omar.email, is_onboarded: true, goal_count: 2 },
          });
          return heroes;
        },
        { timeout: 20_000, interval: 200 },
      );
      for (const row of Object.values(rows)) {
        expect(row.total_tokens).toBeGreaterThan(0);
        expect(row.total_cost).toBeGreaterThan(0);
      }
      return (
        `${metered.total_requests} AI calls, ${metered.total_tokens} tokens, $${costBefore.total_cost.toFixed(4)}; ` +
        Object.entries(rows)
          .map(([name, r]) => `${name} ${r.total_tokens} tokens $${r.total_cost.toFixed(4)}`)
          .join(', ')
      );
    });

    step("admin deletion: the hero's session ends, the cost totals stay", async () => {
      const asked = await admin.delete(`/api/admin/users/${omar.id}`);
      expect([200, 202], JSON.stringify(asked.body)).toContain(asked.status);
      // admin → user.deletion_requested → every service purges → auth's user.deleted ends the sessions.
      await expect
        .poll(async () => (await omar.client.get('/api/auth/me')).status, { timeout: 30_000 })
        .toBe(401);
      await expect
        .poll(async () => (await admin.delete(`/api/admin/users/${omar.id}`)).body.status, {
          timeout: 30_000,
        })
        .toBe('completed');
      expect(Object.keys(await heroRows(admin))).toEqual(['Nadia']);
      await expect
        .poll(async () => (await nadia.client.get('/api/friends')).body, { timeout: 15_000 })
        .toEqual([]);
      const after = (await admin.get('/api/admin/token-stats')).body.total_stats;
      expect(after).toEqual({ ...costBefore, total_cost: expect.closeTo(costBefore.total_cost, 9) });
      return `Omar's session 401, gone from users and Nadia's friends; totals still $${after.total_cost.toFixed(4)}, ${after.total_tokens} tokens`;
    });

    step('stop: SIGTERM, every process drains and exits 0', async () => {
      const codes = await deployment().stop();
      expect(Object.fromEntries(codes)).toEqual(Object.fromEntries([...codes.keys()].map((k) => [k, 0])));
      expect(codes.size).toBe(7);
      return `${[...codes.keys()].join(', ')} exited 0`;
    });

    /** Plays the hero's lines until the Pathfinder is ready, then starts the quest it showed. */
    async function pathfinderToComplete(hero: HeroClient, displayName: string, lines: readonly string[]) {
      const messages: Message[] = [];
      let reply: { response: string; phase: string; smartGoalData: unknown; finalGoal: FinalGoal | null } = {
        response: '',
        phase: 'initial',
        smartGoalData: {
          specific: null,
          measurable: null,
          achievable: null,
          relevant: null,
          timeBound: null,
        },
        finalGoal: null,
      };
      const turn = async (content: string) => {
        messages.push({ role: 'user', content });
        const res = await hero.post('/api/ai/pathfinder-conversation', {
          messages,
          phase: reply.phase,
          primaryClass: 'general',
          displayName,
          smartGoalData: reply.smartGoalData,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        reply = res.body;
        messages.push({ role: 'assistant', content: reply.response });
      };
      for (const line of lines) {
        await turn(line);
        if (reply.phase === 'ready') break;
      }
      expect(reply.phase).toBe('ready');
      const shown = reply.finalGoal;
      await turn(START_QUEST);
      expect(reply.phase).toBe('complete');
      expect(reply.finalGoal).toEqual(shown);
      return reply.finalGoal!;
    }
  },
);

interface Hero {
  client: HeroClient;
  id: string;
  email: string;
  /** Their first quest (Nadia's) or the advisor's (Omar's). */
  questId: string;
}
interface FinalGoal {
  title: string;
  deadline: string | null;
  milestones: string[];
}
interface Milestone {
  id: string;
  goal_id: string;
  title: string;
}
interface Activity {
  id: string;
  type: string;
  title: string;
  description: string;
  likes: number;
  hasLiked: boolean;
  user: { name: string };
}
interface AdminRow {
  email: string;
  total_tokens: number;
  total_cost: number;
}

/** The admin's user rows of the journey's heroes (not the admin's own), by name. */
async function heroRows(admin: HeroClient): Promise<Record<string, AdminRow>> {
  const rows = (await admin.get('/api/admin/users')).body as (AdminRow & {
    name: string;
    is_admin: boolean;
  })[];
  return Object.fromEntries(rows.filter((r) => !r.is_admin).map((r) => [r.name, r]));
}

/** What the ai service metered, straight from its own table. */
async function aiUsage(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select count(*)::int as total_requests, sum(total_tokens)::int as total_tokens, sum(cost_usd)::float as total_cost from ai.token_usage',
    );
    return rows[0] as { total_requests: number; total_tokens: number; total_cost: number };
  } finally {
    await client.end();
  }
}
