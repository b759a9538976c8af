/**
 * @module
 * Drafts through the content API (issue 34, item 1; decision 036; `@heritage/content`'s
 * drafts/ has the rules). Projects, FAQ items and the pages' sections (hero, footer, about,
 * contact, impressum, datenschutz) can be saved as a draft without touching the live item:
 *
 * - `GET /functions/drafts` (`?table=`, `&id=`): the drafts, with who saved each and when.
 * - `POST /functions/save-draft` `{table, id, data}`: `data` is what a save would send; merged
 *   over the draft saved before. Honours `If-Match` like a save (412 when the live item moved).
 * - `POST /functions/publish-draft` `{table, id}`: the item's save with the draft's fields, so
 *   revisions, the audit log, translation status and the page caches follow as for any save;
 *   refused with 412 VERSION_CONFLICT when the live item changed after the draft's base version.
 * - `POST /functions/discard-draft` `{table, id}`.
 *
 * Signed-in users of the site (editors included): the items are content. Nothing here announces
 * a change but publishing: a draft is invisible to visitors, so no page cache turns over for it.
 */
import { describeRoute } from "@heritage/auth-server";
import {
  type ContentActor,
  ContentError,
  cancelPendingPublish,
  type Draft,
  type DraftableTable,
  discardDraft,
  draftableTables,
  draftValues,
  listDrafts,
  publishDraft,
  saveDraft,
  scheduleOutcomes,
  siteContentSections,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { checkQueryText, readJsonObject, respondWithData, respondWithError } from "./api-response";
import type { ContentTable } from "./content-tables";

type Row = Record<string, unknown>;

export interface DraftRouteDeps {
  db: Database;
  /** The caller's right to write content: who acts, or the refusal to send. */
  authorize: (c: Context) => Promise<{ actor: ContentActor | null } | { refusal: Response }>;
  /** The `If-Match` version of a request (400 INVALID_IF_MATCH for a malformed one). */
  expectedVersion: (c: Context) => number | undefined;
  limitBody: MiddlewareHandler;
  tableOf: (name: DraftableTable) => ContentTable;
  /** The 400 of a body carrying fields the table does not take (as a save's). */
  refuseUnknownFields: (table: ContentTable, body: Row, operation: "update") => void;
  /** A row's answer with its version as ETag, as the table's own routes give it. */
  respondWithRow: (c: Context, table: ContentTable, row: Row) => Response;
  /** Tells the page caches (here and, through the database, elsewhere) of a published write. */
  announce: (table: ContentTable, operation: "update", row: Row) => void;
}

const draftTarget = {
  table: z.enum(draftableTables, { error: "table must be projects, faqs or site_content" }),
  id: z.string().trim().min(1, "The id is required").max(200),
};
export const draftTargetBody = z.strictObject(draftTarget);
export const saveDraftBody = z.strictObject({
  ...draftTarget,
  data: z.record(z.string(), z.unknown(), { error: "data must be an object of the item's fields" }),
});
export const draftsQuery = z.object({
  table: z.enum(draftableTables).optional().meta({ description: "Only this table's drafts" }),
  id: z.string().min(1).optional().meta({ description: "Only this item's draft (with table)" }),
});

/** A draft as the API sends it. */
export function presentDraft(draft: Draft) {
  return {
    table: draft.table_name,
    id: draft.row_id,
    data: draft.data,
    base_version: draft.base_version,
    version: draft.version,
    saved_by_id: draft.saved_by_id,
    saved_by_name: draft.saved_by_name,
    saved_at: draft.saved_at,
  };
}
export type DraftWire = ReturnType<typeof presentDraft>;

/** Only the pages' sections have drafts among site content: the global SEO row has none. */
function refuseUndraftableRow(table: DraftableTable, id: string) {
  if (table !== "site_content" || (siteContentSections as readonly string[]).includes(id)) return;
  const message = `Drafts are kept of the pages' sections only: ${siteContentSections.join(", ")}`;
  throw new ContentError("VALIDATION_FAILED", `id: ${message}`, {
    fields: [{ field: "id", message }],
  });
}

export function addDraftRoutes(app: Hono, deps: DraftRouteDeps): void {
  app.get(
    "/drafts",
    describeRoute({
      summary: "Drafts of projects, FAQ items and page sections",
      description:
        "Answers `{ data: [{ table, id, data, base_version, version, saved_by_id, saved_by_name, saved_at }] }`: each item's draft, saved without touching the live item. `base_version` is the live item's version the draft is based on.",
      callers: ["site-admin"],
      query: draftsQuery,
    }),
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const url = new URL(c.req.url);
      checkQueryText(url);
      const parsed = draftsQuery.safeParse(Object.fromEntries(url.searchParams));
      const extra = [...url.searchParams.keys()].filter((key) => key !== "table" && key !== "id");
      if (!parsed.success || extra.length > 0) {
        throw new ContentError(
          "INVALID_QUERY",
          "drafts takes table (projects, faqs or site_content) and id",
        );
      }
      const { table, id } = parsed.data;
      return respondWithData(c, (await listDrafts(deps.db, { table, id })).map(presentDraft));
    },
  );

  app.post(
    "/save-draft",
    describeRoute({
      summary: "Save a draft of a project, FAQ item or page section without publishing it",
      description:
        'The live item and its page stay as they are. `data` holds the fields a save would send; they are merged over the draft saved before and checked as a save checks them (400 naming each field). With `If-Match: "{version}"` the live item must still be at that version (412 VERSION_CONFLICT otherwise), and the draft is based on it. Answers the draft; 404 PGRST116 for a project or FAQ item that does not exist.',
      callers: ["site-admin"],
      body: saveDraftBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const ifMatch = deps.expectedVersion(c);
      const body = saveDraftBody.parse(await readJsonObject(c));
      refuseUndraftableRow(body.table, body.id);
      const table = deps.tableOf(body.table);
      // With the id: a page section's fields are checked against that section's own schema.
      deps.refuseUnknownFields(table, { ...body.data, id: body.id }, "update");
      const draft = await saveDraft(deps.db, {
        table: body.table,
        id: body.id,
        body: body.data,
        actor: access.actor,
        expectedVersion: ifMatch,
        requireRow: body.table !== "site_content",
        validate: (data) => {
          draftValues(body.table, body.id, data);
        },
      });
      if (!draft) return respondWithError(c, new ContentError("NO_ROWS"));
      return respondWithData(c, presentDraft(draft));
    },
  );

  app.post(
    "/publish-draft",
    describeRoute({
      summary: "Publish an item's draft: the item's save with the draft's fields",
      description:
        "Writes the draft to the live item as a save would (revision, audit log, translation status; every process's page cache turns over) and removes the draft. Refused with 412 VERSION_CONFLICT (who changed the item, when, the item now) when the live item changed after the version the draft is based on; 409 DRAFT_CHANGED when the draft was saved again meanwhile; 404 PGRST116 when there is no draft (or no item). Answers the item with its new `ETag`.",
      callers: ["site-admin"],
      body: draftTargetBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const body = draftTargetBody.parse(await readJsonObject(c));
      const table = deps.tableOf(body.table);
      const update = table.update;
      if (!update) return respondWithError(c, new ContentError("METHOD_NOT_ALLOWED"));
      const published = await publishDraft(deps.db, {
        table: body.table,
        id: body.id,
        actor: access.actor,
        write: (tx, values) => update(tx, values),
      });
      if (!published) return respondWithError(c, new ContentError("NO_ROWS"));
      // A publish of this draft scheduled for later has nothing left to do.
      await cancelPendingPublish(deps.db, body.table, body.id, scheduleOutcomes.draftPublished);
      deps.announce(table, "update", published.row);
      return deps.respondWithRow(c, table, published.row);
    },
  );

  app.post(
    "/discard-draft",
    describeRoute({
      summary: "Discard an item's draft",
      description:
        "Removes the draft; the live item is untouched. Answers the draft removed; 404 PGRST116 when there is none.",
      callers: ["site-admin"],
      body: draftTargetBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const body = draftTargetBody.parse(await readJsonObject(c));
      const removed = await discardDraft(deps.db, body.table, body.id, access.actor);
      if (!removed) return respondWithError(c, new ContentError("NO_ROWS"));
      return respondWithData(c, presentDraft(removed));
    },
  );
}
