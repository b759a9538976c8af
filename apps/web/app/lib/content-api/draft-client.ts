/**
 * @module
 * The admin's calls for drafts (issue 34, item 1; decision 036): an item's draft (`GET
 * /functions/drafts`), saving one without publishing (`save-draft`, with the version the form is
 * based on as If-Match), publishing it (`publish-draft`: the item's save) and discarding it.
 * Part of the content client (`client.drafts`).
 */
import { z } from "zod";
import type { CallData } from "./data-call";
import { versionHeader } from "./version-header";

/** The content that can be saved as a draft. */
export type DraftTable = "projects" | "faqs" | "site_content";

export const draftSchema = z.object({
  table: z.enum(["projects", "faqs", "site_content"]),
  id: z.string(),
  /** The fields a save would send, merged over the draft saved before. */
  data: z.record(z.string(), z.unknown()),
  /** The live item's version the draft is based on (null: a page section not stored yet). */
  base_version: z.number().int().nullable(),
  version: z.number().int(),
  saved_by_id: z.string().nullable(),
  saved_by_name: z.string().nullable(),
  saved_at: z.string(),
});
export type Draft = z.output<typeof draftSchema>;

export function createDraftCalls(callData: CallData) {
  return {
    /** The item's draft, or null when it has none. */
    find: async (table: DraftTable, id: string): Promise<Draft | null> => {
      const drafts = await callData("GET", "drafts", z.array(draftSchema), {
        query: { table, id },
      });
      return drafts[0] ?? null;
    },
    /** `version`: the live version the form is based on (sent as If-Match: 412 if it moved). */
    save: (table: DraftTable, id: string, data: Record<string, unknown>, version?: number) =>
      callData("POST", "save-draft", draftSchema, {
        body: { table, id, data },
        headers: versionHeader(version),
      }),
    /** The live row after publishing, as the table's save answers it. */
    publish: <S extends z.ZodType>(table: DraftTable, id: string, rowSchema: S) =>
      callData("POST", "publish-draft", rowSchema, { body: { table, id } }),
    discard: (table: DraftTable, id: string) =>
      callData("POST", "discard-draft", draftSchema, { body: { table, id } }),
  };
}

export type DraftCalls = ReturnType<typeof createDraftCalls>;
