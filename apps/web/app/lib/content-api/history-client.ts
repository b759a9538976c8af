/**
 * @module
 * The admin's calls for editors' history (issue 29, decision 029): an item's revisions and a
 * restore of any of them, the trash (restore, delete for good), and the audit log with its
 * filters. Part of the content client (`client.history`), with its token and its errors.
 */
import { z } from "zod";
import type { CallData } from "./data-call";
import { versionHeader } from "./version-header";

/** The content that keeps revisions and goes to the trash. */
export type HistoryTable = "projects" | "categories" | "faqs" | "site_content";

const historyTable = z.enum(["projects", "categories", "faqs", "site_content"]);
const row = z.record(z.string(), z.unknown());

export const revisionSchema = z.object({
  id: z.string(),
  table_name: historyTable,
  row_id: z.string(),
  version: z.number().int(),
  operation: z.enum(["create", "update", "delete", "restore"]),
  data: row,
  changed_fields: z.array(z.string()),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  restored_from: z.string().nullable(),
  created_at: z.string(),
});
export type Revision = z.output<typeof revisionSchema>;

export const trashEntrySchema = z.object({
  id: z.string(),
  table_name: historyTable,
  row_id: z.string(),
  data: row,
  deleted_by_id: z.string().nullable(),
  deleted_by_name: z.string().nullable(),
  deleted_at: z.string(),
});
export type TrashEntry = z.output<typeof trashEntrySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  summary: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export interface AuditFilters {
  actorId?: string | undefined;
  action?: string | undefined;
  /** ISO dates or times, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
  /**
   * How many entries are shown already: the next page of an older listing starts after them.
   * Entries written meanwhile push the listing down, so the page may repeat a few shown ones
   * (drop them by id); it never skips one, as paging by time would with entries that share a
   * moment (one transaction's do).
   */
  after?: number | undefined;
  limit?: number | undefined;
}

/** How many audit entries a page of the activity screen shows. */
export const AUDIT_PAGE_SIZE = 100;

export function createHistoryCalls(callData: CallData) {
  return {
    /** An item's revisions, newest first. */
    listRevisions: (table: HistoryTable, rowId: string) =>
      callData("GET", "api-revisions", z.array(revisionSchema), {
        query: { table_name: table, row_id: rowId, order: "created_at.desc,version.desc" },
      }),
    /** Brings a revision back as a new one; `version`: the item's version the editor sees. */
    restoreRevision: (revisionId: string, version?: number) =>
      callData("POST", "restore-revision", row, {
        body: { revision_id: revisionId },
        headers: versionHeader(version),
      }),
    listTrash: () => callData("GET", "api-trash", z.array(trashEntrySchema)),
    restoreFromTrash: (table: HistoryTable, id: string) =>
      callData("POST", "restore-from-trash", row, { body: { table, id } }),
    purgeFromTrash: (table: HistoryTable, id: string) =>
      callData("POST", "purge-from-trash", z.object({ purged: z.literal(true) }), {
        body: { table, id },
      }),
    listAuditLog: (filters: AuditFilters = {}) => {
      const query: Record<string, string> = {
        order: "at.desc,id.desc",
        limit: String(filters.limit ?? AUDIT_PAGE_SIZE),
      };
      if (filters.actorId) query.actor_id = filters.actorId;
      if (filters.action) query.action = filters.action;
      if (filters.from) query["at.gte"] = filters.from;
      if (filters.to) query["at.lte"] = filters.to;
      if (filters.after) query.offset = String(filters.after);
      return callData("GET", "api-audit_log", z.array(auditEntrySchema), { query });
    },
  };
}

export type HistoryCalls = ReturnType<typeof createHistoryCalls>;
