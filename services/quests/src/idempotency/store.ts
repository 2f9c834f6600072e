import { createHash } from 'node:crypto';
import { AppError, type SqlTx } from '@lifequest/platform';
import { IdempotencyKey } from '@lifequest/proto';

/**
 * Requests sent with an Idempotency-Key (docs/features/offline-app.md#idempotency): the first one with a
 * key runs and its answer is kept, in the same transaction as its change; the same request again answers
 * that answer and changes nothing; another request with a used key is refused (422). Keys are the hero's
 * own (another hero's same key is another row) and expire.
 */

/** How long a key is remembered: longer than a phone is expected to stay offline with a queued change. */
export const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What a request answered the first time. */
export interface KeptAnswer<T> {
  status: number;
  body: T;
  /** True when this is a replay: the change was made by an earlier request. */
  replayed: boolean;
}

/** The request a key was sent with: what must be the same for a replay (the route, its id, its body). */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([route, body]))
    .digest('hex');
}

/** Reads the header: absent is undefined (when the route allows it), malformed is a 400. */
export function idempotencyKeyOf(
  header: string | string[] | undefined,
  required: boolean,
): string | undefined {
  if (header === undefined && !required) return undefined;
  const parsed = IdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', `Invalid header: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

const FORGET_EXPIRED = `
  delete from quests.idempotency_keys where user_id = $1::uuid and key = $2 and expires_at <= $3::timestamptz`;

// The row is claimed before the change is made: a concurrent request with the same key waits here on
// the primary key until this transaction ends, then finds the kept answer (or, after a rollback, claims
// the key itself). The placeholder answer is never seen: it is replaced before the commit.
const CLAIM = `
  insert into quests.idempotency_keys (user_id, key, request_hash, status, response, expires_at)
  values ($1::uuid, $2, $3, 0, 'null'::jsonb, $4::timestamptz)
  on conflict (user_id, key) do nothing
  returning key`;

const KEPT = `
  select request_hash, status, response from quests.idempotency_keys where user_id = $1::uuid and key = $2`;

const KEEP = `
  update quests.idempotency_keys set status = $3, response = $4::jsonb where user_id = $1::uuid and key = $2`;

/**
 * Runs `change` once per hero and key, inside the caller's transaction `tx`. Without a key it just runs.
 * `change` answers the status and body to keep; a `change` that throws keeps nothing (its transaction
 * rolls back with the claim), so a refused request may be sent again with the same key.
 */
export async function once<T>(
  tx: SqlTx,
  request: { userId: string; key: string | undefined; hash: string; now: Date },
  change: () => Promise<{ status: number; body: T }>,
): Promise<KeptAnswer<T>> {
  const { userId, key, hash, now } = request;
  if (key === undefined) return { ...(await change()), replayed: false };
  await tx.$executeRawUnsafe(FORGET_EXPIRED, userId, key, now);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const claimed = await tx.$queryRawUnsafe<unknown[]>(CLAIM, userId, key, hash, expiresAt);
  if (claimed.length === 0) {
    const [kept] = await tx.$queryRawUnsafe<{ request_hash: string; status: number; response: T }[]>(
      KEPT,
      userId,
      key,
    );
    if (!kept) throw new Error('an idempotency key neither claimed nor kept');
    if (kept.request_hash !== hash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already sent with another request; make a new key for a new change.',
      );
    }
    return { status: kept.status, body: kept.response, replayed: true };
  }
  const answer = await change();
  await tx.$executeRawUnsafe(KEEP, userId, key, answer.status, JSON.stringify(answer.body));
  return { ...answer, replayed: false };
}

/** A hero's keys go with the hero (heroes/purge.ts). */
export async function purgeHeroKeys(tx: SqlTx, userId: string): Promise<void> {
  await tx.$executeRawUnsafe('delete from quests.idempotency_keys where user_id = $1::uuid', userId);
}
