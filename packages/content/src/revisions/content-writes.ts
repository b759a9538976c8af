/**
 * @module
 * Every write of the content API goes through `writeContent` (issue 29): in one transaction it
 * locks the row, refuses the write when the writer's version (`If-Match`) is no longer the row's,
 * performs it, keeps a revision of revisioned content (projects, categories, FAQs, site content),
 * moves a deleted row to the trash, keeps the moments its translations' status is read from
 * (issue 34, item 2: translations/translation-status.ts), and appends an audit log entry naming
 * the admin. A write refused anywhere leaves nothing behind: row, revision, trash, translation
 * status and log commit together or not at all, on both engines.
 */
import type { Database } from "@heritage/db";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { ContentError } from "../content-errors";
import { isUuid } from "../db/postgres-errors";
import {
  auditLog,
  type RevisionedTable,
  type RevisionOperation,
  revisionedTables,
  revisions,
  type TranslationLanguage,
  trash,
} from "../db/schema";
import { markMediaDueForRemoval } from "../media/media-references";
import { settleRestoredProjectSlug } from "../projects/projects-repository";
import { type QueryableTableName, queryableTables } from "../table-query";
import {
  findTranslationStatusRows,
  hasTranslations,
  recordTranslationChanges,
  recordTranslationChecked,
  type TranslationStatusEntry,
  translationEntries,
} from "../translations/translation-status";

/** The admin a write is made by (null: a visitor, e.g. the public contact form). */
export interface ContentActor {
  id: string;
  /** What others are shown: the admin's display name or e-mail address at the time. */
  name: string | null;
}

type Row = Record<string, unknown>;

export type ContentWriteOperation = "create" | "update" | "delete";

export interface ContentWrite<R extends Row> {
  table: QueryableTableName;
  operation: ContentWriteOperation;
  /** The row's id when it is known before the write (updates, deletes, a site-content save). */
  id?: string | undefined;
  /** `If-Match`: the version the writer's change is based on; undefined writes without a check. */
  expectedVersion?: number | undefined;
  actor: ContentActor | null;
  /** The write itself, on the transaction. Null: there was no such row. */
  write: (tx: Database) => Promise<R | null>;
}

/** Columns never compared between revisions: the database sets them. */
const bookkeepingColumns = new Set(["created_at", "updated_at", "version", "image_url"]);

export function isRevisionedTable(table: string): table is RevisionedTable {
  return (revisionedTables as readonly string[]).includes(table);
}

function tableOf(name: QueryableTableName): PgTable & { id: PgColumn } {
  return queryableTables[name] as unknown as PgTable & { id: PgColumn };
}

/** The row, locked until the transaction ends so that no other writer slips in between. */
async function lockRow(tx: Database, name: QueryableTableName, id: string): Promise<Row | null> {
  const table = tableOf(name);
  // No row has a malformed uuid (contact messages' ids); comparing would be a database error.
  if (table.id.columnType === "PgUUID" && !isUuid(id)) return null;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update").limit(1);
  return (row as Row | undefined) ?? null;
}

/** The fields whose values differ between two states of a row (every field for a new row). */
export function changedFields(before: Row | null, after: Row): string[] {
  return Object.keys(after)
    .filter((field) => !bookkeepingColumns.has(field))
    .filter(
      (field) => before === null || JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
}

/** Plain JSON of a row (dates as ISO strings), as revisions and the trash keep it. */
function toJson(row: Row): Row {
  return JSON.parse(JSON.stringify(row)) as Row;
}

/** A short label of a row for the audit log and messages: its title, question or name. */
export function rowLabel(row: Row): string {
  for (const field of ["title", "question", "name", "subject"]) {
    const value = row[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 120);
  }
  return String(row.id ?? "");
}

const rowNouns: Record<string, string> = {
  projects: "project",
  categories: "category",
  faqs: "FAQ item",
  languages: "language",
  site_content: "page content",
  contact_submissions: "message",
};

/** Who last changed the row and when, from the audit log (else the row's own updated_at). */
async function lastChange(
  tx: Database,
  table: QueryableTableName,
  row: Row,
): Promise<{ by: string | null; at: string }> {
  const [entry] = await tx
    .select({ by: auditLog.actor_name, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.target_type, table), eq(auditLog.target_id, String(row.id))))
    .orderBy(desc(auditLog.at))
    .limit(1);
  const updatedAt =
    row.updated_at instanceof Date ? row.updated_at : new Date(String(row.updated_at));
  return { by: entry?.by ?? null, at: (entry?.at ?? updatedAt).toISOString() };
}

/** The 412 a write based on an older version gets: who changed the row, when, and its state now. */
async function versionConflict(
  tx: Database,
  table: QueryableTableName,
  current: Row,
): Promise<ContentError> {
  const { by, at } = await lastChange(tx, table, current);
  const noun = rowNouns[table] ?? "row";
  const who = by ? `by ${by} ` : "";
  return new ContentError(
    "VERSION_CONFLICT",
    `This ${noun} was changed ${who}at ${at} after you opened it. Nothing was saved: compare your changes with the current version and save again.`,
    { current_version: current.version, changed_by: by, changed_at: at, current },
  );
}

/** Reads an `If-Match` value: `"7"` or `W/"7"` is version 7; `*` is any version (no check). */
export function parseIfMatch(header: string | undefined): number | undefined | "invalid" {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === "*") return undefined;
  const match = /^(?:W\/)?"(\d{1,9})"$/.exec(value);
  return match ? Number(match[1]) : "invalid";
}

/** The ETag of a row's version (RFC 9110: a quoted opaque string). */
export function versionTag(row: Row): string | null {
  return typeof row.version === "number" ? `"${row.version}"` : null;
}

async function record(
  tx: Database,
  options: {
    table: QueryableTableName;
    operation: RevisionOperation;
    before: Row | null;
    after: Row;
    actor: ContentActor | null;
    restoredFrom?: string | undefined;
    /** What the translation status compares with when `before` is null (a row back from the trash). */
    translationBaseline?: Row | null | undefined;
  },
): Promise<void> {
  const { table, operation, before, after, actor } = options;
  if (isRevisionedTable(table) && operation !== "delete") {
    await recordTranslationChanges(tx, table, before ?? options.translationBaseline ?? null, after);
  }
  const id = String(after.id);
  const changed = operation === "delete" ? [] : changedFields(before, after);
  if (isRevisionedTable(table) && before) await keepBaseline(tx, table, before);
  if (isRevisionedTable(table) && (operation !== "update" || changed.length > 0)) {
    await tx.insert(revisions).values({
      table_name: table,
      row_id: id,
      version: Number(after.version ?? 1),
      operation,
      data: toJson(after),
      changed_fields: changed,
      actor_id: actor?.id ?? null,
      actor_name: actor?.name ?? null,
      restored_from: options.restoredFrom ?? null,
    });
  }
  if (isRevisionedTable(table) && operation === "delete") {
    await tx
      .insert(trash)
      .values({
        table_name: table,
        row_id: id,
        data: toJson(after),
        deleted_by_id: actor?.id ?? null,
        deleted_by_name: actor?.name ?? null,
      })
      .onConflictDoUpdate({
        target: [trash.table_name, trash.row_id],
        set: {
          data: toJson(after),
          deleted_by_id: actor?.id ?? null,
          deleted_by_name: actor?.name ?? null,
          deleted_at: sql`now()`,
        },
      });
  }
  // Visitors' writes (a contact message) are not admin actions.
  if (actor) {
    await tx.insert(auditLog).values({
      actor_id: actor.id,
      actor_name: actor.name,
      action: `content.${operation}`,
      target_type: table,
      target_id: id,
      summary: rowLabel(after),
      details: {
        version: after.version ?? null,
        ...(operation === "update" || operation === "restore" ? { changed_fields: changed } : {}),
        ...(options.restoredFrom ? { restored_from: options.restoredFrom } : {}),
      },
    });
  }
}

/**
 * The row, locked for the rest of the transaction, after checking it is still at the writer's
 * version (`expectedVersion`, when given): else the 412 naming who changed it. Null: no row.
 */
export async function lockAndCheck(
  tx: Database,
  table: QueryableTableName,
  id: string,
  expectedVersion: number | undefined,
): Promise<Row | null> {
  const before = await lockRow(tx, table, id);
  if (before && expectedVersion !== undefined && before.version !== expectedVersion) {
    throw await versionConflict(tx, table, before);
  }
  return before;
}

/**
 * A row written before history was kept (the seeded copy, rows older than this feature) has no
 * revision of its state: the first change keeps that state first, so it can be restored too.
 */
async function keepBaseline(tx: Database, table: RevisionedTable, before: Row): Promise<void> {
  const id = String(before.id);
  const [existing] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.table_name, table), eq(revisions.row_id, id)))
    .limit(1);
  if (existing) return;
  const updatedAt = before.updated_at instanceof Date ? before.updated_at : undefined;
  await tx.insert(revisions).values({
    table_name: table,
    row_id: id,
    version: Number(before.version ?? 1),
    operation: "create",
    data: toJson(before),
    changed_fields: [],
    ...(updatedAt ? { created_at: updatedAt } : {}),
  });
}

/**
 * Performs a content write with its version check, revision, trash entry and audit entry, all in
 * one transaction. Null when the row does not exist (the API answers 404). Throws
 * `VERSION_CONFLICT` (412) when `expectedVersion` is not the row's version.
 */
export async function writeContent<R extends Row>(
  db: Database,
  write: ContentWrite<R>,
): Promise<R | null> {
  return db.transaction(async (tx) => {
    const before =
      write.id === undefined
        ? null
        : await lockAndCheck(tx, write.table, write.id, write.expectedVersion);
    const row = await write.write(tx);
    if (!row) return null;
    // A save of site content inserts the row when there is none: that is its creation.
    const operation: RevisionOperation =
      write.operation === "delete" ? "delete" : before ? "update" : "create";
    await record(tx, { table: write.table, operation, before, after: row, actor: write.actor });
    return row;
  });
}

/** The editable columns of a table: what a restore writes back. */
function editableValues(name: QueryableTableName, data: Row): Row {
  const columns = getTableColumns(tableOf(name)) as Record<string, PgColumn>;
  const values: Row = {};
  for (const [field, column] of Object.entries(columns)) {
    if (field === "id" || bookkeepingColumns.has(field) || !Object.hasOwn(data, field)) continue;
    values[field] =
      column.columnType === "PgTimestamp" && data[field] !== null
        ? new Date(String(data[field]))
        : data[field];
  }
  return values;
}

/**
 * Brings a revision's state back as a new revision (`restore`). The row may have been changed
 * since (its fields are overwritten, checked against `expectedVersion` when given) or deleted
 * (it is inserted again with its id, and leaves the trash).
 */
export async function restoreRevision(
  db: Database,
  options: { revisionId: string; actor: ContentActor | null; expectedVersion?: number | undefined },
): Promise<{ table: RevisionedTable; row: Row } | null> {
  const [revision] = await db
    .select()
    .from(revisions)
    .where(sql`${revisions.id}::text = ${options.revisionId}`)
    .limit(1);
  if (!revision) return null;
  const row = await restoreRow(db, {
    table: revision.table_name,
    id: revision.row_id,
    data: revision.data,
    actor: options.actor,
    expectedVersion: options.expectedVersion,
    restoredFrom: revision.id,
  });
  return { table: revision.table_name, row };
}

/** Restores a trashed row as it was deleted. Null when the trash holds no such row. */
export async function restoreFromTrash(
  db: Database,
  options: { table: RevisionedTable; id: string; actor: ContentActor | null },
): Promise<Row | null> {
  const [entry] = await db
    .select()
    .from(trash)
    .where(and(eq(trash.table_name, options.table), eq(trash.row_id, options.id)))
    .limit(1);
  if (!entry) return null;
  return restoreRow(db, {
    table: options.table,
    id: options.id,
    data: entry.data,
    actor: options.actor,
  });
}

async function restoreRow(
  db: Database,
  options: {
    table: RevisionedTable;
    id: string;
    data: Row;
    actor: ContentActor | null;
    expectedVersion?: number | undefined;
    restoredFrom?: string | undefined;
  },
): Promise<Row> {
  const { table: name, id } = options;
  const table = tableOf(name);
  const restored = editableValues(name, options.data);
  return db.transaction(async (tx) => {
    const before = await lockAndCheck(tx, name, id, options.expectedVersion);
    // A project's address may since be another's: it keeps one nobody else holds.
    const values =
      name === "projects" ? await settleRestoredProjectSlug(tx, id, restored, before) : restored;
    let row: Row | undefined;
    if (before) {
      [row] = (await tx
        .update(table)
        .set({ ...values, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning()) as Row[];
    } else {
      // Back with its id and creation time; its version continues from the one deleted, so an
      // ETag of the old row never matches the restored one by chance.
      const data = options.data;
      [row] = (await tx
        .insert(table)
        .values({
          ...values,
          id,
          ...(data.created_at ? { created_at: new Date(String(data.created_at)) } : {}),
          version: Number(data.version ?? 0) + 1,
        })
        .returning()) as Row[];
    }
    if (!row) throw new Error(`restoring ${name} ${id} wrote no row`);
    // A row back from the trash: its translations compare with it as it was deleted, so a plain
    // restore keeps their status and an older version restored marks them as English changed.
    const [deleted] = await tx
      .delete(trash)
      .where(and(eq(trash.table_name, name), eq(trash.row_id, id)))
      .returning({ data: trash.data });
    await record(tx, {
      table: name,
      operation: "restore",
      before,
      after: row,
      actor: options.actor,
      restoredFrom: options.restoredFrom,
      translationBaseline: deleted?.data ?? null,
    });
    return row;
  });
}

/**
 * Removes a row from the trash for good, with its revisions. False when the trash holds no such
 * row. The uploads only they kept are marked for removal at once (`markMediaDueForRemoval`): the
 * caller with the media storage removes them (the server's purge route does, else the next sweep).
 */
export async function purgeFromTrash(
  db: Database,
  options: { table: RevisionedTable; id: string; actor: ContentActor | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .delete(trash)
      .where(and(eq(trash.table_name, options.table), eq(trash.row_id, options.id)))
      .returning();
    if (!entry) return false;
    const history = await tx
      .delete(revisions)
      .where(and(eq(revisions.table_name, options.table), eq(revisions.row_id, options.id)))
      .returning({ data: revisions.data });
    await markMediaDueForRemoval(tx, [entry.data, ...history.map((revision) => revision.data)]);
    if (options.actor) {
      await tx.insert(auditLog).values({
        actor_id: options.actor.id,
        actor_name: options.actor.name,
        action: "content.purge",
        target_type: options.table,
        target_id: options.id,
        summary: rowLabel(entry.data),
      });
    }
    return true;
  });
}

/**
 * Marks an item's translation into `language` as checked against its English now, without
 * changing a text (issue 34, item 2): it is up to date until English changes again. The row is
 * locked and, with `expectedVersion` (If-Match), checked like a write: an editor who read an older
 * English text does not confirm the newer one unseen. Recorded in the audit log; the row's version
 * does not move. Null when there is no such row; `TRANSLATION_MISSING` (409) when the language has
 * no text to check, `VALIDATION_FAILED` (400) for the global SEO row (not tracked).
 */
export async function markTranslationChecked(
  db: Database,
  options: {
    table: RevisionedTable;
    id: string;
    language: TranslationLanguage;
    actor: ContentActor | null;
    expectedVersion?: number | undefined;
  },
): Promise<TranslationStatusEntry | null> {
  const { table, id, language } = options;
  return db.transaction(async (tx) => {
    const row = await lockAndCheck(tx, table, id, options.expectedVersion);
    if (!row) return null;
    if (!hasTranslations(table, row)) {
      throw new ContentError(
        "VALIDATION_FAILED",
        "id: The global SEO settings have no translation status",
        {
          fields: [{ field: "id", message: "The global SEO settings have no translation status" }],
        },
      );
    }
    const current = translationEntries(table, row, await findTranslationStatusRows(tx, table, id));
    if (current.find((entry) => entry.language === language)?.status === "missing") {
      throw new ContentError("TRANSLATION_MISSING");
    }
    await recordTranslationChecked(tx, table, id, language);
    if (options.actor) {
      await tx.insert(auditLog).values({
        actor_id: options.actor.id,
        actor_name: options.actor.name,
        action: "translation.checked",
        target_type: table,
        target_id: id,
        summary: rowLabel(row),
        details: { language, version: row.version ?? null },
      });
    }
    const after = translationEntries(table, row, await findTranslationStatusRows(tx, table, id));
    const entry = after.find((candidate) => candidate.language === language);
    if (!entry) throw new Error(`no translation status of ${table} ${id} in ${language}`);
    return entry;
  });
}
