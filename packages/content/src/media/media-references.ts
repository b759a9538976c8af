/**
 * @module
 * Which uploaded images the content still refers to (issue 19, defect 9). An upload is referred
 * to when its id (the folder of its files, in every URL it is served under: `/media/{id}/...`,
 * a bucket's public URL, a share image) appears anywhere in a row of the content the site shows:
 * projects (image, SEO images, HTML details), site content (about image, legal pages' HTML,
 * global SEO images and logo), FAQs and categories, and the trash and the revisions kept of them
 * (issue 29): a restored item, or a restored older version, gets its images back; and the
 * drafts (issue 34, item 1): a draft's new image is there when it is published.
 *
 * An upload no content refers to is marked (`unreferenced_since`), and the mark is cleared when
 * content refers to it again; the server removes its files once the mark is older than a grace
 * period. Every step is one statement that only acts on rows still in the expected state, so
 * several processes sweeping one database at once do no harm (and announce no change when there
 * is nothing to do: the media table's trigger notifies per statement).
 *
 * Withheld uploads (issue 33, item 8; decision 017): an upload no live content uses (only the
 * trash or revisions keep it, or it is marked unreferenced) is not served to visitors. When an
 * item leaves the trash for good, the uploads only it (and its revisions) kept are marked
 * `MEDIA_DUE_NOW`, so they go at once rather than after the grace period.
 */
import type { Database } from "@heritage/db";
import { type SQL, sql } from "drizzle-orm";
import { isUuid } from "../db/postgres-errors";
import {
  categories,
  drafts,
  faqs,
  media,
  projects,
  revisions,
  siteContent,
  trash,
} from "../db/schema";

/** What the site shows: a reference from here keeps an upload public. */
const liveReferrers = [projects, siteContent, faqs, categories];
/** What editors may bring back: a reference from here keeps an upload, but not public. */
const historyReferrers = [trash, revisions];
/**
 * Drafts (issue 34, item 1): an upload a draft names is kept for its publishing, but it does not
 * withhold it from visitors (a draft is announced to no process, so no process's set would know).
 */
const draftReferrers = [drafts];
type Referrer =
  | (typeof liveReferrers)[number]
  | (typeof historyReferrers)[number]
  | (typeof draftReferrers)[number];

/**
 * The mark of an upload whose item left the trash for good: older than any grace period, so the
 * next removal (the purge's own, else any sweep) takes it at once.
 */
export const MEDIA_DUE_NOW = new Date(0);

/** True (SQL) when some row of `referrers` holds the upload id `id` in its text. */
function referencedBy(referrers: readonly Referrer[], id: SQL): SQL {
  const holdsId = (table: Referrer) =>
    sql`exists (select 1 from ${table} as referrer where strpos(referrer::text, ${id}::text) > 0)`;
  return sql`(${sql.join(referrers.map(holdsId), sql` or `)})`;
}

/** True (SQL) when some content row's text holds the media row's id. */
function isReferenced(): SQL {
  return referencedBy([...liveReferrers, ...historyReferrers, ...draftReferrers], sql`${media.id}`);
}

/**
 * True (SQL) when the upload `m` (a media row under that alias) must not be served to visitors:
 * no live content uses it, and either the history keeps it (a trashed item, an older version) or
 * it is marked unreferenced (on its way out). An upload not yet saved into any form, and not yet
 * found by a sweep, stays public: the editor's form previews it, and publishing it must not race
 * the other processes hearing of the save.
 */
function isWithheld(m: SQL): SQL {
  return sql`(not ${referencedBy(liveReferrers, sql`${m}.id`)} and (${m}.unreferenced_since is not null or ${referencedBy(historyReferrers, sql`${m}.id`)}))`;
}

/**
 * The ids of every upload visitors must not get now (see `isWithheld`). Live references are
 * looked for first (most uploads have one), the history only for the rest.
 */
export async function findWithheldMedia(db: Database): Promise<string[]> {
  const unused = sql.identifier("unused");
  const result = await db.execute<{ id: string }>(
    sql`with ${unused} as materialized (select m.id, m.unreferenced_since from ${media} as m where not ${referencedBy(liveReferrers, sql`m.id`)}) select ${unused}.id::text as id from ${unused} where ${unused}.unreferenced_since is not null or ${referencedBy(historyReferrers, sql`${unused}.id`)}`,
  );
  return result.rows.map((row) => row.id);
}

/** Whether visitors must not get the upload `id` now: one upload's `findWithheldMedia`. */
export async function isMediaWithheld(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const m = sql.identifier("m");
  const result = await db.execute<{ withheld: boolean }>(
    sql`select exists (select 1 from ${media} as ${m} where ${m}.id = ${id}::uuid and ${isWithheld(sql`${m}`)}) as withheld`,
  );
  return result.rows[0]?.withheld === true;
}

/**
 * Marks `MEDIA_DUE_NOW` the uploads named anywhere in `rows` (an item that left the trash for
 * good and its revisions, as they were kept) that nothing refers to any more. Run in the
 * transaction that removes them, so a crash leaves no such upload unmarked. Writes only when there
 * is one (the media table's trigger would otherwise empty every page cache). The ids marked.
 */
export async function markMediaDueForRemoval(db: Database, rows: unknown[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const text = JSON.stringify(rows);
  const due = MEDIA_DUE_NOW.toISOString();
  const toMark = sql`strpos(${text}::text, ${media.id}::text) > 0 and (${media.unreferenced_since} is null or ${media.unreferenced_since} > ${due}::timestamptz) and not ${isReferenced()}`;
  const candidates = await db.execute<{ id: string }>(
    sql`select ${media.id}::text as id from ${media} where ${toMark}`,
  );
  if (candidates.rows.length === 0) return [];
  const result = await db.execute<{ id: string }>(
    sql`update ${media} set unreferenced_since = ${due}::timestamptz where ${media.id}::text in (${sql.join(
      candidates.rows.map((row) => sql`${row.id}`),
      sql`, `,
    )}) and ${toMark} returning ${media.id}::text as id`,
  );
  return result.rows.map((row) => row.id);
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
