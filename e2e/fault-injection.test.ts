import { type DistributedLifeQuest, HeroClient, startDistributed } from '@lifequest/app/testing';
import { RabbitMqEventBus } from '@lifequest/platform';
import { describeWithInfra, resolveInfra, startTcpProxy, type TcpProxy } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The fault injection (docs/reliability.md) on the distributed mode: gateway, auth and quests as their own processes on
// PostgreSQL, RabbitMQ (reached through a TCP proxy the test cuts) and Redis. 50 heroes toggle milestones
// while the broker connection is cut 5 times, auth (the XP consumer) is killed with SIGKILL 3 times and
// restarted, and every service connection to PostgreSQL is terminated once. Afterwards every hero's XP
// must add up exactly, from the schemas themselves; and no toggle is answered with a 5xx other than 503
// (a dropped database connection is SERVICE_UNAVAILABLE with Retry-After, never a 500).
//
// FAULT_TOGGLES sets the number of toggles: `npm run fault` runs 10,000; inside `npm test`
// it is 1,000 so CI stays quick. The faults are spread evenly over the toggles: the heroes wait at each
// tenth of the run until the fault due there has happened, so every fault lands mid-stream.

const TOGGLES = Number(process.env.FAULT_TOGGLES ?? 1_000);
const HEROES = 50;
const MILESTONES = 4;
const FAULTS = ['cut', 'kill', 'cut', 'pg', 'kill', 'cut', 'cut', 'kill', 'cut'] as const;
/** How long the run may take to settle after the last toggle before the check counts what is missing. */
const QUIESCENCE_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

await describeWithInfra('postgres', 'fault injection, distributed', (postgresUrl) => {
  let lq: DistributedLifeQuest;
  let proxy: TcpProxy;
  let sql: pg.Client;
  let broker: RabbitMqEventBus;

  beforeAll(async () => {
    const amqpUrl = (await resolveInfra('rabbitmq')) ?? 'amqp://guest:guest@127.0.0.1:5672';
    const amqp = new URL(amqpUrl);
    proxy = await startTcpProxy({ host: amqp.hostname, port: Number(amqp.port || 5672) });
    lq = await startDistributed(
      postgresUrl,
      ['auth', 'quests'],
      {},
      {
        brokerUrl: (url) => {
          const through = new URL(url);
          through.hostname = '127.0.0.1';
          through.port = String(proxy.port);
          return through.toString();
        },
      },
    );
    sql = new pg.Client({ connectionString: lq.database.url });
    await sql.connect();
    broker = await RabbitMqEventBus.connect({ url: amqpUrl, prefix: lq.infraPrefix });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await broker?.close();
    await lq?.close();
    await proxy?.close();
  });

  /** auth's queues as the broker itself reports them (a bus of the test's own on the run's prefix). */
  async function authQueues() {
    const [stats] = await broker.stats(['auth']);
    return stats ?? { consumer: 'auth', queued: 0, deadLetters: 0 };
  }

  /** Per hero: what the ledger sums to, and what quests' completed milestones and quests are worth. */
  async function books() {
    const { rows } = await sql.query<{
      user_id: string;
      ledger: number;
      earned: number;
      lines: number;
      kept_lines: number;
    }>(`
      with earned as (
        select user_id, sum(xp_awarded) as xp from quests.milestones where is_completed group by user_id
        union all
        select user_id, sum(completion_bonus_xp) from quests.goals where is_completed group by user_id
        union all
        select user_id, sum(xp_bonus) from quests.progress_entries group by user_id
      )
      select u.id as user_id,
             coalesce((select sum(amount) from auth.xp_ledger l where l.user_id = u.id), 0)::int as ledger,
             coalesce((select sum(xp) from earned e where e.user_id = u.id::uuid), 0)::int as earned,
             (select count(*) from auth.xp_ledger l where l.user_id = u.id)::int as lines,
             coalesce((select lines from auth.xp_totals t where t.user_id = u.id), 0) as kept_lines
      from auth.users u`);
    return rows;
  }

  it(`${TOGGLES} toggles by ${HEROES} heroes through broker cuts, consumer kills and a PostgreSQL drop`, async () => {
    const heroes: { client: HeroClient; milestones: string[] }[] = [];
    for (let i = 0; i < HEROES; i++) {
      const client = new HeroClient(lq.gateway.url, 'bearer');
      await client.register(`Hero ${i}`);
      const goal = await client.post('/api/goals', {
        title: `Quest ${i}`,
        milestones: Array.from({ length: MILESTONES }, (_, m) => `Step ${m + 1}`),
      });
      expect(goal.status).toBe(201);
      heroes.push({ client, milestones: goal.body.milestones.map((m: { id: string }) => m.id) });
    }

    let issued = 0;
    let faultsDone = 0;
    const statuses = new Map<string, number>();
    const gate = () => Math.floor(((faultsDone + 1) * TOGGLES) / (FAULTS.length + 1));
    const counts = { cuts: 0, kills: 0, pgDrops: 0, terminated: 0 };

    const toggler = async (hero: (typeof heroes)[number], seed: number) => {
      let n = seed;
      while (issued < TOGGLES) {
        if (faultsDone < FAULTS.length && issued >= gate()) {
          await sleep(20);
          continue;
        }
        issued++;
        n = (n * 1103515245 + 12345) % 2 ** 31;
        const milestone = hero.milestones[n % MILESTONES]!;
        let key: string;
        try {
          key = String((await hero.client.post(`/api/milestones/${milestone}/toggle`)).status);
        } catch (error) {
          key = `network: ${(error as Error).message}`;
        }
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    };

    const faults = async () => {
      for (const fault of FAULTS) {
        while (issued < gate()) await sleep(20);
        if (fault === 'cut') {
          await proxy.down();
          await sleep(1_000);
          await proxy.up();
          counts.cuts++;
        } else if (fault === 'kill') {
          await lq.target('auth').stop('SIGKILL');
          await sleep(500);
          await lq.restart('auth');
          counts.kills++;
        } else {
          const { rowCount } = await sql.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()`,
          );
          counts.terminated = rowCount ?? 0;
          counts.pgDrops++;
        }
        faultsDone++;
      }
    };

    await Promise.all([faults(), ...heroes.map((hero, i) => toggler(hero, i + 1))]);

    // Quiescence, bounded: nothing left in quests' outbox or auth's queues, and the books agree.
    const deadline = Date.now() + QUIESCENCE_MS;
    let mismatches = Number.POSITIVE_INFINITY;
    let pending = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      const outbox = (
        await sql.query('select count(*)::int as n from quests._outbox where published_at is null')
      ).rows[0].n as number;
      const { queued } = await authQueues();
      pending = outbox + queued;
      mismatches = (await books()).filter((b) => b.ledger !== b.earned).length;
      if (pending === 0 && mismatches === 0) break;
      await sleep(500);
    }

    // totalXP as the hero sees it (the totals auth keeps beside its ledger), the ledger's sum and quests'
    // completed XP: one number per hero; and the kept count of lines is the ledger's.
    const rows = await books();
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    let wrong = 0;
    for (const hero of heroes) {
      const me = (await hero.client.get('/api/auth/me')).body as { id: string; totalXP: number };
      const row = byId.get(me.id);
      if (!row || me.totalXP !== row.ledger || row.ledger !== row.earned || row.kept_lines !== row.lines) {
        wrong++;
      }
    }
    // Nothing counted twice: per milestone, the ledger's lines add up to what its last completion awarded.
    const doubled = (
      await sql.query(`
        select m.id from quests.milestones m
        left join auth.xp_ledger l on l.source_id = m.id::text and l.source = 'milestone'
        group by m.id, m.xp_awarded, m.is_completed
        having coalesce(sum(l.amount), 0) <> case when m.is_completed then m.xp_awarded else 0 end`)
    ).rows.length;
    const { deadLetters } = await authQueues();
    const listed = deadLetters === 0 ? [] : await broker.listDeadLetters('auth');

    // A dropped database connection is a 503 with Retry-After (the client may try again), never a 500.
    const unavailable = statuses.get('503') ?? 0;
    const otherServerErrors = [...statuses]
      .filter(([status]) => /^5\d\d$/.test(status) && status !== '503')
      .reduce((sum, [, n]) => sum + n, 0);
    process.stdout.write(
      `fault injection: ${issued} toggles by ${HEROES} heroes (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; ` +
        `${unavailable}× 503, ${otherServerErrors}× other 5xx), ` +
        `${counts.cuts} broker cuts, ${counts.kills} auth kills, ${counts.pgDrops} PostgreSQL drop (${counts.terminated} connections), ` +
        `pending after settling ${pending}, XP mismatches ${wrong + mismatches}, milestones counted twice ${doubled}, ` +
        `dead letters ${deadLetters}${listed.length ? `: ${JSON.stringify(listed).slice(0, 2000)}` : ''}\n`,
    );
    expect(counts).toMatchObject({ cuts: 5, kills: 3, pgDrops: 1 });
    expect(counts.terminated).toBeGreaterThan(0);
    expect(issued).toBe(TOGGLES);
    expect(statuses.get('200') ?? 0).toBeGreaterThan(0);
    expect(otherServerErrors, `5xx other than 503: ${JSON.stringify(Object.fromEntries(statuses))}`).toBe(0);
    expect({ pending, mismatches, wrong, doubled }).toEqual({
      pending: 0,
      mismatches: 0,
      wrong: 0,
      doubled: 0,
    });
    // A dead letter here would be XP lost: none is expected, and any is listed above.
    expect(deadLetters).toBe(0);
  }, 900_000);
});
