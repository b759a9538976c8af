/**
 * @module
 * What a database holds, read from its own catalog (pg_catalog): the tables of the given schemas
 * with their stored columns and foreign keys, and their sequences. This package knows no module's
 * tables; the callers name the schemas (those of the migration sets, decision 016).
 */
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../connect";

/** A database or a transaction on one: everything here only reads or writes through `execute`. */
export type Queryable = Pick<Database | Transaction, "execute">;

export interface ColumnInfo {
  name: string;
  /** As `format_type` spells it, e.g. `timestamp with time zone`, `text[]`, `auth.kind`. */
  type: string;
}

export interface TableInfo {
  schema: string;
  name: string;
  /** `schema.name`, as used in messages and archive paths. */
  qualifiedName: string;
  /** Stored columns in column order; generated columns are left out (they are recomputed). */
  columns: ColumnInfo[];
  /** Whether any column is `GENERATED ALWAYS AS IDENTITY` (inserts then need OVERRIDING). */
  hasIdentityAlways: boolean;
  /** Tables this one references (foreign keys), other than itself. */
  references: string[];
}

export interface SequenceInfo {
  schema: string;
  name: string;
  qualifiedName: string;
}

export interface SequenceState {
  /** A bigint, as text. */
  lastValue: string;
  isCalled: boolean;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
}

/**
 * The tables of `schemas`, parents before the tables that reference them, so rows can be
 * inserted in this order with every foreign key checked as it goes. A circle of foreign keys
 * between tables cannot be ordered and is refused.
 */
export async function listTables(db: Queryable, schemas: string[]): Promise<TableInfo[]> {
  if (schemas.length === 0) return [];
  const columns = await db.execute<{
    schema: string;
    table: string;
    column: string;
    type: string;
    identity: string;
  }>(sql`
    select n.nspname as schema, c.relname as table, a.attname as column,
           format_type(a.atttypid, a.atttypmod) as type, a.attidentity::text as identity
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where c.relkind in ('r', 'p') and n.nspname in ${schemas}
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by n.nspname, c.relname, a.attnum`);
  const foreignKeys = await db.execute<{ child: string; parent: string }>(sql`
    select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace cn on cn.oid = c.relnamespace
    join pg_class p on p.oid = k.confrelid
    join pg_namespace pn on pn.oid = p.relnamespace
    where k.contype = 'f' and cn.nspname in ${schemas}`);

  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    const qualifiedName = `${row.schema}.${row.table}`;
    let table = tables.get(qualifiedName);
    if (!table) {
      table = {
        schema: row.schema,
        name: row.table,
        qualifiedName,
        columns: [],
        hasIdentityAlways: false,
        references: [],
      };
      tables.set(qualifiedName, table);
    }
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity === "a") table.hasIdentityAlways = true;
  }
  for (const { child, parent } of foreignKeys.rows) {
    const table = tables.get(child);
    if (table && child !== parent && !table.references.includes(parent)) {
      table.references.push(parent);
    }
  }
  return orderByReferences([...tables.values()]);
}

function orderByReferences(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.qualifiedName, table]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TableInfo, path: string[]) => {
    const seen = state.get(table.qualifiedName);
    if (seen === "done") return;
    if (seen === "visiting") {
      throw new Error(
        `foreign keys form a circle (${[...path, table.qualifiedName].join(" -> ")}): cannot order the copy`,
      );
    }
    state.set(table.qualifiedName, "visiting");
    for (const parent of [...table.references].sort()) {
      const parentTable = byName.get(parent);
      // A parent outside the copied schemas must already exist in the target.
      if (parentTable) visit(parentTable, [...path, table.qualifiedName]);
    }
    state.set(table.qualifiedName, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.qualifiedName.localeCompare(b.qualifiedName))) {
    visit(table, []);
  }
  return ordered;
}

export async function listSequences(db: Queryable, schemas: string[]): Promise<SequenceInfo[]> {
  if (schemas.length === 0) return [];
  const result = await db.execute<{ schema: string; name: string }>(sql`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname in ${schemas}
    order by 1, 2`);
  return result.rows.map((row) => ({ ...row, qualifiedName: `${row.schema}.${row.name}` }));
}

export async function readSequence(db: Queryable, sequence: SequenceInfo): Promise<SequenceState> {
  const result = await db.execute<{ last_value: string; is_called: boolean }>(
    sql.raw(
      `select last_value::text as last_value, is_called from ${quoteQualified(sequence.schema, sequence.name)}`,
    ),
  );
  const row = result.rows[0];
  if (!row) throw new Error(`sequence ${sequence.qualifiedName} has no state`);
  return { lastValue: row.last_value, isCalled: row.is_called };
}

export async function writeSequence(
  db: Queryable,
  sequence: SequenceInfo,
  state: SequenceState,
): Promise<void> {
  const name = quoteQualified(sequence.schema, sequence.name);
  await db.execute(
    sql`select setval(${name}::regclass, ${state.lastValue}::bigint, ${state.isCalled})`,
  );
}

/** Schemas of `schemas` that exist in the database. */
export async function existingSchemas(db: Queryable, schemas: string[]): Promise<string[]> {
  if (schemas.length === 0) return [];
  const result = await db.execute<{ name: string }>(
    sql`select nspname as name from pg_namespace where nspname in ${schemas} order by 1`,
  );
  return result.rows.map((row) => row.name);
}
