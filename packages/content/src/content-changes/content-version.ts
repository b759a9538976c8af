/**
 * @module
 * A fingerprint of everything the public pages show, for HTTP validators (ETags): it changes with
 * every write to public content, so a cached page is never served after a change.
 */
import type { Database } from "@heritage/db";
import { type SQL, sql } from "drizzle-orm";
import * as contentTables from "../db/schema";

/** Tables whose rows public pages show; media counts too (image variants feed srcset). */
const publicContentTables = [
  contentTables.projects,
  contentTables.categories,
  contentTables.faqs,
  contentTables.languages,
  contentTables.siteContent,
  contentTables.media,
];

/**
 * A short fingerprint of all public content: per table the row count and the newest
 * updated_at. Inserts and deletes change the count, updates move updated_at.
 */
export async function getContentVersion(db: Database): Promise<string> {
  // Hashed in the database, so this module stays free of Node built-ins: the package's barrel
  // is also imported by browser code (the admin forms' schemas).
  const parts: SQL[] = publicContentTables.map(
    (table, index) =>
      sql`select ${index}::int as n, count(*)::text || '@' || coalesce(max(${table.updated_at})::text, '-') as v from ${table}`,
  );
  const result = await db.execute<{ version: string }>(
    sql`select left(md5(string_agg(v, '|' order by n)), 16) as version from (${sql.join(parts, sql` union all `)}) as parts`,
  );
  const version = result.rows[0]?.version;
  if (!version) throw new Error("The content version query returned no row");
  return version;
}
