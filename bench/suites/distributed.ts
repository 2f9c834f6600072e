import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BullMqJobQueue, IDENTITY_HEADER, signIdentity } from '@lifequest/platform';
import amqp from 'amqplib';
import { z } from 'zod';
import { type DistributedRun, PORTS, startDistributed } from '../lib/distributed.ts';
import {
  call,
  callOk,
  compare,
  drive,
  type LoadResult,
  percentiles,
  sample,
  sampleInterleaved,
} from '../lib/load.ts';
import { type Running, startProcess } from '../lib/processes.ts';
import { type Figure, notAvailable, ratioOf } from '../lib/report.ts';
import { type DataSet, type SeededHero, seedThroughApi } from '../lib/seed.ts';
import { growSocial } from '../lib/social-scale.ts';
import { nginxBinary, startNginx } from '../peers/nginx.ts';

const SUITE = 'distributed';

/**
 * BENCH_ONLY=toggle,story (parts: reads, rankings, toggle, story, pathfinder, scale) runs only those parts
 * after the boot and the seed: quicker while working on one of them. A whole run measures every part
 * (rankings: the rankings' figures of reads, alone).
 */
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wants = (part: 'reads' | 'rankings' | 'toggle' | 'story' | 'pathfinder' | 'scale') =>
  !only || only.includes(part);
const CONNECTIONS = 50;
const SECONDS = 5;

/** Throughput and p99 of one read through the gateway, beside the reference handler's. */
function readFigures(name: string, product: LoadResult, peer: LoadResult): Figure[] {
  const rpsRatio = ratioOf(product.rps, peer.rps);
  const p99Ratio = ratioOf(product.p99, peer.p99);
  return [
    {
      suite: SUITE,
      name: `${name} via gateway, distributed, ${CONNECTIONS} conn: throughput`,
      unit: 'req/s',
      lifequest: product.rps,
      peer: peer.rps,
      peerName: 'reference',
      ratio: rpsRatio,
      goal: '≥ 0.7×',
      met: rpsRatio == null ? null : rpsRatio >= 0.7,
    },
    {
      suite: SUITE,
      name: `${name} via gateway, distributed, ${CONNECTIONS} conn: p99`,
      unit: 'ms',
      lifequest: product.p99,
      peer: peer.p99,
      peerName: 'reference',
      ratio: p99Ratio,
      goal: '≤ 1.3×',
      met: p99Ratio == null ? null : p99Ratio <= 1.3,
    },
  ];
}

const FEED_READ = ['GET /api/social/feed', '/api/social/feed'] as const;
const RANKINGS_READ = ['GET /api/leaderboard', '/api/leaderboard?type=total_xp'] as const;

/** The least a Node.js hop does (bench/peers/node-proxy.ts), in front of `upstream`. */
function startNodeProxy(upstream: string): Promise<Running> {
  return startProcess(
    'node-proxy',
    [new URL('../peers/node-proxy.ts', import.meta.url).pathname],
    { PORT: String(PORTS.nodeProxy), UPSTREAM: upstream },
    { port: PORTS.nodeProxy, readyPath: '/healthz' },
  );
}

/** The reference handler (bench/peers/reference.ts) on the same database and Redis. */
function startReference(lq: DistributedRun): Promise<Running> {
  return startProcess(
    'reference',
    [new URL('../peers/reference.ts', import.meta.url).pathname],
    {
      PORT: String(PORTS.reference),
      DATABASE_URL: lq.infra.databaseUrl,
      REDIS_URL: lq.infra.redisUrl,
      INFRA_PREFIX: lq.infra.prefix,
    },
    { port: PORTS.reference },
  );
}

/**
 * The Fellowship Hall's polled reads through the gateway beside the reference handler, in alternating
 * rounds (once the social service serves them); the rankings also straight to social (its Redis sorted
 * sets, without the gateway's hop).
 */
async function socialReadFigures(
  lq: DistributedRun,
  data: DataSet,
  reference: string,
  bearer: Record<string, string>[],
  signed: Record<string, string>[],
  reads: readonly (readonly [string, string])[],
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const gw = lq.gateway.url;
  for (const [name, path] of reads) {
    if (!data.social) {
      figures.push(
        notAvailable(SUITE, `${name} via gateway`, '≥ 0.7×, p99 ≤ 1.3×', 'the social service is not running'),
      );
      continue;
    }
    await sameAnswers(gw, reference, path, data.heroes[0]!);
    const social = path === RANKINGS_READ[1] ? lq.targets.get('social') : undefined;
    const [product, peer, straight] = (await compare([
      { url: `${gw}${path}`, headers: bearer, connections: CONNECTIONS },
      { url: `${reference}${path}`, headers: bearer, connections: CONNECTIONS },
      ...(social ? [{ url: `${social.url}${path}`, headers: signed, connections: CONNECTIONS }] : []),
    ])) as [LoadResult, LoadResult, LoadResult?];
    figures.push(...readFigures(name, product, peer));
    if (straight) figures.push(directFigure(name, straight, peer));
  }
  return figures;
}

/** A read asked of its service directly (a signed identity), beside the reference handler's. */
function directFigure(name: string, direct: LoadResult, peer: LoadResult): Figure {
  const ratio = ratioOf(direct.rps, peer.rps);
  return {
    suite: SUITE,
    name: `${name} direct to the service, distributed, ${CONNECTIONS} conn: throughput, p99 ${Math.round(direct.p99)} ms`,
    unit: 'req/s',
    lifequest: direct.rps,
    peer: peer.rps,
    peerName: 'reference',
    ratio,
    goal: '≥ 1.0×',
    met: ratio == null ? null : ratio >= 1,
  };
}

export async function distributedSuite(context: Record<string, unknown>): Promise<Figure[]> {
  const figures: Figure[] = [];
  // RANKINGS_STORE=sql measures the rankings on the SQL path, to set beside the default Redis one.
  const store = process.env.RANKINGS_STORE;
  const lq = await startDistributed(store ? { RANKINGS_STORE: store } : {});
  let reference: Running | undefined;
  const peers: Running[] = [];
  try {
    const gw = lq.gateway.url;
    const seedStart = performance.now();
    const data = await seedThroughApi(gw, {
      heroes: 20,
      questsPerHero: 20,
      milestonesPerQuest: 3,
      parallel: 4,
    });
    context.distributedSeed = { ...data.counts, seconds: (performance.now() - seedStart) / 1000 };
    const bearer = data.heroes.map((h) => h.headers);

    if (wants('reads')) {
      reference = await startReference(lq);
      await sameAnswers(gw, reference.url, '/api/dashboard', data.heroes[0]!);

      // The dashboard three ways in alternating rounds: through the gateway, the reference handler, and
      // the quests service asked directly with a signed identity (the gateway's own baseline).
      const signed = data.heroes.map((hero) => signedIdentity(lq.internalSecret, hero));
      const quests = lq.targets.get('quests')!;
      const [dashboard, dashboardPeer, direct] = (await compare([
        { url: `${gw}/api/dashboard`, headers: bearer, connections: CONNECTIONS },
        { url: `${reference.url}/api/dashboard`, headers: bearer, connections: CONNECTIONS },
        { url: `${quests.url}/api/dashboard`, headers: signed, connections: CONNECTIONS },
      ])) as [LoadResult, LoadResult, LoadResult];
      figures.push(...readFigures('GET /api/dashboard', dashboard, dashboardPeer));
      // The Fellowship Hall's two polled reads, the same way (once the social service serves them).
      figures.push(
        ...(await socialReadFigures(lq, data, reference.url, bearer, signed, [FEED_READ, RANKINGS_READ])),
      );

      const me = await drive({
        url: `${gw}/api/auth/me`,
        headers: bearer,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      figures.push(context_(`GET /api/auth/me via gateway, distributed, ${CONNECTIONS} conn`, me));
      const goals = await drive({
        url: `${gw}/api/goals`,
        headers: bearer,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      figures.push(context_(`GET /api/goals via gateway, distributed, ${CONNECTIONS} conn`, goals));

      figures.push(
        ...(await gatewayFigures(quests, dashboard, direct, data, signed, (peer) => peers.push(peer))),
      );
    }
    if (wants('rankings') && !wants('reads')) {
      // The rankings alone (BENCH_ONLY=rankings): their figures of the reads part.
      reference = await startReference(lq);
      const signed = data.heroes.map((hero) => signedIdentity(lq.internalSecret, hero));
      figures.push(...(await socialReadFigures(lq, data, reference.url, bearer, signed, [RANKINGS_READ])));
    }
    if (wants('toggle')) figures.push(await toggleFigure(gw, data.heroes[1]!, lq.infra.amqpUrl));
    if (wants('story'))
      figures.push(await storyFigure(gw, data.heroes[2]!, lq.infra.redisUrl, lq.infra.prefix));
    if (wants('pathfinder'))
      figures.push(await pathfinderFigure(gw, lq.targets.get('ai')!.url, lq.internalSecret, data.heroes[3]!));
    // Last: it grows the population to 10,000 heroes, which the other parts must not see.
    if (wants('scale')) figures.push(...(await scaleFigures(gw, lq.infra.databaseUrl, data)));
    context.distributedRssMB = Object.fromEntries(
      [...lq.targets].map(([name, t]) => [name, Math.round(t.rssMB())]),
    );
  } finally {
    for (const peer of peers) await peer.stop();
    await reference?.stop();
    await lq.close();
  }
  return figures;
}

type Percentiles = ReturnType<typeof percentiles>;

/** JSON with every object's keys sorted: the same answer whatever order a serializer wrote it in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => x.localeCompare(y)))
      : item,
  );
}

/**
 * The feed and the rankings of one hero (with 10 friends) as the population grows from 100 to 1,000
 * to 10,000 heroes: what a read costs must not grow with the number of heroes. Latency one call at
 * a time (the two reads in turn), through the gateway.
 */
async function scaleFigures(gateway: string, databaseUrl: string, data: DataSet): Promise<Figure[]> {
  const names = ['GET /api/social/feed', 'GET /api/leaderboard'] as const;
  if (!data.social) {
    return names.map((name) =>
      notAvailable(SUITE, `${name} at 10,000 heroes vs 100`, '≤ 1.5×', 'the social service is not running'),
    );
  }
  const hero = data.heroes[0]!;
  const curve: [number, number][] = [];
  for (const size of [100, 1_000, 10_000]) {
    await growSocial(databaseUrl, size, hero.userId);
    const [feed, board] = (
      await sampleInterleaved(150, [
        async () => void (await callOk(`${gateway}/api/social/feed`, { headers: hero.headers })),
        async () =>
          void (await callOk(`${gateway}/api/leaderboard?type=total_xp`, { headers: hero.headers })),
      ])
    ).map(percentiles) as [Percentiles, Percentiles];
    curve.push([feed.p50, board.p50]);
  }
  return names.map((name, k) => {
    const at = curve.map((point) => point[k]!);
    const ratio = ratioOf(at[2], at[0]);
    return {
      suite: SUITE,
      name: `${name} p50 at 100 / 1,000 / 10,000 heroes: ${at.map((ms) => ms.toFixed(2)).join(' / ')} ms; 10,000 vs 100`,
      unit: 'ms',
      lifequest: at[2]!,
      peer: at[0]!,
      peerName: '100 heroes',
      ratio,
      goal: '≤ 1.5×',
      met: ratio == null ? null : ratio <= 1.5,
    } satisfies Figure;
  });
}

/** A hero's identity as the gateway signs it, valid long enough for the whole run. */
function signedIdentity(secret: string, hero: SeededHero): Record<string, string> {
  return {
    [IDENTITY_HEADER]: signIdentity(
      secret,
      { kind: 'hero', userId: hero.userId, email: hero.email, isAdmin: false },
      3600,
    ),
  };
}

function context_(name: string, result: LoadResult): Figure {
  return {
    suite: SUITE,
    name: `${name}: throughput, p99 ${result.p99} ms`,
    unit: 'req/s',
    lifequest: result.rps,
    goal: 'context',
    met: null,
  };
}

/** The reference handler must give the same JSON, or its figures would compare different work. */
async function sameAnswers(gateway: string, peer: string, path: string, hero: SeededHero) {
  const [a, b] = await Promise.all([
    callOk(`${gateway}${path}`, { headers: hero.headers }),
    callOk(`${peer}${path}`, { headers: hero.headers }),
  ]);
  if (canonical(a) !== canonical(b)) {
    throw new Error(
      `the reference handler's ${path} differs from LifeQuest's:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
    );
  }
}

/**
 * The gateway's own cost: the dashboard asked of the quests service directly with a signed identity
 * (its baseline), through nginx, and through the gateway (session lookup, identity, proxy).
 */
async function gatewayFigures(
  quests: Running,
  viaGateway: LoadResult,
  direct: LoadResult,
  data: DataSet,
  signed: Record<string, string>[],
  keep: (peer: Running) => void,
): Promise<Figure[]> {
  const rpsRatio = ratioOf(viaGateway.rps, direct.rps);
  const figures: Figure[] = [
    {
      suite: SUITE,
      name: `gateway: dashboard throughput, ${CONNECTIONS} conn`,
      unit: 'req/s',
      lifequest: viaGateway.rps,
      peer: direct.rps,
      peerName: 'direct to quests',
      ratio: rpsRatio,
      goal: '≥ 0.9×',
      met: rpsRatio == null ? null : rpsRatio >= 0.9,
    },
  ];
  const binary = nginxBinary();
  if (!binary) {
    figures.push(
      notAvailable(
        SUITE,
        'gateway: added p50',
        '≤ 1.5× nginx',
        'nginx is not installed (apt-get install -y nginx-light)',
      ),
    );
    return figures;
  }
  const nginx = await startNginx(
    mkdtempSync(join(tmpdir(), 'lifequest-bench-nginx-')),
    PORTS.nginx,
    quests.url,
  );
  keep(nginx);
  const nodeProxy = await startNodeProxy(quests.url);
  keep(nodeProxy);
  // Warmed as the gateway was by the loads before, so V8 has compiled its hot path too.
  await drive({
    url: `${nodeProxy.url}/api/dashboard`,
    headers: signed,
    connections: CONNECTIONS,
    seconds: 5,
  });
  // One request at a time, the four paths in turn: added latency, not queueing, is what a hop costs.
  const get = (url: string, headers: Record<string, string>[]) => async (i: number) =>
    void (await callOk(url, { headers: headers[i % headers.length] }));
  const [direct1, nginx1, gateway1, node1] = await sampleInterleaved(600, [
    get(`${quests.url}/api/dashboard`, signed),
    get(`http://127.0.0.1:${PORTS.nginx}/api/dashboard`, signed),
    get(
      `http://127.0.0.1:${PORTS.gateway}/api/dashboard`,
      data.heroes.map((h) => h.headers),
    ),
    get(`${nodeProxy.url}/api/dashboard`, signed),
  ]);
  // The median of the paired differences (each proxied call minus the direct call made just before
  // it): a neighbour's burst moves both sides of a pair, so it cancels out.
  const added = (proxied: number[]) => percentiles(proxied.map((ms, i) => ms - direct1![i]!)).p50;
  const base = percentiles(direct1!);
  const gatewayAdded = added(gateway1!);
  const nginxAdded = added(nginx1!);
  // nginx's own hop can be below what one-at-a-time sampling resolves (a few µs, even "negative"):
  // then no ratio means anything, and the goal is read as "no more than 1.5× of (at least) nothing".
  const addedRatio = nginxAdded > 0.01 ? ratioOf(gatewayAdded, nginxAdded) : null;
  figures.push({
    suite: SUITE,
    name: `gateway: added p50, 1 conn (direct p50 ${base.p50.toFixed(2)} ms)`,
    unit: 'ms',
    lifequest: gatewayAdded,
    peer: nginxAdded,
    peerName: 'nginx',
    ratio: addedRatio,
    goal: '≤ 1.5× nginx',
    met: gatewayAdded <= 1.5 * Math.max(nginxAdded, 0),
    ...(addedRatio == null
      ? { note: `nginx added ${nginxAdded.toFixed(3)} ms, below what this measures` }
      : {}),
  });
  // The same hop's floor in Node.js: what node:http and undici cost before any of the gateway's work.
  const nodeAdded = added(node1!);
  figures.push({
    suite: SUITE,
    name: 'gateway: added p50, 1 conn, beside a bare Node.js proxy',
    unit: 'ms',
    lifequest: gatewayAdded,
    peer: nodeAdded,
    peerName: 'node:http + undici, nothing else',
    ratio: nodeAdded > 0.01 ? ratioOf(gatewayAdded, nodeAdded) : null,
    goal: 'context',
    met: null,
  });
  return figures;
}

/**
 * A milestone toggle until the hero's new totalXP shows in /api/auth/me, one after another; beside the
 * broker's own publish→consume on the same RabbitMQ.
 */
async function toggleFigure(gateway: string, hero: SeededHero, amqpUrl: string): Promise<Figure> {
  const totals = async () =>
    (await callOk<{ totalXP: number }>(`${gateway}/api/auth/me`, { headers: hero.headers })).totalXP;
  const samples: number[] = [];
  const windowStart = process.hrtime.bigint() / 1000n;
  for (let i = 0; i < 80; i++) {
    const milestone = hero.milestoneIds[i % hero.milestoneIds.length]!;
    const before = await totals();
    const start = performance.now();
    const toggled = await callOk<{ xpDelta: number }>(`${gateway}/api/milestones/${milestone}/toggle`, {
      method: 'POST',
      headers: hero.headers,
    });
    if (toggled.xpDelta === 0) continue;
    const deadline = start + 10_000;
    while ((await totals()) === before) {
      if (performance.now() > deadline) throw new Error('a toggle never reached /api/auth/me');
    }
    if (i >= 5) samples.push(performance.now() - start);
  }
  if (process.env.BENCH_CPU_PROF) {
    // The profiles' timestamps are µs of the same monotonic clock: `WINDOW=… node bench/profile.ts`.
    process.stdout.write(`  toggles: WINDOW=${windowStart}-${process.hrtime.bigint() / 1000n}\n`);
  }
  const product = percentiles(samples);
  const broker = percentiles(await brokerRoundTrips(amqpUrl, 200));
  return {
    suite: SUITE,
    name: `milestone toggle → totalXP in /api/auth/me, distributed: p50 ${product.p50.toFixed(1)} ms, p99`,
    unit: 'ms',
    lifequest: product.p99,
    peer: broker.p99,
    peerName: `RabbitMQ publish→consume, p50 ${broker.p50.toFixed(2)} ms`,
    ratio: ratioOf(product.p99, broker.p99),
    goal: 'p50 ≤ 3 ms, p99 ≤ 15 ms',
    met: product.p50 <= 3 && product.p99 <= 15,
  };
}

/** Publish (with a confirm) → delivery to a consumer on the same broker, one message at a time. */
async function brokerRoundTrips(url: string, count: number): Promise<number[]> {
  // TCP_NODELAY: amqplib leaves Nagle on unless told, which would add ~40 ms to a lone message.
  const connection = await amqp.connect(url, { noDelay: true });
  try {
    const channel = await connection.createConfirmChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    let delivered: (() => void) | undefined;
    await channel.consume(queue, (message) => {
      if (message) channel.ack(message);
      delivered?.();
    });
    return await sample(
      count,
      async () => {
        const arrived = new Promise<void>((resolve) => (delivered = resolve));
        channel.sendToQueue(queue, Buffer.from('{}'), { persistent: true });
        await Promise.all([channel.waitForConfirms(), arrived]);
      },
      20,
    );
  } finally {
    await connection.close();
  }
}

/** A story from request to answer (enqueue, the worker writes it, the API answers), one at a time. */
async function storyFigure(
  gateway: string,
  hero: SeededHero,
  redisUrl: string,
  prefix: string,
): Promise<Figure> {
  const samples = await sample(
    30,
    async () => {
      const reply = await call(`${gateway}/api/narrative/generate`, {
        method: 'POST',
        headers: hero.headers,
        body: {},
      });
      if (reply.status !== 201)
        throw new Error(`a story answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    },
    3,
  );
  const product = percentiles(samples);
  const queue = new BullMqJobQueue({ url: redisUrl, prefix: `${prefix}-peer` });
  let floor: ReturnType<typeof percentiles>;
  try {
    await queue.work('bench-noop', z.object({}), async () => ({ ok: true }));
    floor = percentiles(
      await sample(50, async () => {
        const { id } = await queue.enqueue('bench-noop', {});
        const status = await queue.waitFor('bench-noop', id, 5_000);
        if (status.state !== 'completed') throw new Error(`the no-op job ended ${status.state}`);
      }),
    );
  } finally {
    await queue.close();
  }
  return {
    suite: SUITE,
    name: `story job end to end (offline provider), distributed: p50 ${product.p50.toFixed(1)} ms, p99`,
    unit: 'ms',
    lifequest: product.p99,
    peer: floor.p99,
    peerName: 'BullMQ no-op job',
    ratio: ratioOf(product.p99, floor.p99),
    goal: 'p99 ≤ 200 ms',
    met: product.p99 <= 200,
  };
}

/** The offline Pathfinder's floating-chat reply through the gateway, beside the same call made directly. */
async function pathfinderFigure(
  gateway: string,
  ai: string,
  secret: string,
  hero: SeededHero,
): Promise<Figure> {
  const body = { messages: [{ role: 'user', content: 'I want to read 12 books by the end of the year' }] };
  const path = '/api/ai/pathfinder-conversation';
  const identity = signedIdentity(secret, hero);
  const [product, direct] = (
    await sampleInterleaved(100, [
      async () => void (await callOk(`${gateway}${path}`, { method: 'POST', headers: hero.headers, body })),
      async () => void (await callOk(`${ai}${path}`, { method: 'POST', headers: identity, body })),
    ])
  ).map(percentiles) as [Percentiles, Percentiles];
  return {
    suite: SUITE,
    name: `offline Pathfinder reply via gateway: p50 ${product.p50.toFixed(1)} ms, p99`,
    unit: 'ms',
    lifequest: product.p99,
    peer: direct.p99,
    peerName: 'direct to ai',
    ratio: ratioOf(product.p99, direct.p99),
    goal: 'p99 ≤ 10 ms',
    met: product.p99 <= 10,
  };
}
