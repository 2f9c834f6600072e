import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import type { Operation } from './openapi.ts';
import {
  type HttpRequest,
  KINDS,
  type Kind,
  materialize,
  type Plan,
  plans,
  type RequestContext,
} from './requests.ts';

// Sends the plans, a few at a time, and keeps the score: every status, every answer ≥ 500, every
// request that got no answer within the time limit (a hang) or lost its connection (a reset), and,
// after each abusive request, whether the app still answers a normal one.

export const REQUEST_TIMEOUT_MS = 5_000;

export type Outcome =
  | { kind: 'answer'; status: number; body: string; allow: string | undefined }
  | { kind: 'hang' }
  | { kind: 'reset'; code: string; reusedSocket: boolean }
  | { kind: 'client-error'; code: string };

export interface Failure {
  what: 'server-error' | 'error-body' | 'wrong-method' | 'hang' | 'reset' | 'probe';
  label: string;
  detail: string;
  request: { method: string; path: string; body?: string };
}

export interface Totals {
  seed: number;
  requests: number;
  probes: number;
  statuses: Record<string, number>;
  serverErrors: number;
  /** Refusals (4xx) whose body is not `{ error, message, code }`. */
  badErrorBodies: number;
  /** Method abuse on a path that does not take the method, answered other than 405 naming its methods. */
  wrongMethodAnswers: number;
  hangs: number;
  resets: number;
  failedProbes: number;
  clientErrors: number;
  byKind: Record<string, number>;
  operations: number;
  operationsHit: number;
  failures: Failure[];
}

/** Keep-alive, as browsers do: a reset on a reused connection is reported as such. */
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** One request over a raw socket (fetch would normalise the `..` a traversal needs). */
export function send(base: string, req: HttpRequest, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const url = new URL(base);
    let client: ReturnType<typeof httpRequest>;
    try {
      client = httpRequest({
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        agent,
      });
    } catch (error) {
      // Node refuses to send some of what we ask (a header with odd characters): not the server's doing.
      resolve({ kind: 'client-error', code: (error as NodeJS.ErrnoException).code ?? String(error) });
      return;
    }
    const timer = setTimeout(() => {
      settle({ kind: 'hang' });
      client.destroy();
    }, timeoutMs);
    client.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        settle({
          kind: 'answer',
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          allow: res.headers.allow,
        }),
      );
      res.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'reset', code: error.code ?? error.message, reusedSocket: client.reusedSocket }),
      );
    });
    client.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      settle(
        code === 'ECONNRESET' || code === 'EPIPE' || /hang up/.test(error.message)
          ? { kind: 'reset', code, reusedSocket: client.reusedSocket }
          : { kind: 'client-error', code },
      );
    });
    client.end(req.body);
  });
}

/** Every refusal, whoever made it (a route, Fastify, the HTTP parser), is `{ error, message, code }`. */
function isErrorBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return ['error', 'message', 'code'].every((key) => typeof parsed[key] === 'string');
  } catch {
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in an answer (`id`, `goalId`, `jobId`…), so later requests can name real things. */
export function harvestIds(body: string, into: Set<string>, except: ReadonlySet<string>): void {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return;
  }
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (Array.isArray(item)) pending.push(...item);
    else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (
          (key === 'id' || key.endsWith('Id')) &&
          typeof child === 'string' &&
          UUID.test(child) &&
          !except.has(child)
        ) {
          into.add(child);
        } else pending.push(child);
      }
    }
  }
  // A bounded pool: the newest ids are the likeliest still to exist.
  while (into.size > 400) into.delete(into.values().next().value as string);
}

export interface RunOptions {
  base: string;
  operations: readonly Operation[];
  prefixes: readonly string[];
  requests: number;
  seed: number;
  concurrency: number;
  context: Omit<RequestContext, 'ids'>;
  /** The hero's own user id: never handed to a route (an admin delete would end the run's session). */
  protectedIds: ReadonlySet<string>;
  ids: Set<string>;
  /** A normal request the app must answer after every abusive one. */
  probe: HttpRequest;
  /** Only these kinds (to replay one kind of failure fast); all when absent. */
  kinds?: readonly Kind[];
  /** Called every `reseedEvery` requests to give the hero fresh quests (deletes use them up). */
  reseed?: () => Promise<void>;
  reseedEvery?: number;
}

export async function fuzz(options: RunOptions): Promise<Totals> {
  const totals: Totals = {
    seed: options.seed,
    requests: 0,
    probes: 0,
    statuses: {},
    serverErrors: 0,
    badErrorBodies: 0,
    wrongMethodAnswers: 0,
    hangs: 0,
    resets: 0,
    failedProbes: 0,
    clientErrors: 0,
    byKind: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    operations: options.operations.length,
    operationsHit: 0,
    failures: [],
  };
  const hit = new Set<string>();
  const arbitrary = plans(options.operations, options.prefixes);
  const BATCH = 200;
  let batch: Plan[] = [];
  let drawn = 0;
  let next = 0;
  const nextPlan = (): Plan | undefined => {
    if (next >= options.requests) return undefined;
    next++;
    for (;;) {
      if (drawn % BATCH === 0) {
        batch = fc.sample(arbitrary, { seed: options.seed + drawn / BATCH, numRuns: BATCH });
      }
      const plan = batch[drawn++ % BATCH]!;
      if (!options.kinds || options.kinds.includes(plan.kind)) return plan;
    }
  };
  const fail = (failure: Failure) => {
    // Keep the first few of each label: enough to reproduce, not a wall of text.
    if (totals.failures.filter((f) => f.label === failure.label && f.what === failure.what).length < 3) {
      totals.failures.push(failure);
    }
  };
  const record = (req: HttpRequest, outcome: Outcome) => {
    const sample = {
      method: req.method,
      path: req.path.slice(0, 300),
      body: req.body?.toString('utf8', 0, Math.min(req.body.length, 300)),
    };
    if (outcome.kind === 'answer') {
      totals.statuses[outcome.status] = (totals.statuses[outcome.status] ?? 0) + 1;
      if (outcome.status >= 500) {
        totals.serverErrors++;
        fail({
          what: 'server-error',
          label: req.label,
          detail: `${outcome.status} ${outcome.body.slice(0, 300)}`,
          request: sample,
        });
      } else if (outcome.status < 300) {
        harvestIds(outcome.body, options.ids, options.protectedIds);
      } else if (outcome.status >= 400 && req.method !== 'HEAD' && !isErrorBody(outcome.body)) {
        totals.badErrorBodies++;
        fail({
          what: 'error-body',
          label: req.label,
          detail: `${outcome.status} ${outcome.body.slice(0, 300)}`,
          request: sample,
        });
      }
    } else if (outcome.kind === 'hang') {
      totals.hangs++;
      fail({
        what: 'hang',
        label: req.label,
        detail: `no answer within ${REQUEST_TIMEOUT_MS} ms`,
        request: sample,
      });
    } else if (outcome.kind === 'reset') {
      totals.resets++;
      fail({
        what: 'reset',
        label: req.label,
        detail: `${outcome.code}${outcome.reusedSocket ? ' on a reused keep-alive socket' : ' on a new socket'}`,
        request: sample,
      });
    } else {
      totals.clientErrors++;
    }
  };

  const operationKeys = new Set(options.operations.map((op) => `${op.method} ${op.path}`));
  /**
   * Whether some route of `method` serves `path`: the same template, or one whose `{param}` segment takes
   * this path's literal segment (`DELETE /api/friends/{id}` serves `DELETE /api/friends/request`, which
   * is then a bad id, not a wrong method).
   */
  const served = (method: string, path: string) => {
    if (operationKeys.has(`${method} ${path}`)) return true;
    const segments = path.split('/');
    return options.operations.some((op) => {
      if (op.method !== method) return false;
      const template = op.path.split('/');
      return (
        template.length === segments.length &&
        template.every(
          (part, i) => part === segments[i] || (part.startsWith('{') && !segments[i]?.startsWith('{')),
        )
      );
    });
  };
  // HEAD is answered wherever GET is (Fastify adds it), though no document lists it.
  const takes = (method: string, path: string) =>
    served(method, path) || (method === 'HEAD' && served('GET', path));
  /**
   * A path asked with a method it does not take is a 405 whose Allow names the path's methods (the op's
   * own among them), never a 404 nor a success. The one answer before routing: the admin prefix refuses a
   * hero (403) before any admin route is looked up (the authorization matrix's prefix guard).
   */
  const checkWrongMethod = (op: Operation, req: HttpRequest, outcome: Outcome) => {
    if (outcome.kind !== 'answer') return;
    const allowed = outcome.allow?.split(',').map((m) => m.trim()) ?? [];
    const named = outcome.status === 405 && allowed.includes(op.method);
    const guarded = outcome.status === 403 && op.path.startsWith('/api/admin/');
    if (named || guarded) return;
    totals.wrongMethodAnswers++;
    fail({
      what: 'wrong-method',
      label: req.label,
      detail: `${outcome.status} (Allow: ${outcome.allow ?? 'none'}) ${outcome.body.slice(0, 200)}`,
      request: { method: req.method, path: req.path.slice(0, 300) },
    });
  };

  let sinceReseed = 0;
  const worker = async () => {
    for (let plan = nextPlan(); plan; plan = nextPlan()) {
      if (options.reseed && ++sinceReseed >= (options.reseedEvery ?? 250)) {
        sinceReseed = 0;
        await options.reseed();
      }
      const req = materialize(plan, { ...options.context, ids: [...options.ids] });
      hit.add(`${plan.op.method} ${plan.op.path}`);
      totals.byKind[plan.kind] = (totals.byKind[plan.kind] ?? 0) + 1;
      totals.requests++;
      const outcome = await send(options.base, req);
      record(req, outcome);
      if (plan.kind === 'method-abuse' && !takes(plan.method, plan.op.path))
        checkWrongMethod(plan.op, req, outcome);
      if (!req.abusive) continue;
      totals.probes++;
      const probe = await send(options.base, options.probe);
      if (probe.kind !== 'answer' || probe.status !== 200) {
        totals.failedProbes++;
        fail({
          what: 'probe',
          label: req.label,
          detail: probe.kind === 'answer' ? `probe answered ${probe.status}` : `probe: ${probe.kind}`,
          request: { method: req.method, path: req.path.slice(0, 300) },
        });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  totals.operationsHit = hit.size;
  return totals;
}

/** The totals as the run prints them. */
export function describeTotals(totals: Totals): string {
  const statuses = Object.entries(totals.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const kinds = Object.entries(totals.byKind)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return [
    `fuzz totals (seed ${totals.seed}):`,
    `  requests ${totals.requests} (+ ${totals.probes} probes after abusive ones), operations ${totals.operationsHit}/${totals.operations}`,
    `  statuses ${statuses}`,
    `  5xx ${totals.serverErrors}, refusals without { error, message, code } ${totals.badErrorBodies}, wrong methods not 405 ${totals.wrongMethodAnswers}, hangs ${totals.hangs}, resets ${totals.resets}, failed probes ${totals.failedProbes}, requests Node refused to send ${totals.clientErrors}`,
    `  kinds: ${kinds}`,
  ].join('\n');
}
