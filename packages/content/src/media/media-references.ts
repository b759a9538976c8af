/**
 * @module
 * Which uploaded images the content still refers to (issue 19, defect 9). An upload is referred
 * to when its id (the folder of its files, in every URL it is served under: `/media/{id}/...`,
 * a bucket's public URL, a share image) appears anywhere in a row of the content the site shows:
 * projects (image, SEO images, HTML details), site content (about image, legal pages' HTML,
 * global SEO images and logo), FAQs and categories, and the trash and the revisions kept of them
 * (issue 29): a restored item, or a restored older version, gets its images back.
 *
 * An upload no content refers to is marked (`unreferenced_since`), and the mark is cleared when
 * content refers to it again; the server removes its files once the mark is older than a grace
 * period. Every step is one statement that only acts on rows still in the expected state, so
 * several processes sweeping one database at once do no harm (and announce no change when there
 * is nothing to do: the media table's trigger notifies per statement).
 */
import type { Database } from "@heritage/db";
import { type SQL, sql } from "drizzle-orm";
import { categories, faqs, media, projects, revisions, siteContent, trash } from "../db/schema";

/** True (SQL) when some content row's text holds the media row's id. */
function isReferenced(): SQL {
  const referrers = [projects, siteContent, faqs, categories, trash, revisions];
  const holdsId = (table: (typeof referrers)[number]) =>
    sql`exists (select 1 from ${table} as referrer where strpos(referrer::text, ${media.id}::text) > 0)`;
  return sql`(${sql.join(referrers.map(holdsId), sql` or `)})`;
}

export interface MediaFiles {
  id: string;
  /** Storage keys of the original and its variants. */
  keys: string[];
}

export interface MarkResult {
  /** Uploads found unreferenced now (their grace period starts). */
  marked: string[];
  /** Uploads referred to again (their mark cleared). */
  cleared: string[];
}

/**
 * Marks uploads no content refers to (keeping an existing mark), and clears the mark of those
 * referred to again. Writes only when something changed.
 */
export async function markUnreferencedMedia(db: Database, now = new Date()): Promise<MarkResult> {
  const result = await db.execute<{ id: string; referenced: boolean; marked: boolean }>(
    sql`select ${media.id}::text as id, ${isReferenced()} as referenced, ${media.unreferenced_since} is not null as marked from ${media}`,
  );
  const toMark = result.rows.filter((row) => !row.referenced && !row.marked).map((row) => row.id);
  const toClear = result.rows.filter((row) => row.referenced && row.marked).map((row) => row.id);
  const marked: string[] = [];
  const cleared: string[] = [];
  if (toMark.length > 0) {
    const rows = await db.execute<{ id: string }>(
      sql`update ${media} set unreferenced_since = ${now.toISOString()}::timestamptz where ${media.id}::text in (${sql.join(
        toMark.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${media.unreferenced_since} is null and not ${isReferenced()} returning ${media.id}::text as id`,
    );
    marked.push(...rows.rows.map((row) => row.id));
  }
  if (toClear.length > 0) {
    const rows = await db.execute<{ id: string }>(
      sql`update ${media} set unreferenced_since = null where ${media.id}::text in (${sql.join(
        toClear.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${isReferenced()} returning ${media.id}::text as id`,
    );
    cleared.push(...rows.rows.map((row) => row.id));
  }
  return { marked, cleared };
}

/** Uploads unreferenced since before `before` and still unreferenced: their files may go. */
export async function findExpiredMedia(db: Database, before: Date): Promise<MediaFiles[]> {
  const result = await db.execute<{ id: string; storage_key: string; variants: unknown }>(
    sql`select ${media.id}::text as id, ${media.storage_key} as storage_key, ${media.variants} as variants from ${media} where ${media.unreferenced_since} <= ${before.toISOString()}::timestamptz and not ${isReferenced()}`,
  );
  return result.rows.map((row) => ({ id: row.id, keys: storageKeysOf(row) }));
}

/**
 * Removes the record of an upload whose files were removed, unless content refers to it again
 * meanwhile or its mark was cleared. True when this call removed it.
 */
export async function deleteExpiredMediaRecord(
  db: Database,
  id: string,
  before: Date,
): Promise<boolean> {
  const result = await db.execute<{ id: string }>(
    sql`delete from ${media} where ${media.id}::text = ${id} and ${media.unreferenced_since} <= ${before.toISOString()}::timestamptz and not ${isReferenced()} returning ${media.id}::text as id`,
  );
  return result.rows.length > 0;
}

function storageKeysOf(row: { storage_key: string; variants: unknown }): string[] {
  const variants = typeof row.variants === "string" ? JSON.parse(row.variants) : row.variants;
  const keys = [row.storage_key];
  if (Array.isArray(variants)) {
    for (const variant of variants) {
      const key = (variant as { storage_key?: unknown })?.storage_key;
      if (typeof key === "string") keys.push(key);
    }
  }
  return [...new Set(keys)];
}
