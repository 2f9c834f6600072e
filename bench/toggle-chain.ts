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
// (TOGGLES, default 100, after 10 of warm-up), then the CPU every process on the machine spent per
// toggle (from /proc, the /me reads included). What is left and why: docs/performance.md#toggle-chain.
import { readdirSync } from 'node:fs';
import amqp from 'amqplib';
import { startDistributed } from './lib/distributed.ts';
import { callOk, percentiles } from './lib/load.ts';
import { procStat } from './lib/processes.ts';
import { seedThroughApi } from './lib/seed.ts';

const TOGGLES = Number(process.env.TOGGLES ?? 100);
const WARMUP = 10;

/**
 * CPU seconds (user + system) of every process on the machine, by what it is: a LifeQuest target by its
 * name, the rest by their command (postgres, beam.smp, redis-server, this script).
 */
function cpuByProcess(names: Map<number, string>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: ReturnType<typeof procStat>;
    try {
      stat = procStat(`/proc/${pid}/stat`);
    } catch {
      continue; // gone meanwhile
    }
    const name = pid === process.pid ? 'this script' : (names.get(pid) ?? stat.name);
    totals.set(name, (totals.get(name) ?? 0) + stat.user + stat.system);
  }
  return totals;
}

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
  const names = new Map<number, string>([[lq.gateway.pid, 'gateway']]);
  for (const [target, running] of lq.targets) names.set(running.pid, target);
  let cpuBefore = new Map<string, number>();
  const stages = {
    answered: [] as number[],
    published: [] as number[],
    xp: [] as number[],
    read: [] as number[],
  };
  for (let i = 0; i < TOGGLES + WARMUP; i++) {
    const milestone = hero.milestoneIds[i % hero.milestoneIds.length]!;
    if (i === WARMUP) cpuBefore = cpuByProcess(names);
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
  const cpuAfter = cpuByProcess(names);
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
  // /proc counts in ticks of 10 ms: over a hundred toggles, a tenth of a millisecond a toggle.
  const cpu = [...cpuAfter]
    .map(
      ([name, seconds]) =>
        [name, ((seconds - (cpuBefore.get(name) ?? 0)) * 1000) / stages.read.length] as const,
    )
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  const sum = cpu.reduce((total, [, ms]) => total + ms, 0);
  process.stdout.write(
    `CPU a toggle (its /me reads included), ms: ${cpu.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')}; all ${sum.toFixed(2)}\n`,
  );
} finally {
  await lq.close();
}
