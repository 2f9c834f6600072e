// `node bench/toggle-chain.ts`: where a milestone toggle's time goes, distributed, hand-off by hand-off.
// The distributed mode is started as `npm run bench` starts it; a queue of this script's own is bound
// to the installation's exchange, so the moment each event reaches the broker is seen from outside:
//
//   request ─▶ toggle answered        quests: the milestone, its XP and the outbox row in one commit
//           ─▶ milestone.* published   quests' relay, told at commit (no polling), publish + confirm
//           ─▶ user.xp_changed         broker → auth's consumer → the ledger's transaction → auth's relay
//           ─▶ /api/auth/me shows it   the read (polled back to back from here)
//
// Each stage is printed as p50/p99 of the time since the request started and of the step alone
// (TOGGLES, default 100, after 10 of warm-up). What is left and why: docs/performance.md#toggle-chain.
import amqp from 'amqplib';
import { startDistributed } from './lib/distributed.ts';
import { callOk, percentiles } from './lib/load.ts';
import { seedThroughApi } from './lib/seed.ts';

const TOGGLES = Number(process.env.TOGGLES ?? 100);
const WARMUP = 10;

const lq = await startDistributed();
try {
  const gw = lq.gateway.url;
  const data = await seedThroughApi(gw, { heroes: 1, questsPerHero: 4, milestonesPerQuest: 3 });
  const hero = data.heroes[0]!;

  const connection = await amqp.connect(lq.infra.amqpUrl, { noDelay: true });
  const channel = await connection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of ['milestone.completed', 'milestone.reopened', 'user.xp_changed']) {
    await channel.bindQueue(queue, `${lq.infra.prefix}.events`, key);
  }
  const seen = new Map<string, (at: number) => void>();
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      const at = performance.now();
      const key = message.fields.routingKey.startsWith('milestone.') ? 'milestone' : 'xp';
      seen.get(key)?.(at);
      seen.delete(key);
    },
    { noAck: true },
  );
  const next = (key: string) => new Promise<number>((resolve) => seen.set(key, resolve));

  const me = async () =>
    (await callOk<{ totalXP: number }>(`${gw}/api/auth/me`, { headers: hero.headers })).totalXP;
  const stages = {
    answered: [] as number[],
    published: [] as number[],
    xp: [] as number[],
    read: [] as number[],
  };
  for (let i = 0; i < TOGGLES + WARMUP; i++) {
    const milestone = hero.milestoneIds[i % hero.milestoneIds.length]!;
    const before = await me();
    const milestoneSeen = next('milestone');
    const xpSeen = next('xp');
    const start = performance.now();
    const toggled = await callOk<{ xpDelta: number }>(`${gw}/api/milestones/${milestone}/toggle`, {
      method: 'POST',
      headers: hero.headers,
    });
    const answered = performance.now();
    if (toggled.xpDelta === 0) continue;
    const deadline = start + 10_000;
    while ((await me()) === before) {
      if (performance.now() > deadline) throw new Error('a toggle never reached /api/auth/me');
    }
    const read = performance.now();
    const [published, xp] = await Promise.all([milestoneSeen, xpSeen]);
    if (i < WARMUP) continue;
    stages.answered.push(answered - start);
    stages.published.push(published - start);
    stages.xp.push(xp - start);
    stages.read.push(read - start);
  }
  await connection.close();

  const line = (name: string, since: number[], previous?: number[]) => {
    const total = percentiles(since);
    const step = previous ? percentiles(since.map((t, i) => t - previous[i]!)) : total;
    return `${name.padEnd(28)} since request p50 ${total.p50.toFixed(2)} ms, p99 ${total.p99.toFixed(2)} ms; step p50 ${step.p50.toFixed(2)} ms, p99 ${step.p99.toFixed(2)} ms`;
  };
  process.stdout.write(`toggle chain, distributed, ${stages.read.length} toggles:\n`);
  process.stdout.write(`${line('toggle answered', stages.answered)}\n`);
  process.stdout.write(`${line('milestone.* on the broker', stages.published, stages.answered)}\n`);
  process.stdout.write(`${line('user.xp_changed on broker', stages.xp, stages.published)}\n`);
  process.stdout.write(`${line('/api/auth/me shows it', stages.read, stages.xp)}\n`);
} finally {
  await lq.close();
}
