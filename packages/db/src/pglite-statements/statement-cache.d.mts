import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/** Named prepared statements over one PGlite instance (statement-cache.mjs, decision 049). */
export interface StatementCache {
  /** A statement on its own: waits for a transaction under way, as PGlite's `query` does. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>>;
  /** A statement inside the transaction that holds the database now. */
  queryInTransaction<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>>;
  /** How many statements are kept now. */
  readonly size: number;
}

export function createStatementCache(
  pglite: PGlite,
  options?: { capacity?: number },
): StatementCache;
