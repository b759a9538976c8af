/**
 * @module
 * Drafts (issue 34, item 1; decision 036): an item's next state saved without touching the live
 * row. A draft holds the fields a save of the item would send (`data`), merged over the draft
 * saved before, and the live version it was based on. Publishing is the item's own save
 * (`writeContent`: version check against that base, revision, translation status, audit entry)
 * with the draft removed in the same transaction, so either both happen or neither.
 */
import type { Database } from "@heritage/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { type DraftableTable, drafts } from "../db/schema";
import { recordAuditEntry } from "../revisions/audit-log";
import {
  type ContentActor,
  lockAndCheck,
  rowLabel,
  writeContent,
} from "../revisions/content-writes";
import { cancelPendingPublish } from "../schedules/publishing-schedules";
import { type Draft, type DraftOverlay, draftValues } from "./draft-overlay";

export type { Draft };

type Row = Record<string, unknown>;

/** Fields the server owns: never part of a draft (a save ignores them too). */
const serverOwnedFields = new Set(["id", "created_at", "updated_at", "version"]);

function draftFields(body: Row): Row {
  return Object.fromEntries(
    Object.entries(body).filter(([field]) => !serverOwnedFields.has(field)),
  );
}

/** The draft of an item, or null. */
export async function findDraft(
  db: Database,
  table: DraftableTable,
  id: string,
): Promise<Draft | null> {
  const [draft] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.table_name, table), eq(drafts.row_id, id)))
    .limit(1);
  return draft ?? null;
}

/** The overlay a preview of an item's draft shows, or null when it has none. */
export async function loadDraftOverlay(
  db: Database,
  table: DraftableTable,
  id: string,
): Promise<DraftOverlay | null> {
  const draft = await findDraft(db, table, id);
  if (!draft) return null;
  return { table, id, draft, fields: draftValues(table, id, draft.data) };
}

/**
 * Every draft, or a table's, or one item's, oldest item first: what the admin lists and a preview
 * overlays (an editor opening an item asks for its draft alone).
 */
export async function listDrafts(
  db: Database,
  filter: { table?: DraftableTable | undefined; id?: string | undefined } = {},
): Promise<Draft[]> {
  return db
    .select()
    .from(drafts)
    .where(
      and(
        filter.table ? eq(drafts.table_name, filter.table) : undefined,
        filter.id === undefined ? undefined : eq(drafts.row_id, filter.id),
      ),
    )
    .orderBy(asc(drafts.table_name), asc(drafts.row_id));
}

/**
 * Saves a draft of an item: the body's fields over the draft saved before (a site content
 * section's languages are saved one at a time). The live row is locked meanwhile and, with
 * `expectedVersion` (If-Match), checked like a save: 412 VERSION_CONFLICT when it moved on. The
 * draft is then based on that version; without one, on the version the earlier draft had, else
 * the live one. `validate` gets the merged fields and throws when a save of them would be
 * refused, so a draft can always be published as it is. `requireRow`: no draft of an item that
 * does not exist (projects, FAQ items; a page section may be drafted before it is first saved).
 * Null when the item does not exist and `requireRow` is set.
 */
export async function saveDraft(
  db: Database,
  options: {
    table: DraftableTable;
    id: string;
    body: Row;
    actor: ContentActor | null;
    expectedVersion?: number | undefined;
    requireRow: boolean;
    validate: (data: Row) => void;
  },
): Promise<Draft | null> {
  const { table, id, actor } = options;
  return db.transaction(async (tx) => {
    const live = await lockAndCheck(tx, table, id, options.expectedVersion);
    if (!live && options.requireRow) return null;
    const [earlier] = await tx
      .select()
      .from(drafts)
      .where(and(eq(drafts.table_name, table), eq(drafts.row_id, id)))
      .for("update")
      .limit(1);
    const data = { ...(earlier?.data ?? {}), ...draftFields(options.body) };
    options.validate(data);
    const liveVersion = typeof live?.version === "number" ? live.version : null;
    const baseVersion =
      options.expectedVersion !== undefined
        ? liveVersion
        : earlier
          ? earlier.base_version
          : liveVersion;
    const values = {
      data,
      base_version: baseVersion,
      saved_by_id: actor?.id ?? null,
      saved_by_name: actor?.name ?? null,
    };
    const [saved] = await tx
      .insert(drafts)
      .values({ table_name: table, row_id: id, ...values })
      .onConflictDoUpdate({
        target: [drafts.table_name, drafts.row_id],
        set: { ...values, version: sql`${drafts.version} + 1`, saved_at: sql`now()` },
      })
      .returning();
    if (!saved) throw new Error(`saving the draft of ${table} ${id} returned no row`);
    await recordDraftAction(tx, "content.draft", saved, actor, live);
    return saved;
  });
}

/**
 * Removes an item's draft, and cancels its scheduled publishing (there is nothing left to
 * publish); the draft removed, or null when there was none. Recorded in the audit log
 * (`content.draft_discard`) when an admin or editor did it.
 */
export async function discardDraft(
  db: Database,
  table: DraftableTable,
  id: string,
  actor: ContentActor | null = null,
): Promise<Draft | null> {
  return db.transaction(async (tx) => {
    // The live item first (its name for the log), as a draft's save and publish lock it first:
    // the same order everywhere, so two of them never wait on each other.
    const live = await lockAndCheck(tx, table, id, undefined);
    const [removed] = await tx
      .delete(drafts)
      .where(and(eq(drafts.table_name, table), eq(drafts.row_id, id)))
      .returning();
    if (!removed) return null;
    await cancelPendingPublish(tx, table, id);
    await recordDraftAction(tx, "content.draft_discard", removed, actor, live);
    return removed;
  });
}

/**
 * A draft saved or discarded, in the audit log ("who did what"): the item's name as the draft or
 * the live item has it, and the draft's version. Visitors make no drafts; an actor-less call
 * (a script) is not recorded, as for content writes.
 */
async function recordDraftAction(
  tx: Database,
  action: "content.draft" | "content.draft_discard",
  draft: Draft,
  actor: ContentActor | null,
  live: Row | null,
): Promise<void> {
  if (!actor) return;
  await recordAuditEntry(tx, {
    actor,
    action,
    target: {
      type: draft.table_name,
      id: draft.row_id,
      summary: rowLabel({ ...(live ?? {}), ...draft.data, id: draft.row_id }),
    },
    details: { draft_version: draft.version, base_version: draft.base_version },
  });
}

/**
 * Publishes an item's draft: `write` is the item's save (the content API's update of its table),
 * given the draft's fields and the id, run by `writeContent` with the draft's base version as
 * the expected one, so a live item changed since the draft was based on it is refused with 412
 * VERSION_CONFLICT (naming who changed it) and the draft stays. The draft is removed in the
 * save's transaction; one saved again meanwhile is refused (409 DRAFT_CHANGED). Null when there
 * is no draft, or no item to publish it to (both stay as they are).
 */
export async function publishDraft<R extends Row>(
  db: Database,
  options: {
    table: DraftableTable;
    id: string;
    actor: ContentActor | null;
    write: (tx: Database, body: Row) => Promise<R | null>;
  },
): Promise<{ row: R; draft: Draft } | null> {
  const { table, id } = options;
  const draft = await findDraft(db, table, id);
  if (!draft) return null;
  const row = await writeContent(db, {
    table,
    operation: "update",
    id,
    // A draft of a page section not stored yet: any row stored since is newer than the draft.
    expectedVersion: draft.base_version ?? 0,
    actor: options.actor,
    write: async (tx) => {
      const written = await options.write(tx, { ...draft.data, id });
      if (!written) return null;
      const [removed] = await tx
        .delete(drafts)
        .where(
          and(
            eq(drafts.table_name, table),
            eq(drafts.row_id, id),
            eq(drafts.version, draft.version),
          ),
        )
        .returning({ version: drafts.version });
      if (!removed) throw new ContentError("DRAFT_CHANGED");
      return written;
    },
  });
  return row ? { row, draft } : null;
}
