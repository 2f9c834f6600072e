import { Agent, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';

/** What one load run measured: throughput and latency under a fixed number of connections. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers and socket errors: a run with any is reported, never silently averaged in. */
  failures: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** One header set per simulated client; connection i uses `headers[i % length]` (heroes rotate). */
  headers: Record<string, string>[];
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
}

/**
 * Drives `connections` keep-alive clients at the URL for `seconds` with autocannon (after a short
 * warm-up so the JIT and connection pools are not what gets measured).
 */
export async function drive(options: LoadOptions): Promise<LoadResult> {
  const run = async (seconds: number) => {
    let next = 0;
    const result = await autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      body: options.body,
      connections: options.connections ?? 50,
      duration: seconds,
      setupClient: (client) => {
        const headers = options.headers[next++ % options.headers.length]!;
        client.setHeaders({ ...(options.body ? { 'content-type': 'application/json' } : {}), ...headers });
      },
    });
    return result;
  };
  if ((options.warmupSeconds ?? 1) > 0) {
    await run(options.warmupSeconds ?? 1);
    // autocannon ends the warm-up by dropping its connections with up to 50 requests still being
    // answered; opened while the server works through those, the measured run's 50 new connections are
    // accepted about one per event-loop turn, and the last ones' first requests wait 1–2 s (seen with
    // `ss -ltn` on the embedded process, and with a ten-line Node server under the same load). Let the
    // server finish the warm-up's backlog first: the measured run still opens all 50 at once.
    await delay(500);
  }
  const result = await run(options.seconds ?? 5);
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    console.warn(`  ! ${options.url}: ${failures} of ${result.requests.total} requests failed`);
  }
  return {
    rps: result.requests.total / (options.seconds ?? 5),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures,
  };
}

/**
 * Drives several servers in alternating rounds (A, B, C, A, B, C...), so a neighbour's load burst on
 * the shared machine falls on every side of a ratio instead of on one. Throughput is over all rounds;
 * latency percentiles are the mean of the rounds'.
 */
export async function compare(sides: LoadOptions[], rounds = 3, secondsPerRound = 2): Promise<LoadResult[]> {
  const runs = sides.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round++) {
    for (const [k, side] of sides.entries()) {
      runs[k]!.push(await drive({ ...side, seconds: secondsPerRound, warmupSeconds: round === 0 ? 1 : 0 }));
    }
  }
  return runs.map((results) => {
    const mean = (pick: (r: LoadResult) => number) =>
      results.reduce((sum, r) => sum + pick(r), 0) / results.length;
    return {
      rps: mean((r) => r.rps),
      p50: mean((r) => r.p50),
      p99: mean((r) => r.p99),
      requests: results.reduce((sum, r) => sum + r.requests, 0),
      failures: results.reduce((sum, r) => sum + r.failures, 0),
    };
  });
}

/**
 * Times several calls round-robin, one at a time (a, b, c, a, b, c...): the latency of each path
 * under the same moment's conditions. Returns the samples per path, in milliseconds.
 */
export async function sampleInterleaved(
  count: number,
  fns: ((i: number) => Promise<void>)[],
  warmup = 10,
): Promise<number[][]> {
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < warmup + count; i++) {
    for (const [k, fn] of fns.entries()) {
      const start = process.hrtime.bigint();
      await fn(i);
      if (i >= warmup) samples[k]!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return samples;
}

/** Percentiles of a set of samples (milliseconds), nearest-rank. */
export function percentiles(samples: number[]): { p50: number; p99: number; count: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/** Times `fn` `count` times one after another (after `warmup` untimed calls), in milliseconds. */
export async function sample(count: number, fn: (i: number) => Promise<void>, warmup = 5): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export interface Reply {
  status: number;
  headers: import('node:http').IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/**
 * One HTTP call on a kept-alive socket. Plain `node:http`, not fetch: sub-millisecond latency samples
 * must not carry a client's own overhead.
 */
export function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like `call`, but a non-2xx answer is an error naming the URL and the body. */
export async function callOk<T>(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const reply = await call(url, options);
  if (reply.status < 200 || reply.status >= 300) {
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${reply.status}: ${reply.body.slice(0, 300)}`,
    );
  }
  return (reply.body ? reply.json<T>() : undefined) as T;
}
