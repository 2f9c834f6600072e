import { createEnvelope, EVENT_PUBLISHERS, type EventEnvelope, mayPublish } from '@lifequest/proto';
import { isDatabaseUnavailable, wasNeverSent } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { insertOutboxRow, type OutboxRelay } from './outbox.ts';
import type { SqlTx, TransactionalClient } from './ports.ts';
import type { Emit } from './service-events.ts';

/** A unit of work: `fn` changes state and emits events in one transaction; both commit or neither. */
export type UnitOfWork<T extends SqlTx> = <R>(fn: (tx: T, emit: Emit) => Promise<R>) => Promise<R>;

export interface UnitOfWorkOptions {
  /** The service's Postgres schema, where its `_outbox` lives. */
  schema: string;
  /** The module whose events these are (proto's EVENT_PUBLISHERS). */
  publisher: string;
  relay: OutboxRelay;
  txOptions: { maxWait?: number; timeout?: number };
  log?: Logger;
}

/** How long a retry waits for the pool to notice its other dropped connections. */
const RETRY_PAUSE_MS = 25;

/** A unit of work that lost its database connection before it could commit: safe to run again. */
class UncommittedLoss extends Error {
  override readonly cause: unknown;
  constructor(cause: unknown) {
    super('database connection lost before the commit');
    this.cause = cause;
  }
}

/**
 * The unit of work on `client` (docs/architecture.md#unit-of-work): runs `fn` with an `emit` bound to
 * its transaction. Its events are written leased to the running relay, which gets them after the commit
 * and publishes them at once (without claiming them again); without a lease (relay stopped or full) the
 * relay is told to claim them.
 * When the database drops the connection before `fn` has returned (BEGIN failed, or a statement of
 * `fn`, or a COMMIT that node-postgres never sent), nothing was committed, and the whole unit runs
 * once more on a fresh connection. A connection lost while the COMMIT was on its way is not retried:
 * the commit may have happened, so the error goes to the caller (503 SERVICE_UNAVAILABLE), who may
 * look and try again.
 */
export function unitOfWorkOn<T extends SqlTx>(
  client: TransactionalClient<T>,
  options: UnitOfWorkOptions,
): UnitOfWork<T> {
  const attempt = attemptOn(client, options);
  return async (fn) => {
    try {
      return await attempt(fn);
    } catch (error) {
      if (!(error instanceof UncommittedLoss)) throw error;
      options.log?.warn(
        { err: error.cause },
        'database connection lost before the commit; running the unit of work again',
      );
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      try {
        return await attempt(fn);
      } catch (again) {
        throw again instanceof UncommittedLoss ? again.cause : again;
      }
    }
  };
}

/** One try of the unit of work: a connection lost before the commit throws UncommittedLoss. */
function attemptOn<T extends SqlTx>(
  client: TransactionalClient<T>,
  options: UnitOfWorkOptions,
): UnitOfWork<T> {
  const { relay } = options;
  return async (fn) => {
    let returned = false;
    const outbox = new OutboxWrites(options);
    const result = await client
      .$transaction(async (tx) => {
        const value = await fn(tx, outbox.emitInto(tx));
        returned = true;
        return value;
      }, options.txOptions)
      .catch((error: unknown) => {
        const uncommitted = !returned || wasNeverSent(error);
        throw uncommitted && isDatabaseUnavailable(error) ? new UncommittedLoss(error) : error;
      });
    if (outbox.leased.length > 0) relay.handOver(outbox.leased);
    if (outbox.emitted > outbox.leased.length) relay.nudge();
    return result;
  };
}

/** The outbox rows one try of a unit of work writes, and which of them the relay holds a lease on. */
class OutboxWrites {
  readonly leased: EventEnvelope[] = [];
  emitted = 0;
  readonly #options: UnitOfWorkOptions;

  constructor(options: UnitOfWorkOptions) {
    this.#options = options;
  }

  /** The `emit` of a transaction: validated, refused to a module that does not publish the event. */
  emitInto(tx: SqlTx): Emit {
    const { publisher, relay, schema } = this.#options;
    return async (name, payload, actorId) => {
      if (!mayPublish(publisher, name)) {
        throw new Error(
          `The ${publisher} module may not emit ${name}: its publisher is ${String(EVENT_PUBLISHERS[name])} (proto's EVENT_PUBLISHERS)`,
        );
      }
      const event = createEnvelope(name, payload, actorId);
      const lease = relay.lease();
      await insertOutboxRow(tx, schema, event, lease);
      if (lease) this.leased.push(event as EventEnvelope);
      this.emitted++;
      return event;
    };
  }
}
