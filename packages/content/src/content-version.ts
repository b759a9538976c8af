/**
 * @module
 * A fingerprint of everything the public pages show, for HTTP validators (ETags): it changes with
 * every write to public content, so a cached page is never served after a change.
 */
import { createHash } from "node:crypto";
import type { Database } from "@heritage/db";
import { type SQL, sql } from "drizzle-orm";
import * as contentTables from "./db/schema";

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
  const parts: SQL[] = publicContentTables.map(
    (table) =>
      sql`select count(*)::text || '@' || coalesce(max(${table.updated_at})::text, '-') as v from ${table}`,
  );
  const result = await db.execute<{ v: string }>(sql.join(parts, sql` union all `));
  return createHash("sha256")
    .update(result.rows.map((row) => row.v).join("|"))
    .digest("base64url")
    .slice(0, 16);
}
