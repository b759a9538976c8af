/**
 * @module
 * Rows in and out of a table, exactly. A row travels as one line of JSON: an array with each
 * stored column's PostgreSQL text form (or null), in the table's column order. Text is what
 * PostgreSQL itself reads and writes for every type, so nothing is lost on the way (timestamps
 * keep their microseconds, numerics their digits, and a jsonb `null` stays distinct from SQL NULL,
 * which `row_to_json` would merge).
 */
import { sql } from "drizzle-orm";
import type { Queryable, TableInfo } from "./catalog";
import { quoteIdentifier, quoteQualified } from "./catalog";

/** Rows fetched per round trip when reading. */
const readBatchRows = 500;
/** A write is sent once this many rows, or this many characters of rows, are waiting. */
const writeBatchRows = 500;
const writeBatchChars = 4 * 1024 * 1024;

let cursorCounter = 0;

/**
 * Reads every row of `table` in batches of lines. Must run inside a transaction (`db` is one):
 * the rows are read through a cursor, so a large table is never held whole in memory.
 */
export async function* readRows(
  tx: Queryable,
  table: TableInfo,
  columns: string[] = table.columns.map((column) => column.name),
): AsyncGenerator<string[]> {
  const cursor = `heritage_transfer_${++cursorCounter}`;
  const values = columns.map((column) => `${quoteIdentifier(column)}::text`).join(", ");
  await tx.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select to_json(array[${values}]::text[])::text as line from ${quoteQualified(table.schema, table.name)}`,
    ),
  );
  try {
    for (;;) {
      const batch = await tx.execute<{ line: string }>(
        sql.raw(`fetch forward ${readBatchRows} from ${cursor}`),
      );
      if (batch.rows.length === 0) return;
      yield batch.rows.map((row) => row.line);
    }
  } finally {
    await tx.execute(sql.raw(`close ${cursor}`));
  }
}

/**
 * Writes rows (lines as `readRows` makes them, for `columns` in that order) into `table`,
 * casting each value from text to the target column's type. Returns how many were written.
 */
export async function writeRows(
  tx: Queryable,
  table: TableInfo,
  columns: string[],
  batches: AsyncIterable<string[]> | Iterable<string[]>,
): Promise<number> {
  const typeOf = new Map(table.columns.map((column) => [column.name, column.type]));
  const expressions = columns.map((column, index) => {
    const type = typeOf.get(column);
    if (!type) throw new Error(`${table.qualifiedName} has no column "${column}"`);
    return `(r ->> ${index})::${type}`;
  });
  const statement = `insert into ${quoteQualified(table.schema, table.name)} (${columns
    .map(quoteIdentifier)
    .join(
      ", ",
    )}) ${table.hasIdentityAlways ? "overriding system value " : ""}select ${expressions.join(
    ", ",
  )} from json_array_elements($1::json) as r`;

  let written = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  const send = async () => {
    if (pending.length === 0) return;
    const payload = `[${pending.join(",")}]`;
    const [before, after] = statement.split("$1") as [string, string];
    await tx.execute(sql`${sql.raw(before)}${payload}${sql.raw(after)}`);
    written += pending.length;
    pending = [];
    pendingChars = 0;
  };
  for await (const batch of batches) {
    for (const line of batch) {
      pending.push(line);
      pendingChars += line.length;
      if (pending.length >= writeBatchRows || pendingChars >= writeBatchChars) await send();
    }
  }
  await send();
  return written;
}

export async function countRows(db: Queryable, table: Pick<TableInfo, "schema" | "name">) {
  const result = await db.execute<{ count: string }>(
    sql.raw(`select count(*)::text as count from ${quoteQualified(table.schema, table.name)}`),
  );
  return Number(result.rows[0]?.count ?? 0);
}
