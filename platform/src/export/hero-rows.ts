import { type HeroExportSection, UserIdParams } from '@lifequest/proto';
import type { Queryable } from '../db/database.ts';
import type { HttpServer } from '../http/server.ts';

/** One table of a service's schema and the columns that name the hero in it (any of them). */
export interface HeroTable {
  table: string;
  columns: readonly string[];
  /** Columns never handed out (a password's hash). */
  omit?: readonly string[];
}

/**
 * Every row of `tables` that names the hero, table by table, as plain JSON (dates as ISO strings): a
 * service's part of a hero's export (docs/features/data-ownership.md#export). Tables are the service's
 * own, listed by the service, so a new table is a line there.
 */
export async function heroRows(
  db: Queryable,
  schema: string,
  tables: readonly HeroTable[],
  userId: string,
): Promise<HeroExportSection> {
  const section: HeroExportSection = {};
  for (const { table, columns, omit = [] } of tables) {
    const where = columns.map((c) => `"${c}" = $1::uuid`).join(' or ');
    const rows = await db.query(`select * from "${schema}"."${table}" where ${where}`, [userId]);
    section[table] = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if (omit.includes(key)) continue;
        out[key] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    });
  }
  return section;
}

/**
 * `GET /internal/<service>/heroes/:userId/export` (access `service`): the service's rows about the hero,
 * read by the export job in quests (docs/features/data-ownership.md#export).
 */
export function heroExportRoute(
  app: HttpServer,
  db: Queryable,
  service: string,
  tables: readonly HeroTable[],
): void {
  app.get(
    `/internal/${service}/heroes/:userId/export`,
    { config: { access: 'service' }, schema: { params: UserIdParams } },
    async (request) => heroRows(db, service, tables, request.params.userId),
  );
}
