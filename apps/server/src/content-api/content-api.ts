/**
 * @module
 * `/functions/api-{table}` (site spec, section 7), mounted by the app under `/functions`:
 *
 * - `GET /api-{table}`: all rows, in the table's default order.
 * - `GET /api-{table}?{column}={value}`: rows where the column equals the value; `{column}.neq=`
 *   for "not equal", `{column}.gte=` / `{column}.lte=` for "at least" / "at most";
 *   `order={column}.{asc|desc}[,...]`; `limit={n}`; `offset={n}`. Only known columns.
 * - A single-row lookup (`single=true`, or a filter on `id` alone) answers the first row as an
 *   object, or 404 `{ code: "PGRST116", message: "No rows returned" }`.
 * - `POST` inserts the JSON body (201); `PUT` updates the row whose `id` is in the body (or in
 *   `?id=`); `DELETE ?id=` deletes. Both answer the row, or 404 PGRST116 when there is none.
 *
 * Every answer is `{ data, error }`. Checks run in this order, and a refused call writes nothing:
 * access (401 / 403), body (400 naming each field and reason), then the write.
 *
 * Roles (issue 34, decision 032): every signed-in user of the site's project is an `admin` or an
 * `editor` (content-tables.ts says which verbs need an admin). An editor is refused with 403
 * FORBIDDEN, naming why and their role, on the global settings (the site's languages, the global
 * SEO row, also through a restore), on deleting a contact message and on purging the trash.
 *
 * Versions (issue 29): a single-row answer and every write's answer carry the row's version as
 * `ETag`; a `PUT`, `DELETE` or site-content save with `If-Match` is refused with 412
 * VERSION_CONFLICT (naming who changed the row and when, with its current state) unless the row is
 * still at that version. Without `If-Match` writes work as the spec's clients expect. Each write
 * goes through `writeContent`: revision, trash and audit entry in the write's own transaction.
 *
 * Drafts (issue 34, item 1; draft-routes.ts): saved without touching the live row, published
 * through the same write as a save.
 */
import { randomUUID } from "node:crypto";
import { describeRoute, type RouteCaller } from "@heritage/auth-server";
import {
  type AdminOnlyAction,
  type ContentActor,
  type ContentChangedCallback,
  ContentError,
  type FilterOperator,
  parseIfMatch,
  purgeFromTrash,
  queryableColumnNames,
  type RowFilter,
  type RowOrder,
  type RowQuery,
  restoreFromTrash,
  restoreRevision,
  revisionedTables,
  roleRefusalMessage,
  type SiteRole,
  selectRows,
  versionTag,
  writeContent,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AdminVerifier } from "./admin-guard";
import {
  type ApiLogger,
  checkQueryText,
  readJsonObject,
  respondToThrown,
  respondWithData,
  respondWithError,
} from "./api-response";
import { type ContactProtection, noContactProtection } from "./contact-protection";
import {
  type AccessLevel,
  type ContentTable,
  contentApiTableOf,
  contentApiTables,
} from "./content-tables";
import { addDraftRoutes } from "./draft-routes";
import { addScheduleRoutes } from "./schedule-routes";
import { addTranslationStatusRoutes } from "./translation-status-routes";

export interface ContentApiDeps {
  db: Database;
  verifyAdmin: AdminVerifier;
  logger: ApiLogger;
  /** Called after every successful write (cache invalidation, NOTIFY). */
  onContentChanged?: ContentChangedCallback | (() => void);
  /** Spam protection of public contact-form inserts; none when omitted. */
  contactProtection?: ContactProtection;
  /** The caller's address for rate limits; see `createClientAddressReader`. */
  clientAddress?: (c: Context) => string;
  clock?: () => Date;
  /**
   * The name revisions and the audit log show for an admin (display name and address); without
   * it, or when it finds none, the user id.
   */
  describeAdmin?: (userId: string) => Promise<string | null>;
  /**
   * Removes, after a purge from the trash, the uploads only the purged item kept (issue 33,
   * item 8: the media sweeper's `removeDue`). A failure is logged; the next sweep finishes it.
   */
  removePurgedMedia?: () => Promise<unknown>;
  /**
   * A publishing schedule was made or moved in this process (issue 34, item 3): the scheduled
   * publisher runs it at its time. Without it, schedules wait for whichever process polls.
   */
  scheduledAt?: (runAt: Date) => void;
}

/** Largest JSON body the content API accepts (rich pages included). */
export const CONTENT_API_BODY_LIMIT_BYTES = 1024 * 1024;

const reservedParameters = new Set(["order", "limit", "offset", "single", "select"]);

function parseQuery(table: ContentTable, url: URL): { query: RowQuery; single: boolean } {
  checkQueryText(url);
  const columns = new Set(queryableColumnNames(table.name));
  const requireColumn = (column: string) => {
    if (!columns.has(column)) {
      throw new ContentError("UNKNOWN_COLUMN", `Unknown column "${column}" in ${table.name}`, {
        column,
        columns: [...columns],
      });
    }
  };
  const filters: RowFilter[] = [];
  let order: RowOrder[] | undefined;
  let limit: number | undefined;
  let offset: number | undefined;
  let single: boolean | undefined;

  for (const [key, value] of url.searchParams) {
    if (key === "order") {
      order = value.split(",").map((part) => {
        const [column = "", direction = "asc", ...rest] = part.trim().split(".");
        requireColumn(column);
        if ((direction !== "asc" && direction !== "desc") || rest.length > 0) {
          throw new ContentError(
            "INVALID_QUERY",
            `order expects {column}.asc or {column}.desc, got "${part}"`,
          );
        }
        return { column, direction };
      });
    } else if (key === "limit") {
      limit = Number(value);
      if (!/^\d+$/.test(value)) {
        throw new ContentError("INVALID_QUERY", `limit expects a whole number, got "${value}"`);
      }
    } else if (key === "offset") {
      offset = Number(value);
      if (!/^\d{1,15}$/.test(value)) {
        throw new ContentError("INVALID_QUERY", `offset expects a whole number, got "${value}"`);
      }
    } else if (key === "single") {
      if (value !== "true" && value !== "false") {
        throw new ContentError("INVALID_QUERY", `single expects true or false, got "${value}"`);
      }
      single = value === "true";
    } else if (key === "select") {
      // Accepted for compatibility with PostgREST-style clients; whole rows are always sent.
    } else if (!reservedParameters.has(key)) {
      const suffix = /\.(neq|gte|lte)$/.exec(key);
      const operator = (suffix?.[1] ?? "eq") as FilterOperator;
      const column = suffix ? key.slice(0, -suffix[0].length) : key;
      requireColumn(column);
      filters.push({ column, operator, value });
    }
  }
  const isIdLookup =
    filters.length === 1 && filters[0]?.column === "id" && filters[0].operator === "eq";
  return {
    query: {
      filters,
      order: order ?? table.defaultOrder,
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    },
    single: single ?? isIdLookup,
  };
}

const noRows = () => new ContentError("NO_ROWS");

/** The callers of a verb in the API description. */
function callersOf(level: AccessLevel): RouteCaller[] {
  return level === "public" ? ["anyone"] : ["site-admin"];
}

/**
 * The GET's query parameters for the API description, made from the column list `parseQuery`
 * accepts (`queryableColumnNames`), so a column the API filters on is one the document names.
 */
function rowQueryParameters(table: ContentTable) {
  const filter = z.string().optional();
  const columns = queryableColumnNames(table.name).flatMap((column) => [
    [column, filter.meta({ description: `Rows whose ${column} equals this value` })],
    [`${column}.neq`, filter.meta({ description: `Rows whose ${column} differs from this value` })],
    [`${column}.gte`, filter.meta({ description: `Rows whose ${column} is at least this value` })],
    [`${column}.lte`, filter.meta({ description: `Rows whose ${column} is at most this value` })],
  ]);
  return z.object({
    ...Object.fromEntries(columns),
    order: z
      .string()
      .optional()
      .meta({ description: "`{column}.asc` or `{column}.desc`, comma-separated" }),
    limit: z.string().regex(/^\d+$/).optional().meta({ description: "At most this many rows" }),
    offset: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .meta({ description: "Skip this many rows first (the next page)" }),
    single: z
      .enum(["true", "false"])
      .optional()
      .meta({ description: "Answer the first row as an object (404 PGRST116 when none)" }),
    select: z
      .string()
      .optional()
      .meta({ description: "Accepted and ignored: whole rows are sent" }),
  });
}

const idQuery = z.object({ id: z.string().optional() });
const requiredIdQuery = z.object({ id: z.string() });

/**
 * Refuses a write carrying fields the table does not have (issue 19, defect 8): a misspelt
 * field would otherwise vanish while the write succeeds. Raised before anything is written.
 */
function refuseUnknownFields(
  table: ContentTable,
  body: Record<string, unknown>,
  operation: "create" | "update",
) {
  const unknown = table.unknownFields?.(body, operation) ?? [];
  if (unknown.length === 0) return;
  const fields = unknown.map((field) => ({
    field,
    message: `Unknown field for a write to ${table.name}`,
  }));
  throw new ContentError(
    "VALIDATION_FAILED",
    fields.map((issue) => `${issue.field}: ${issue.message}`).join("; "),
    { fields },
  );
}

const tableNames = () => contentApiTables.map((table) => table.name).join(", ");

/** Builds the content API. The app mounts it with `app.route("/functions", contentApi)`. */
export function createContentApi(deps: ContentApiDeps): Hono {
  const app = new Hono();
  const clock = deps.clock ?? (() => new Date());
  const protection = deps.contactProtection ?? noContactProtection;
  const limitBody = bodyLimit({
    maxSize: CONTENT_API_BODY_LIMIT_BYTES,
    onError: (c) =>
      respondWithError(
        c,
        new ContentError("PAYLOAD_TOO_LARGE", "The request body must be smaller than 1 MB"),
      ),
  });

  /** Null when allowed; otherwise the refusal to send. */
  async function refuse(c: Context, level: AccessLevel): Promise<Response | null> {
    const access = await authorize(c, level, { describe: false, action: undefined });
    return "refusal" in access ? access.refusal : null;
  }

  /** The 403 of an editor asking for what only an admin may do (the action says why). */
  function forbidden(c: Context, action: AdminOnlyAction | undefined, role: SiteRole): Response {
    const message = action
      ? roleRefusalMessage(action, role)
      : `Only an admin can do this. Your role is ${role}.`;
    return respondWithError(
      c,
      new ContentError("FORBIDDEN", message, { role, required_role: "admin" }),
    );
  }

  /**
   * The caller's right to `level`: the admin user who acts and their role (null for a public
   * call, even a signed-in one: a visitor's write is not an admin action), or the refusal to send.
   * `action` names why a verb at `admin` is for admins only.
   */
  async function authorize(
    c: Context,
    level: AccessLevel,
    options: { describe?: boolean; action?: AdminOnlyAction | undefined } = {},
  ): Promise<{ actor: ContentActor | null; role: SiteRole | null } | { refusal: Response }> {
    if (level === "public") return { actor: null, role: null };
    if (level === "none") {
      return { refusal: respondWithError(c, new ContentError("METHOD_NOT_ALLOWED")) };
    }
    const check = await deps.verifyAdmin(c.req.raw);
    if (check.ok) {
      if (level === "admin" && check.role !== "admin") {
        return { refusal: forbidden(c, options.action, check.role) };
      }
      const name =
        options.describe === false
          ? check.userId
          : ((await deps.describeAdmin?.(check.userId)) ?? check.userId);
      return { actor: { id: check.userId, name }, role: check.role };
    }
    return {
      refusal: respondWithError(
        c,
        new ContentError(check.status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", check.message),
      ),
    };
  }

  /**
   * Refuses an editor a write touching a row only admins write (the global SEO row): the write's
   * body, the row as stored, or the trashed or revised copy a restore brings back (`rows`), any
   * of them matching is enough. Null when allowed. Admins are never asked: no extra query.
   */
  async function refuseAdminOnlyRow(
    c: Context,
    table: ContentTable,
    role: SiteRole | null,
    id: unknown,
    rows: readonly ({ id?: unknown; content_type?: unknown } | null | undefined)[],
  ): Promise<Response | null> {
    const rule = table.adminOnlyRows;
    if (!rule || role === null || role === "admin") return null;
    const stored =
      typeof id === "string" && id.trim() !== ""
        ? await selectRows(deps.db, table.name, {
            filters: [{ column: "id", operator: "eq", value: id.trim() }],
            limit: 1,
          })
        : [];
    const candidates = [{ id }, ...rows, ...stored];
    return candidates.some((row) => row && rule.matches(row))
      ? forbidden(c, rule.action, role)
      : null;
  }

  /** The `If-Match` version of a write, undefined without one; 400 for one the API never gave. */
  function expectedVersion(c: Context): number | undefined {
    const parsed = parseIfMatch(c.req.header("if-match"));
    if (parsed === "invalid") throw new ContentError("INVALID_IF_MATCH");
    return parsed;
  }

  /** A single row's answer, with its version as ETag. */
  function respondWithRow(
    c: Context,
    table: ContentTable,
    row: Record<string, unknown>,
    status: 200 | 201 = 200,
  ) {
    const tag = versionTag(row);
    if (tag) c.header("ETag", tag);
    return respondWithData(c, present(table, row), status);
  }

  function announce(table: ContentTable, operation: "insert" | "update" | "delete", row: object) {
    if (!deps.onContentChanged) return;
    const id = (row as { id?: unknown }).id;
    try {
      deps.onContentChanged({
        table: table.name,
        operation,
        ...(typeof id === "string" ? { id } : {}),
      });
    } catch (error) {
      deps.logger.error({ err: error, table: table.name }, "content change callback failed");
    }
  }

  const present = (table: ContentTable, row: Record<string, unknown>) =>
    table.present ? table.present(row) : row;

  for (const table of contentApiTables) {
    const path = `/api-${table.name}`;

    app.get(
      path,
      describeRoute({
        summary: `List ${table.name} rows, or look one up`,
        description:
          'Answers `{ data, error }`: the rows (or one row with `single=true` or a filter on `id` alone). A single row\'s answer carries its version as `ETag` (e.g. `"3"`); rows carry it as `version`.',
        callers: callersOf(table.access.read),
        query: rowQueryParameters(table),
      }),
      async (c) => {
        const refusal = await refuse(c, table.access.read);
        if (refusal) return refusal;
        const { query, single } = parseQuery(table, new URL(c.req.url));
        const rows = await selectRows(deps.db, table.name, single ? { ...query, limit: 1 } : query);
        if (!single)
          return respondWithData(
            c,
            rows.map((row) => present(table, row)),
          );
        const [row] = rows;
        return row ? respondWithRow(c, table, row) : respondWithError(c, noRows());
      },
    );

    // Verbs a table does not take are left to the 405 below, and out of the API description.
    if (table.access.create !== "none")
      app.post(
        path,
        describeRoute({
          summary:
            table.name === "site_content"
              ? "Save a site_content row (insert or update)"
              : `Create a ${table.name} row`,
          description:
            "Answers `{ data: row, error: null }` (201) with the row's version as `ETag`, or `{ data: null, error }` naming each refused field. A site-content save of an existing row honours `If-Match` like an update.",
          callers: callersOf(table.access.create),
          ...(table.schemas ? { body: table.schemas.create } : {}),
          successStatus: 201,
        }),
        limitBody,
        async (c) => {
          const access = await authorize(c, table.access.create, {
            action: table.adminOnlyBecause,
          });
          if ("refusal" in access) return access.refusal;
          const create = table.create;
          if (!create) return respondWithError(c, new ContentError("METHOD_NOT_ALLOWED"));
          const ifMatch = expectedVersion(c);
          const body = await readJsonObject(c);
          const rowRefusal = await refuseAdminOnlyRow(c, table, access.role, body.id, [body]);
          if (rowRefusal) return rowRefusal;
          refuseUnknownFields(table, body, "create");

          if (table.isContactForm) {
            const verdict = await protection.check({
              address: deps.clientAddress?.(c) ?? "unknown",
              endpoint: path,
              body,
            });
            if (verdict.kind === "rate_limited") {
              c.header("Retry-After", String(verdict.retryAfterSeconds));
              return respondWithError(c, new ContentError("RATE_LIMITED"));
            }
            if (verdict.kind === "silently_drop") {
              deps.logger.warn(
                { reason: verdict.reason, table: table.name },
                "contact spam dropped",
              );
              const now = clock();
              const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
              return respondWithData(
                c,
                {
                  id: randomUUID(),
                  name: text(body.name),
                  email: text(body.email),
                  subject: text(body.subject),
                  message: text(body.message),
                  status: "new",
                  created_at: now,
                  updated_at: now,
                },
                201,
              );
            }
          }

          const row = await writeContent(deps.db, {
            table: table.name,
            operation: "create",
            // A site-content save updates the row of that id when there is one.
            id: typeof body.id === "string" ? body.id : undefined,
            expectedVersion: ifMatch,
            actor: access.actor,
            write: (tx) => create(tx, body),
          });
          if (!row) throw new Error("create returned no row");
          announce(table, "insert", row);
          return respondWithRow(c, table, row, 201);
        },
      );

    if (table.access.update !== "none")
      app.put(
        path,
        describeRoute({
          summary: `Update a ${table.name} row (its id in the body or in ?id=)`,
          description:
            'Answers `{ data: row, error: null }` with the row\'s new version as `ETag`, or 404 PGRST116 when there is no such row. With `If-Match: "{version}"` the update is refused with 412 VERSION_CONFLICT (who changed the row, when, and the row as it is now in `details`) unless the row is still at that version; without it (or with `*`) it is not checked. Every admin write keeps a revision and an audit log entry.',
          callers: callersOf(table.access.update),
          query: idQuery,
          ...(table.schemas ? { body: table.schemas.update } : {}),
        }),
        limitBody,
        async (c) => {
          const access = await authorize(c, table.access.update, {
            action: table.adminOnlyBecause,
          });
          if ("refusal" in access) return access.refusal;
          const update = table.update;
          if (!update) return respondWithError(c, new ContentError("METHOD_NOT_ALLOWED"));
          checkQueryText(new URL(c.req.url));
          const ifMatch = expectedVersion(c);
          const body = await readJsonObject(c);
          const id = body.id ?? c.req.query("id");
          const rowRefusal = await refuseAdminOnlyRow(c, table, access.role, id, [body]);
          if (rowRefusal) return rowRefusal;
          refuseUnknownFields(table, body, "update");
          if (typeof id !== "string" || id.trim() === "") {
            throw new ContentError("MISSING_ID", "id: The id is required", {
              fields: [{ field: "id", message: "The id is required" }],
            });
          }
          const row = await writeContent(deps.db, {
            table: table.name,
            operation: "update",
            id,
            expectedVersion: ifMatch,
            actor: access.actor,
            write: (tx) => update(tx, { ...body, id }),
          });
          if (!row) return respondWithError(c, noRows());
          announce(table, "update", row);
          return respondWithRow(c, table, row);
        },
      );

    if (table.access.remove !== "none")
      app.delete(
        path,
        describeRoute({
          summary: `Delete a ${table.name} row (?id=)`,
          description:
            "Answers the deleted row as `{ data: row, error: null }`, or 404 PGRST116. Honours `If-Match` as an update does. Projects, categories, FAQ items and site content go to the trash (`api-trash`, `restore-from-trash`).",
          callers: callersOf(table.access.remove),
          query: requiredIdQuery,
        }),
        async (c) => {
          const access = await authorize(c, table.access.remove, {
            action: table.adminOnlyBecause,
          });
          if ("refusal" in access) return access.refusal;
          const remove = table.remove;
          if (!remove) return respondWithError(c, new ContentError("METHOD_NOT_ALLOWED"));
          checkQueryText(new URL(c.req.url));
          const ifMatch = expectedVersion(c);
          const id = c.req.query("id");
          if (!id) {
            throw new ContentError("MISSING_ID", "The id query parameter is required (?id=...)");
          }
          const rowRefusal = await refuseAdminOnlyRow(c, table, access.role, id, []);
          if (rowRefusal) return rowRefusal;
          const row = await writeContent(deps.db, {
            table: table.name,
            operation: "delete",
            id,
            expectedVersion: ifMatch,
            actor: access.actor,
            write: (tx) => remove(tx, id),
          });
          if (!row) return respondWithError(c, noRows());
          announce(table, "delete", row);
          return respondWithRow(c, table, row);
        },
      );

    // Any other verb on a known table: the API's JSON 405, not the site's HTML page.
    app.all(path, (c) => respondWithError(c, new ContentError("METHOD_NOT_ALLOWED")));
  }

  addHistoryRoutes();
  // Drafts and their publishing (issue 34, item 1): content, so an editor's as a save is.
  addDraftRoutes(app, {
    db: deps.db,
    authorize: (c) => authorize(c, "editor"),
    expectedVersion,
    limitBody,
    tableOf: contentApiTableOf,
    refuseUnknownFields,
    respondWithRow: (c, table, row) => respondWithRow(c, table, row),
    announce,
  });
  // Publishing at a given time (issue 34, item 3): an editor's as publishing a draft is.
  addScheduleRoutes(app, {
    db: deps.db,
    authorize: (c) => authorize(c, "editor"),
    limitBody,
    scheduledAt: (runAt) => deps.scheduledAt?.(runAt),
    clock,
  });
  // What needs translating, and "mark as checked" (issue 34, item 2): translators' work.
  addTranslationStatusRoutes(app, {
    db: deps.db,
    authorize: (c) => authorize(c, "editor"),
    expectedVersion,
    limitBody,
  });

  /**
   * Bringing back what editors lost (issue 29): a revision restored (as a new revision, checked
   * against `If-Match` when sent), a trashed row restored, or purged for good. Admins only; each
   * is recorded in the audit log like any write.
   */
  function addHistoryRoutes() {
    const tableOf = (name: string) => contentApiTables.find((table) => table.name === name);
    const trashBody = z.strictObject({ table: z.enum(revisionedTables), id: z.string().min(1) });
    const revisionBody = z.strictObject({ revision_id: z.uuid() });

    app.post(
      "/restore-revision",
      describeRoute({
        summary: "Restore a revision of a project, category, FAQ item or site content",
        description:
          "Writes the revision's state back as a new revision (a deleted row comes back with its id). Honours `If-Match`; answers the row with its `ETag`, 404 PGRST116 for an unknown revision. A revision of the global SEO settings is an admin's to restore (403 FORBIDDEN for an editor).",
        callers: ["site-admin"],
        body: revisionBody,
      }),
      limitBody,
      async (c) => {
        const access = await authorize(c, "editor");
        if ("refusal" in access) return access.refusal;
        const ifMatch = expectedVersion(c);
        const body = revisionBody.parse(await readJsonObject(c));
        if (access.role !== "admin") {
          // The revised row: a restore of the global SEO settings is a change to them.
          const [revision] = await selectRows(deps.db, "revisions", {
            filters: [{ column: "id", operator: "eq", value: body.revision_id }],
            limit: 1,
          });
          const revisedTable = revision && tableOf(String(revision.table_name));
          if (revision && revisedTable) {
            const refusal = await refuseAdminOnlyRow(
              c,
              revisedTable,
              access.role,
              revision.row_id,
              [revision.data as Record<string, unknown>],
            );
            if (refusal) return refusal;
          }
        }
        const restored = await restoreRevision(deps.db, {
          revisionId: body.revision_id,
          actor: access.actor,
          expectedVersion: ifMatch,
        });
        const table = restored && tableOf(restored.table);
        if (!restored || !table) return respondWithError(c, noRows());
        announce(table, "update", restored.row);
        return respondWithRow(c, table, restored.row);
      },
    );

    app.post(
      "/restore-from-trash",
      describeRoute({
        summary: "Restore a deleted row from the trash",
        description:
          "Inserts the row again as it was deleted, with its id (its images were kept); 404 PGRST116 when the trash holds no such row. The global SEO settings are an admin's to restore (403 FORBIDDEN for an editor).",
        callers: ["site-admin"],
        body: trashBody,
      }),
      limitBody,
      async (c) => {
        const access = await authorize(c, "editor");
        if ("refusal" in access) return access.refusal;
        const body = trashBody.parse(await readJsonObject(c));
        const trashedTable = tableOf(body.table);
        if (access.role !== "admin" && trashedTable) {
          const [entry] = await selectRows(deps.db, "trash", {
            filters: [
              { column: "table_name", operator: "eq", value: body.table },
              { column: "row_id", operator: "eq", value: body.id },
            ],
            limit: 1,
          });
          const refusal = await refuseAdminOnlyRow(c, trashedTable, access.role, body.id, [
            entry?.data as Record<string, unknown> | undefined,
          ]);
          if (refusal) return refusal;
        }
        const row = await restoreFromTrash(deps.db, { ...body, actor: access.actor });
        const table = tableOf(body.table);
        if (!row || !table) return respondWithError(c, noRows());
        announce(table, "insert", row);
        return respondWithRow(c, table, row, 201);
      },
    );

    app.post(
      "/purge-from-trash",
      describeRoute({
        summary: "Remove a deleted row from the trash for good",
        description:
          "Removes the trashed row and its revisions, and at once the uploaded images nothing else refers to; 404 PGRST116 when the trash holds no such row. Admins only: an editor gets 403 FORBIDDEN.",
        callers: ["site-admin"],
        body: trashBody,
      }),
      limitBody,
      async (c) => {
        // Deleting for good cannot be undone: admins only (decision 032).
        const access = await authorize(c, "admin", { action: "purge-trash" });
        if ("refusal" in access) return access.refusal;
        const body = trashBody.parse(await readJsonObject(c));
        const purged = await purgeFromTrash(deps.db, { ...body, actor: access.actor });
        if (!purged) return respondWithError(c, noRows());
        // Photos of a project deleted for good go now, not after the orphans' grace period.
        await deps.removePurgedMedia?.().catch((error: unknown) => {
          deps.logger.error(
            { err: error },
            "purge: could not remove the item's images; the media sweep will",
          );
        });
        return respondWithData(c, { table: body.table, id: body.id, purged: true });
      },
    );
  }

  // A table the API does not have (`/functions/api-users`): JSON 404 naming the tables it has.
  app.all("/:table{api-.*}", (c) =>
    respondWithError(
      c,
      new ContentError(
        "UNKNOWN_TABLE",
        `Unknown table "${c.req.param("table").slice("api-".length)}"; the content API has: ${tableNames()}`,
      ),
    ),
  );

  app.onError((error, c) => respondToThrown(c, error, deps.logger));
  return app;
}
