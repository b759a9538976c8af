/**
 * @module
 * Generic reads for the content API (spec section 7: "GET with a query filter {field}={value}"),
 * restricted to the known columns of each table. Filter values arrive as text and are converted
 * to the column's type; a value that cannot match (a malformed uuid) simply matches nothing.
 */
import type { Database } from "@heritage/db";
import { asc, desc, eq, getTableColumns, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ContentError } from "./content-errors";
import { isUuid } from "./db/postgres-errors";
import {
  auditLog,
  categories,
  contactSubmissions,
  emailOutbox,
  faqs,
  languages,
  media,
  projects,
  revisions,
  siteContent,
  trash,
} from "./db/schema";

/** Tables the content API can read, by their API name (`/functions/api-{table}`). */
export const queryableTables = {
  projects,
  categories,
  faqs,
  languages,
  site_content: siteContent,
  contact_submissions: contactSubmissions,
  media,
  email_outbox: emailOutbox,
  revisions,
  trash,
  audit_log: auditLog,
} as const satisfies Record<string, PgTable>;
export type QueryableTableName = keyof typeof queryableTables;

/** Equal, not equal, at least (`>=`), at most (`<=`). */
export type FilterOperator = "eq" | "neq" | "gte" | "lte";
export type RowFilter = { column: string; operator: FilterOperator; value: string };
export type RowOrder = { column: string; direction: "asc" | "desc" };
export type RowQuery = {
  filters?: RowFilter[];
  order?: RowOrder[];
  limit?: number;
  /** Rows to skip first (the next page of a listing). */
  offset?: number;
};

/** Largest `limit` a query may ask for. */
export const MAX_QUERY_LIMIT = 1000;

/** The column names a table accepts in filters and ordering. */
export function queryableColumnNames(tableName: QueryableTableName): string[] {
  return Object.keys(getTableColumns(queryableTables[tableName]));
}

function columnOf(tableName: QueryableTableName, name: string): PgColumn {
  const columns = getTableColumns(queryableTables[tableName]) as Record<string, PgColumn>;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) {
    throw new ContentError("UNKNOWN_COLUMN", `Unknown column "${name}" in ${tableName}`, {
      column: name,
      columns: Object.keys(columns),
    });
  }
  return column;
}

function filterCondition(tableName: QueryableTableName, filter: RowFilter): SQL {
  const column = columnOf(tableName, filter.column);
  const compare = (value: unknown) => {
    switch (filter.operator) {
      case "eq":
        return eq(column, value);
      case "neq":
        return ne(column, value);
      case "gte":
        return gte(column, value);
      case "lte":
        return lte(column, value);
    }
  };
  const invalid = (expected: string) =>
    new ContentError(
      "INVALID_QUERY",
      `Filter ${filter.column} expects ${expected}, got "${filter.value}"`,
      { column: filter.column },
    );

  if (column.columnType === "PgUUID") {
    // No uuid equals a malformed one; comparing would be a database error instead.
    if (!isUuid(filter.value)) return filter.operator === "neq" ? sql`true` : sql`false`;
    return compare(filter.value);
  }
  switch (column.dataType) {
    case "boolean":
      if (filter.value !== "true" && filter.value !== "false") throw invalid("true or false");
      return compare(filter.value === "true");
    case "number": {
      const value = Number(filter.value);
      if (!Number.isInteger(value)) throw invalid("an integer");
      return compare(value);
    }
    case "date": {
      const value = new Date(filter.value);
      if (Number.isNaN(value.getTime())) throw invalid("a date");
      return compare(value);
    }
    case "json":
      throw new ContentError("INVALID_QUERY", `Column "${filter.column}" cannot be filtered`, {
        column: filter.column,
      });
    default:
      return compare(filter.value);
  }
}

/**
 * Selects rows of a table with equality / inequality filters on known columns, an ordering, a
 * limit and an offset. Throws `UNKNOWN_COLUMN` or `INVALID_QUERY` (400) for anything else.
 */
export async function selectRows(
  db: Database,
  tableName: QueryableTableName,
  query: RowQuery,
): Promise<Record<string, unknown>[]> {
  const table = queryableTables[tableName];
  const conditions = (query.filters ?? []).map((filter) => filterCondition(tableName, filter));
  const ordering = (query.order ?? []).map(({ column, direction }) =>
    direction === "desc" ? desc(columnOf(tableName, column)) : asc(columnOf(tableName, column)),
  );
  if (query.limit !== undefined && !(Number.isInteger(query.limit) && query.limit >= 0)) {
    throw new ContentError("INVALID_QUERY", "limit must be a whole number");
  }
  const limit = Math.min(query.limit ?? MAX_QUERY_LIMIT, MAX_QUERY_LIMIT);
  if (query.offset !== undefined && !(Number.isSafeInteger(query.offset) && query.offset >= 0)) {
    throw new ContentError("INVALID_QUERY", "offset must be a whole number");
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...ordering)
    .limit(limit)
    .offset(query.offset ?? 0);
  return rows as Record<string, unknown>[];
}
