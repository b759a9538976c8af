/**
 * @module
 * The tables of the content API and who may do what on them (site spec, sections 6 and 7;
 * issue 4; roles: issue 34, decision 032): public tables are readable by anyone and written by
 * any signed-in admin user, editors included; the site's languages and the global SEO row are
 * global settings, written by admins only; contact submissions take inserts from anyone, status
 * changes from editors and deletes (there is no trash for them) from admins only; media, the
 * e-mail outbox and the editors' history (revisions, trash, audit log; issue 29) are read-only
 * for signed-in users: the history changes only through the writes it records and the restore
 * functions.
 */
import {
  type AdminOnlyAction,
  categoryCreateSchema,
  categoryUpdateSchema,
  contactFormSchema,
  contactSubmissionUpdateSchema,
  createCategory,
  createContactSubmission,
  createFaq,
  createLanguage,
  createProject,
  deleteCategory,
  deleteContactSubmission,
  deleteFaq,
  deleteLanguage,
  deleteProject,
  deleteSiteContent,
  faqCreateSchema,
  faqUpdateSchema,
  findUnknownFields,
  findUnknownSiteContentFields,
  isGlobalSettingsRow,
  languageCreateSchema,
  languageUpdateSchema,
  parseSiteContentRow,
  projectCreateSchema,
  projectUpdateSchema,
  type QueryableTableName,
  type RowOrder,
  type SiteContentRow,
  type SiteContentRowInput,
  saveSiteContentRow,
  siteContentRowSchema,
  updateCategory,
  updateContactSubmissionStatus,
  updateFaq,
  updateLanguage,
  updateProject,
} from "@heritage/content";
import type { Database } from "@heritage/db";
import type { z } from "zod";
import { FORM_STARTED_AT_FIELD, HONEYPOT_FIELD } from "./contact-protection";

/**
 * Who may perform a verb: anyone, any signed-in user of the site (`editor` or `admin` role), an
 * `admin` only, or nobody (405).
 */
export type AccessLevel = "public" | "editor" | "admin" | "none";

type Row = Record<string, unknown>;
type Write = (db: Database, body: Row) => Promise<Row | null>;

export interface ContentTable {
  /** The table name in `/functions/api-{name}`. */
  name: QueryableTableName;
  access: { read: AccessLevel; create: AccessLevel; update: AccessLevel; remove: AccessLevel };
  /** Why the verbs at `admin` are for admins only (the 403's message). */
  adminOnlyBecause?: AdminOnlyAction;
  /**
   * Rows only an admin writes whatever the verb's level (site content's global SEO row): checked
   * on the write's body, the stored row, and a trashed or revised copy restored.
   */
  adminOnlyRows?: {
    action: AdminOnlyAction;
    matches: (row: { id?: unknown; content_type?: unknown }) => boolean;
  };
  /** Order of a plain GET (the admin lists ask for theirs with `order=`). */
  defaultOrder: RowOrder[];
  /** Public inserts go through the contact-form protection. */
  isContactForm?: boolean;
  /** Row shape on the wire (site content: JSON strings parsed). */
  present?: (row: Row) => Row;
  /**
   * The zod schemas the table's repository validates a create and an update with; the API
   * description (api-description/) documents the bodies with these very objects.
   */
  schemas?: { create: z.ZodType; update: z.ZodType };
  /** Dotted paths of the body's fields this write would not store (refused with a 400). */
  unknownFields?: (body: Row, operation: "create" | "update") => string[];
  create?: Write;
  update?: Write;
  remove?: (db: Database, id: string) => Promise<Row | null>;
}

const oldestFirst: RowOrder[] = [
  { column: "created_at", direction: "asc" },
  { column: "id", direction: "asc" },
];
const newestFirst: RowOrder[] = [
  { column: "created_at", direction: "desc" },
  { column: "id", direction: "desc" },
];
const signedInReadOnly = {
  read: "editor",
  create: "none",
  update: "none",
  remove: "none",
} as const;
const publicContent = {
  read: "public",
  create: "editor",
  update: "editor",
  remove: "editor",
} as const;

/**
 * Columns the server sets itself. Clients written to the spec send `updated_at` with an update
 * (section 7); they are known fields, and the server's own time is stored.
 */
const serverOwnedColumns = new Set(["created_at", "updated_at", "version"]);

/** Unknown fields as the table's create and update schemas see them. */
function fieldsOf(create: z.ZodType, update: z.ZodType, alsoKnown: readonly string[] = []) {
  const known = new Set([...serverOwnedColumns, ...alsoKnown]);
  return (body: Row, operation: "create" | "update") =>
    findUnknownFields(operation === "create" ? create : update, body).filter(
      (field) => !known.has(field),
    );
}

// Repositories validate their input with the shared zod schemas; `never` hands them the body.
export const contentApiTables: readonly ContentTable[] = [
  {
    name: "projects",
    access: publicContent,
    defaultOrder: oldestFirst,
    schemas: { create: projectCreateSchema, update: projectUpdateSchema },
    unknownFields: fieldsOf(projectCreateSchema, projectUpdateSchema),
    create: (db, body) => createProject(db, body as never),
    update: (db, body) => updateProject(db, body as never),
    remove: deleteProject,
  },
  {
    name: "categories",
    access: publicContent,
    defaultOrder: oldestFirst,
    schemas: { create: categoryCreateSchema, update: categoryUpdateSchema },
    unknownFields: fieldsOf(categoryCreateSchema, categoryUpdateSchema),
    create: (db, body) => createCategory(db, body as never),
    update: (db, body) => updateCategory(db, body as never),
    remove: deleteCategory,
  },
  {
    name: "faqs",
    access: publicContent,
    defaultOrder: oldestFirst,
    schemas: { create: faqCreateSchema, update: faqUpdateSchema },
    unknownFields: fieldsOf(faqCreateSchema, faqUpdateSchema),
    create: (db, body) => createFaq(db, body as never),
    update: (db, body) => updateFaq(db, body as never),
    remove: deleteFaq,
  },
  {
    name: "languages",
    // The site's languages are a global setting.
    access: { read: "public", create: "admin", update: "admin", remove: "admin" },
    adminOnlyBecause: "global-settings",
    defaultOrder: [{ column: "is_default", direction: "desc" }, ...oldestFirst],
    schemas: { create: languageCreateSchema, update: languageUpdateSchema },
    unknownFields: fieldsOf(languageCreateSchema, languageUpdateSchema),
    create: (db, body) => createLanguage(db, body as never),
    update: (db, body) => updateLanguage(db, body as never),
    remove: deleteLanguage,
  },
  {
    name: "site_content",
    access: publicContent,
    // The pages' copy is an editor's; the global SEO row is a global setting.
    adminOnlyRows: {
      action: "global-settings",
      matches: (row) => isGlobalSettingsRow("site_content", row),
    },
    defaultOrder: [{ column: "id", direction: "asc" }],
    present: (row) => parseSiteContentRow(row as SiteContentRow),
    schemas: { create: siteContentRowSchema, update: siteContentRowSchema },
    unknownFields: (body) =>
      findUnknownSiteContentFields(body).filter((field) => !serverOwnedColumns.has(field)),
    // Saving updates the row when it exists and inserts it otherwise (spec section 4).
    create: (db, body) => saveSiteContentRow(db, body as SiteContentRowInput),
    update: (db, body) => saveSiteContentRow(db, body as SiteContentRowInput),
    remove: deleteSiteContent,
  },
  {
    name: "contact_submissions",
    // Reading a message marks it read; deleting one cannot be undone (no trash).
    access: { read: "editor", create: "public", update: "editor", remove: "admin" },
    adminOnlyBecause: "delete-messages",
    defaultOrder: newestFirst,
    isContactForm: true,
    schemas: { create: contactFormSchema, update: contactSubmissionUpdateSchema },
    // The form's spam-protection fields are read by the protection, never stored.
    unknownFields: fieldsOf(contactFormSchema, contactSubmissionUpdateSchema, [
      HONEYPOT_FIELD,
      FORM_STARTED_AT_FIELD,
    ]),
    create: (db, body) => createContactSubmission(db, body as never),
    update: (db, body) => updateContactSubmissionStatus(db, body as never),
    remove: deleteContactSubmission,
  },
  {
    name: "media",
    access: signedInReadOnly,
    defaultOrder: newestFirst,
  },
  {
    name: "email_outbox",
    access: signedInReadOnly,
    defaultOrder: newestFirst,
  },
  {
    name: "revisions",
    access: signedInReadOnly,
    defaultOrder: newestFirst,
  },
  {
    name: "trash",
    access: signedInReadOnly,
    defaultOrder: [
      { column: "deleted_at", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
  },
  {
    name: "audit_log",
    access: signedInReadOnly,
    defaultOrder: [
      { column: "at", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
  },
];

/** The content API's table of that name (a draft's or a schedule's table). */
export function contentApiTableOf(name: string): ContentTable {
  const table = contentApiTables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no content API table ${name}`);
  return table;
}
