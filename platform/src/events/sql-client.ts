import type { Database, Queryable } from '../db/database.ts';
import type { SqlTx, TransactionalClient } from './ports.ts';

function asSqlTx(q: Queryable): SqlTx {
  return {
    async $executeRawUnsafe(query: string, ...values: unknown[]) {
      // The Queryable port returns rows only; statements that must report a count use `returning`.
      await q.query(query, values);
      return 0;
    },
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      return (await q.query(query, values)) as T;
    },
  };
}

/**
 * The Database port seen through Prisma's raw-SQL surface, so the outbox and inbox run without a
 * generated client (platform tests, tools). Services pass their PrismaClient instead.
 */
export function sqlClient(db: Database): TransactionalClient<SqlTx> {
  return {
    ...asSqlTx(db),
    $transaction: (fn) => db.transaction((tx) => fn(asSqlTx(tx))),
  };
}
