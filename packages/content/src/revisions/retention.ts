/**
 * @module
 * How long editors' history is kept (issue 29): revisions of the last `keepDays` days and the
 * last `keepPerItem` of each item, whichever is more; trashed rows for `trashDays` (then gone for
 * good, with their revisions, and the uploads only they kept marked to go at once); audit log
 * entries for `auditDays`. Each step acts only on rows still in the expected state, so several
 * processes pruning one database at once do no harm.
 */
import type { Database } from "@heritage/db";
import { sql } from "drizzle-orm";
import { auditLog, revisions, trash } from "../db/schema";
import { markMediaDueForRemoval } from "../media/media-references";
import { isRevisionedTable } from "./content-writes";

export interface RetentionSettings {
  /** Every revision of this many days is kept (default 90). */
  revisionDays: number;
  /** And at least the newest this many per item, however old (default 50). */
  revisionsPerItem: number;
  /** A trashed row can be restored for this many days (default 30). */
  trashDays: number;
  /** Audit log entries are kept this many days (default 365). */
  auditDays: number;
}

export const defaultRetention: RetentionSettings = {
  revisionDays: 90,
  revisionsPerItem: 50,
  trashDays: 30,
  auditDays: 365,
};

export interface PruneResult {
  revisions: number;
  trash: number;
  auditLog: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY_MS).toISOString();

export async function pruneHistory(
  db: Database,
  settings: RetentionSettings,
  now = new Date(),
): Promise<PruneResult> {
  // Trash first: a row gone for good takes its revisions with it, and the uploads only they kept
  // are marked to go at once (not after the grace period), all in one transaction.
  const expiredTrash = await db.transaction(async (tx) => {
    const expired = await tx.execute<{ table_name: string; row_id: string; data: unknown }>(
      sql`delete from ${trash} where ${trash.deleted_at} < ${daysBefore(now, settings.trashDays)}::timestamptz returning table_name, row_id, data`,
    );
    const gone: unknown[] = expired.rows.map((entry) => entry.data);
    for (const entry of expired.rows) {
      if (!isRevisionedTable(entry.table_name)) continue;
      // Unless the row was made again under its id meanwhile (its history then still matters).
      const history = await tx.execute<{ data: unknown }>(
        sql`delete from ${revisions} where ${revisions.table_name} = ${entry.table_name} and ${revisions.row_id} = ${entry.row_id} and not exists (select 1 from ${sql.identifier("content")}.${sql.identifier(entry.table_name)} as t where t.id = ${entry.row_id}) returning data`,
      );
      gone.push(...history.rows.map((revision) => revision.data));
    }
    await markMediaDueForRemoval(tx, gone);
    return expired;
  });
  const oldRevisions = await db.execute(
    sql`delete from ${revisions} where ${revisions.id} in (select id from (select id, created_at, row_number() over (partition by table_name, row_id order by created_at desc, id desc) as newest from ${revisions}) as ranked where ranked.newest > ${settings.revisionsPerItem} and ranked.created_at < ${daysBefore(now, settings.revisionDays)}::timestamptz) returning id`,
  );
  const oldEntries = await db.execute(
    sql`delete from ${auditLog} where ${auditLog.at} < ${daysBefore(now, settings.auditDays)}::timestamptz returning id`,
  );
  return {
    revisions: oldRevisions.rows.length,
    trash: expiredTrash.rows.length,
    auditLog: oldEntries.rows.length,
  };
}
