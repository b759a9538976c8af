/**
 * @module
 * The tables of the content API and what each verb may do on them (site spec, sections 6 and
 * 7; issue 4): public tables are readable by anyone and written by admins; contact submissions
 * take inserts from anyone and everything else from admins; media, the e-mail outbox and the
 * editors' history (revisions, trash, audit log; issue 29) are read-only and for admins: the
 * history changes only through the writes it records and the restore functions.
 */
import {
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

/** Who may perform a verb: anyone, a signed-in admin, or nobody (405). */
export type AccessLevel = "public" | "admin" | "none";

type Row = Record<string, unknown>;
type Write = (db: Database, body: Row) => Promise<Row | null>;

export interface ContentTable {
  /** The table name in `/functions/api-{name}`. */
  name: QueryableTableName;
  access: { read: AccessLevel; create: AccessLevel; update: AccessLevel; remove: AccessLevel };
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
const adminReadOnly = { read: "admin", create: "none", update: "none", remove: "none" } as const;
const publicContent = {
  read: "public",
  create: "admin",
  update: "admin",
  remove: "admin",
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
    access: publicContent,
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
    access: { read: "admin", create: "public", update: "admin", remove: "admin" },
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
    access: { read: "admin", create: "none", update: "none", remove: "none" },
    defaultOrder: newestFirst,
  },
  {
    name: "email_outbox",
    access: { read: "admin", create: "none", update: "none", remove: "none" },
    defaultOrder: newestFirst,
  },
  {
    name: "revisions",
    access: adminReadOnly,
    defaultOrder: newestFirst,
  },
  {
    name: "trash",
    access: adminReadOnly,
    defaultOrder: [
      { column: "deleted_at", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
  },
  {
    name: "audit_log",
    access: adminReadOnly,
    defaultOrder: [
      { column: "at", direction: "desc" },
      { column: "id", direction: "desc" },
    ],
  },
];
