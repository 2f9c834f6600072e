import { readFile } from 'node:fs/promises';
import { get_dmmf } from '@prisma/prisma-schema-wasm';
import { openPglite } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  schema: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueFields: string[][];
}

const SCALAR_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  Float: 'double precision',
  Decimal: 'numeric',
  Json: 'jsonb',
  DateTime: 'timestamp without time zone',
  Bytes: 'bytea',
};
const NATIVE_TYPES: Record<string, string> = {
  Uuid: 'uuid',
  Timestamptz: 'timestamp with time zone',
  Timestamp: 'timestamp without time zone',
  Date: 'date',
  VarChar: 'character varying',
  Text: 'text',
  Integer: 'integer',
  SmallInt: 'smallint',
  DoublePrecision: 'double precision',
  Decimal: 'numeric',
  JsonB: 'jsonb',
};

/**
 * Applies a service's SQL migrations to a fresh database and compares the result with its
 * schema.prisma: every model has its table, every field its column with the same type and nullability,
 * ids, uniques and relations their constraints, and no table or column exists that Prisma doesn't know.
 * Returns the disagreements (empty when they agree).
 */
export async function schemaDisagreements(prismaDir: URL): Promise<string[]> {
  const schemaText = await readFile(new URL('schema.prisma', prismaDir), 'utf8');
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schemaText]] })));
  const models: DmmfModel[] = dmmf.datamodel.models;
  const enums = new Set<string>(dmmf.datamodel.enums.map((e: { name: string }) => e.name));
  const schemas = new Set(models.map((m) => m.schema ?? 'public'));
  const db = await openPglite(undefined);
  const problems: string[] = [];
  try {
    for (const schema of schemas) await migrate(db, schema, new URL('migrations/', prismaDir));
    const columns = await db.query<{
      table_schema: string;
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
    }>(
      `select table_schema, table_name, column_name, data_type, is_nullable from information_schema.columns
       where table_schema = any($1) and table_name not like '\\_%'`,
      [[...schemas]],
    );
    const constraints = await db.query<{
      table_schema: string;
      table_name: string;
      type: string;
      columns: string[];
      ref_table: string | null;
    }>(
      `select n.nspname as table_schema, t.relname as table_name, c.contype as type,
              array(select a.attname from unnest(c.conkey) k join pg_attribute a
                    on a.attrelid = c.conrelid and a.attnum = k order by a.attname)::text[] as columns,
              rt.relname as ref_table
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
       left join pg_class rt on rt.oid = c.confrelid
       where n.nspname = any($1)`,
      [[...schemas]],
    );
    const uniqueIndexes = await db.query<{ table_schema: string; table_name: string; columns: string[] }>(
      `select n.nspname as table_schema, t.relname as table_name,
              array(select a.attname from unnest(i.indkey) k join pg_attribute a
                    on a.attrelid = i.indrelid and a.attnum = k order by a.attname)::text[] as columns
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
       where i.indisunique and n.nspname = any($1)`,
      [[...schemas]],
    );
    const same = (a: string[], b: string[]) => [...a].sort().join(',') === [...b].sort().join(',');
    const seenTables = new Set<string>();

    for (const model of models) {
      const schema = model.schema ?? 'public';
      const table = model.dbName ?? model.name;
      seenTables.add(`${schema}.${table}`);
      const tableColumns = columns.filter((c) => c.table_schema === schema && c.table_name === table);
      if (tableColumns.length === 0) {
        problems.push(`model ${model.name}: table ${schema}.${table} is missing`);
        continue;
      }
      const column = (field: string) => model.fields.find((f) => f.name === field)?.dbName ?? field;
      const scalars = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum');
      for (const field of scalars) {
        const name = field.dbName ?? field.name;
        const col = tableColumns.find((c) => c.column_name === name);
        if (!col) {
          problems.push(`${model.name}.${field.name}: column ${table}.${name} is missing`);
          continue;
        }
        const expected = field.isList
          ? 'ARRAY'
          : enums.has(field.type)
            ? 'USER-DEFINED'
            : field.nativeType
              ? NATIVE_TYPES[field.nativeType[0]]
              : SCALAR_TYPES[field.type];
        if (expected && col.data_type !== expected) {
          problems.push(
            `${model.name}.${field.name}: column type is ${col.data_type}, schema says ${expected}`,
          );
        }
        const nullable = col.is_nullable === 'YES';
        if (nullable === field.isRequired) {
          problems.push(
            `${model.name}.${field.name}: column is ${nullable ? 'nullable' : 'not null'}, schema says ${field.isRequired ? 'required' : 'optional'}`,
          );
        }
        if (
          field.isUnique &&
          !uniqueIndexes.some(
            (i) => i.table_schema === schema && i.table_name === table && same(i.columns, [name]),
          )
        ) {
          problems.push(`${model.name}.${field.name}: no unique index on ${table}.${name}`);
        }
      }
      for (const col of tableColumns) {
        if (!scalars.some((f) => (f.dbName ?? f.name) === col.column_name)) {
          problems.push(`${model.name}: column ${table}.${col.column_name} is not in schema.prisma`);
        }
      }
      const idFields = model.primaryKey?.fields ?? scalars.filter((f) => f.isId).map((f) => f.name);
      const pk = constraints.find(
        (c) => c.table_schema === schema && c.table_name === table && c.type === 'p',
      );
      if (!pk || !same(pk.columns, idFields.map(column))) {
        problems.push(
          `${model.name}: primary key is (${pk?.columns.join(', ') ?? 'none'}), schema says (${idFields.map(column).join(', ')})`,
        );
      }
      for (const unique of model.uniqueFields) {
        const cols = unique.map(column);
        if (
          !uniqueIndexes.some(
            (i) => i.table_schema === schema && i.table_name === table && same(i.columns, cols),
          )
        ) {
          problems.push(`${model.name}: no unique index on (${cols.join(', ')})`);
        }
      }
      for (const relation of model.fields.filter(
        (f) => f.kind === 'object' && f.relationFromFields?.length,
      )) {
        const target = models.find((m) => m.name === relation.type);
        const cols = relation.relationFromFields!.map(column);
        const fk = constraints.find(
          (c) =>
            c.table_schema === schema &&
            c.table_name === table &&
            c.type === 'f' &&
            same(c.columns, cols) &&
            c.ref_table === (target?.dbName ?? target?.name),
        );
        if (!fk)
          problems.push(
            `${model.name}.${relation.name}: no foreign key (${cols.join(', ')}) → ${relation.type}`,
          );
      }
    }
    const tables = new Set(columns.map((c) => `${c.table_schema}.${c.table_name}`));
    for (const t of tables) if (!seenTables.has(t)) problems.push(`table ${t} has no model in schema.prisma`);
  } finally {
    await db.close();
  }
  return problems;
}
