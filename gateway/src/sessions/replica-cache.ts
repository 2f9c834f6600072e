import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type SessionData, type SessionStore, sessionKey } from './store.ts';

/** How long a replica answers a session from memory before it asks Redis (and slides it) again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;
/** How long an ending waits for the other replicas to confirm they forgot the session. */
const ACK_TIMEOUT_MS = 1_000;

const Ended = z.object({
  from: z.string(),
  nonce: z.string(),
  keys: z.array(z.string()).optional(),
  userId: z.string().optional(),
});
type Ended = z.infer<typeof Ended>;

interface Entry {
  data: SessionData;
  until: number;
}

interface Pending {
  acks: number;
  /** How many replicas the message reached (known once PUBLISH answers). */
  receivers: number | null;
  done: () => void;
}

/**
 * A short-lived copy of the sessions in memory, in front of the Redis store, so a signed-in request
 * does not wait for a Redis round trip (two: the session, then its hero's index) on every call. A
 * session answered from memory is at most SESSION_CACHE_MS old, and its sliding expiry moves on the
 * next look-up after that (thirty days; a few seconds of slide lost are nothing).
 *
 * Ending a session must hold on every replica at once, not SESSION_CACHE_MS later: a logout, or a
 * hero's sessions ended at their deletion (the bus delivers that event to one replica only), is
 * announced on a Redis channel every replica listens to, and the replica that ends the session waits
 * until each replica that heard it has dropped its copy (they confirm on the sender's own channel) before
 * it answers. So once a logout has answered, no replica serves that session from memory. A look-up
 * that was already on its way to Redis when an ending arrived is not kept (the generation moved).
 *
 * While this replica is not subscribed (Redis gone, reconnecting) it keeps nothing and asks Redis
 * every time: it could miss an ending then. Entries are kept by the session id's hash, the same key
 * Redis has, and only hashes travel on the channel.
 */
export async function replicaSessionCache(
  store: SessionStore,
  redisUrl: string,
  prefix: string,
  options: { ttlMs?: number; clock?: () => number } = {},
): Promise<SessionStore & { readonly replicaId: string; kept(sessionId: string): SessionData | undefined }> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_MS;
  // Injectable so a test can age an entry without sleeping.
  const clock = options.clock ?? Date.now;
  const replicaId = randomUUID();
  const channel = `${prefix}sessions-ended`;
  const ackChannel = `${prefix}sessions-ended-ack:${replicaId}`;
  const cache = new Map<string, Entry>();
  const pending = new Map<string, Pending>();
  let generation = 0;
  let listening = false;

  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  publisher.on('error', () => {});
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  subscriber.on('error', () => {});

  const forget = (ended: Pick<Ended, 'keys' | 'userId'>) => {
    generation++;
    for (const key of ended.keys ?? []) cache.delete(key);
    if (ended.userId) {
      for (const [key, entry] of cache) if (entry.data.userId === ended.userId) cache.delete(key);
    }
  };
  const settle = (nonce: string) => {
    const wait = pending.get(nonce);
    if (wait && wait.receivers !== null && wait.acks >= wait.receivers) {
      pending.delete(nonce);
      wait.done();
    }
  };
  const stopListening = () => {
    listening = false;
    generation++;
    cache.clear();
  };
  subscriber.on('message', (from: string, raw: string) => {
    if (from === ackChannel) {
      const wait = pending.get(raw);
      if (wait) {
        wait.acks++;
        settle(raw);
      }
      return;
    }
    let ended: Ended;
    try {
      ended = Ended.parse(JSON.parse(raw));
    } catch {
      return;
    }
    forget(ended);
    void publisher.publish(`${prefix}sessions-ended-ack:${ended.from}`, ended.nonce).catch(() => {});
  });
  subscriber.on('close', stopListening);
  subscriber.on('end', stopListening);
  // ioredis subscribes again after a reconnection; this replica keeps copies again only once it has.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel, ackChannel).then(
      () => {
        listening = true;
      },
      () => {},
    );
  });
  await subscriber.subscribe(channel, ackChannel);
  listening = true;

  /** Tells every replica (this one included) to forget, and waits for them to confirm. */
  const announce = async (ended: Pick<Ended, 'keys' | 'userId'>) => {
    forget(ended);
    const nonce = randomUUID();
    const wait: Pending = { acks: 0, receivers: null, done: () => {} };
    const confirmed = new Promise<void>((resolve) => (wait.done = resolve));
    pending.set(nonce, wait);
    let timer: NodeJS.Timeout | undefined;
    try {
      wait.receivers = await publisher.publish(channel, JSON.stringify({ ...ended, from: replicaId, nonce }));
      settle(nonce);
      // Confirmations come back through this replica's subscription: without it none can arrive.
      if (!listening) return;
      await Promise.race([
        confirmed,
        new Promise((resolve) => (timer = setTimeout(resolve, ACK_TIMEOUT_MS))),
      ]);
    } finally {
      clearTimeout(timer);
      pending.delete(nonce);
    }
  };

  return {
    kind: store.kind,
    replicaId,
    create: (data) => store.create(data),
    async touch(sessionId) {
      const key = sessionKey(sessionId);
      const now = clock();
      const kept = listening ? cache.get(key) : undefined;
      if (kept && kept.until > now) return kept.data;
      if (kept) cache.delete(key);
      const seen = generation;
      const data = await store.touch(sessionId);
      if (data && listening && seen === generation) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, { data, until: now + ttlMs });
      }
      return data;
    },
    kept(sessionId) {
      if (!listening) return undefined;
      const kept = cache.get(sessionKey(sessionId));
      return kept && kept.until > clock() ? kept.data : undefined;
    },
    async destroy(sessionId) {
      await store.destroy(sessionId);
      await announce({ keys: [sessionKey(sessionId)] });
    },
    async destroyForUser(userId) {
      await store.destroyForUser(userId);
      await announce({ userId });
    },
    async close() {
      subscriber.removeAllListeners('close');
      subscriber.removeAllListeners('end');
      stopListening();
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
      await store.close();
    },
  };
}
