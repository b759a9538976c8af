/**
 * @module
 * Entries of the audit log that no content write makes (issue 29): admins signing in or failing
 * to, admins added or removed, drafts saved or discarded and publishing scheduled or cancelled
 * (issue 34; given their transaction as `db`). Content writes record their own entries in their
 * transaction (content-writes.ts). The log is append-only: this module only ever inserts.
 */
import type { Database } from "@heritage/db";
import { auditLog } from "../db/schema";

export interface AuditEntryInput {
  /** Who acted (null: nobody signed in, e.g. a failed sign-in). */
  actor: { id: string; name: string | null } | null;
  /** e.g. `admin.sign_in`, `admin.sign_in_failed`, `admin.user_created`, `admin.user_deleted`. */
  action: string;
  target?: { type: string; id?: string | null; summary?: string | null } | undefined;
  details?: Record<string, unknown> | undefined;
  at?: Date | undefined;
}

export async function recordAuditEntry(db: Database, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    ...(entry.at ? { at: entry.at } : {}),
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.name ?? null,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    summary: entry.target?.summary ?? null,
    details: entry.details ?? null,
  });
}
