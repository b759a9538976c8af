/**
 * @module
 * Translation status through the content API (issue 34, item 2; `@heritage/content`'s
 * translations/translation-status.ts has the rule):
 *
 * - `GET /functions/translation-status`: per item (project, category, FAQ item, page section) and
 *   language (de, bs) whether the translation is `missing`, `outdated` or `up_to_date`, with the
 *   two moments it is read from. Filters: `table`, `id`, `language`, `status` (comma-separated:
 *   `status=missing,outdated` is what needs translating).
 * - `POST /functions/mark-translation-checked` `{table, id, language}`: the translation is checked
 *   against the current English without an edit; honours `If-Match` like a write. Answers the
 *   entry; 404 PGRST116 for no such item, 409 TRANSLATION_MISSING when there is nothing to check.
 *
 * Both are for signed-in users of the site; no visitor's request reads or writes the status.
 */
import { describeRoute } from "@heritage/auth-server";
import {
  type ContentActor,
  ContentError,
  listTranslationStatus,
  markTranslationChecked,
  type TranslationState,
  translatableTables,
  translationLanguages,
  translationStates,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { checkQueryText, readJsonObject, respondWithData, respondWithError } from "./api-response";

export interface TranslationStatusRouteDeps {
  db: Database;
  /** The caller's right to read and check translations: who acts, or the refusal to send. */
  authorize: (c: Context) => Promise<{ actor: ContentActor | null } | { refusal: Response }>;
  /** The `If-Match` version of a request (400 INVALID_IF_MATCH for a malformed one). */
  expectedVersion: (c: Context) => number | undefined;
  limitBody: MiddlewareHandler;
}

const statusList = z
  .string()
  .optional()
  .meta({ description: "Only entries in these states, comma-separated: missing,outdated" });

export const translationStatusQuery = z.object({
  table: z.enum(translatableTables).optional().meta({ description: "Only this table's items" }),
  id: z.string().min(1).optional().meta({ description: "Only this item (with table)" }),
  language: z.enum(translationLanguages).optional().meta({ description: "Only this language" }),
  status: statusList,
});

export const markTranslationCheckedBody = z.strictObject({
  table: z.enum(translatableTables),
  id: z.string().trim().min(1, "The id is required"),
  language: z.enum(translationLanguages, { error: "language must be de or bs" }),
});

/** The query's `status` list, or a 400 naming what is not a state. */
function parseStatuses(value: string | undefined): TranslationState[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(",").map((part) => part.trim());
  const unknown = parts.filter((part) => !(translationStates as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new ContentError(
      "INVALID_QUERY",
      `status expects ${translationStates.join(", ")} (comma-separated), got "${unknown.join(",")}"`,
    );
  }
  return parts as TranslationState[];
}

export function addTranslationStatusRoutes(app: Hono, deps: TranslationStatusRouteDeps): void {
  app.get(
    "/translation-status",
    describeRoute({
      summary: "Translation status of every item per language (what needs translating)",
      description:
        "Answers `{ data: [{ table, id, label, language, status, source_changed_at, translated_at }] }` for projects, categories, FAQ items and page sections in German and Bosnian. `missing`: the language has none of the item's texts (visitors read English); `outdated`: an English text changed after the language's texts were last edited or marked as checked; `up_to_date`: otherwise.",
      callers: ["site-admin"],
      query: translationStatusQuery,
    }),
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const url = new URL(c.req.url);
      checkQueryText(url);
      const parsed = translationStatusQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ContentError(
          "INVALID_QUERY",
          `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`,
        );
      }
      const known = new Set(Object.keys(translationStatusQuery.shape));
      const extra = [...url.searchParams.keys()].filter((key) => !known.has(key));
      if (extra.length > 0) {
        throw new ContentError(
          "INVALID_QUERY",
          `Unknown query parameter "${extra[0]}"; translation-status takes table, id, language and status`,
        );
      }
      const { table, id, language, status } = parsed.data;
      const entries = await listTranslationStatus(deps.db, {
        table,
        id,
        language,
        statuses: parseStatuses(status),
      });
      return respondWithData(c, entries);
    },
  );

  app.post(
    "/mark-translation-checked",
    describeRoute({
      summary: "Mark an item's translation as checked against the current English",
      description:
        'The translation becomes up to date without an edit (until English changes again); the item\'s version does not move, and the audit log records who checked it. Honours `If-Match: "{version}"` (412 VERSION_CONFLICT when the item changed since). Answers the entry; 404 PGRST116 when there is no such item; 409 TRANSLATION_MISSING when the language has no text to check.',
      callers: ["site-admin"],
      body: markTranslationCheckedBody,
    }),
    deps.limitBody,
    async (c) => {
      const access = await deps.authorize(c);
      if ("refusal" in access) return access.refusal;
      const ifMatch = deps.expectedVersion(c);
      const body = markTranslationCheckedBody.parse(await readJsonObject(c));
      const entry = await markTranslationChecked(deps.db, {
        ...body,
        actor: access.actor,
        expectedVersion: ifMatch,
      });
      if (!entry) return respondWithError(c, new ContentError("NO_ROWS"));
      return respondWithData(c, entry);
    },
  );
}
