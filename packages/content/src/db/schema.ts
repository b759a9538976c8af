/**
 * @module
 * Drizzle tables of the content module (schema "content"). Column keys are the snake_case field
 * names of the site spec, section 3, so a row is exactly what the content API answers.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Every table of the content module lives in this PostgreSQL schema. */
export const contentSchema = pgSchema("content");

const textId = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The row's version: 1 when inserted, raised by one on every update by the database itself
 * (trigger `bump_version`, whoever writes). The content API answers it as the row's ETag and
 * refuses a write whose `If-Match` names an older one (issue 29).
 */
const version = () => integer("version").notNull().default(1);

export const categories = contentSchema.table("categories", {
  id: textId(),
  name: text("name").notNull(),
  name_de: text("name_de"),
  name_bs: text("name_bs"),
  version: version(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const projects = contentSchema.table(
  "projects",
  {
    /**
     * The row's stable identity: revisions, the trash, the audit log and the admin's forms name
     * it, and it never changes. Seeded projects have readable ids, older admin-made ones UUIDs.
     */
    id: textId(),
    /**
     * The project's public address, `/project/{slug}` (issue 33, item 13): readable, unique
     * among projects, editable. A new project's is made from its English title
     * (`project-slugs.ts`); when it changes, the old one is kept in `project_redirects` by the
     * database itself (trigger `keep_project_addresses`). Left out of an insert it is the id.
     */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    title_de: text("title_de"),
    title_bs: text("title_bs"),
    /** A category id; not a foreign key, so a deleted category never takes projects with it. */
    category: text("category").notNull(),
    description: text("description").notNull().default(""),
    description_de: text("description_de"),
    description_bs: text("description_bs"),
    details: text("details").notNull().default(""),
    details_de: text("details_de"),
    details_bs: text("details_bs"),
    image: text("image").notNull().default(""),
    /** The public site also reads `image_url`; kept equal to `image` by the database. */
    image_url: text("image_url").generatedAlwaysAs(sql`image`),
    bg_color: text("bg_color").notNull().default("bg-sky-100"),
    seo_title: text("seo_title"),
    seo_title_de: text("seo_title_de"),
    seo_title_bs: text("seo_title_bs"),
    seo_description: text("seo_description"),
    seo_description_de: text("seo_description_de"),
    seo_description_bs: text("seo_description_bs"),
    seo_keywords: jsonb("seo_keywords").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    seo_keywords_de: jsonb("seo_keywords_de").$type<string[]>(),
    seo_keywords_bs: jsonb("seo_keywords_bs").$type<string[]>(),
    seo_og_image: text("seo_og_image"),
    seo_og_image_de: text("seo_og_image_de"),
    seo_og_image_bs: text("seo_og_image_bs"),
    version: version(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex("projects_slug_idx").on(table.slug),
    index("projects_category_idx").on(table.category),
    index("projects_created_at_idx").on(table.created_at),
  ],
);

/**
 * A project's former public addresses (issue 33, item 13). `/project/{slug}` of a row here
 * answers a permanent redirect to the project's current address, read from the project itself, so
 * a chain of renames (a -> b -> c) is always one hop. Written by the database when a project's
 * slug changes, and removed when a project takes that address again (a redirect never shadows a
 * live project) or when its project leaves the trash for good. Not a foreign key: a trashed
 * project's old addresses come back with it.
 */
export const projectRedirects = contentSchema.table(
  "project_redirects",
  {
    slug: text("slug").primaryKey(),
    project_id: text("project_id").notNull(),
    created_at: createdAt(),
  },
  (table) => [index("project_redirects_project_idx").on(table.project_id)],
);

export const faqs = contentSchema.table(
  "faqs",
  {
    id: textId(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    question_de: text("question_de"),
    answer_de: text("answer_de"),
    question_bs: text("question_bs"),
    answer_bs: text("answer_bs"),
    version: version(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index("faqs_created_at_idx").on(table.created_at)],
);

export const languages = contentSchema.table(
  "languages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    flag_emoji: text("flag_emoji").notNull().default(""),
    is_default: boolean("is_default").notNull().default(false),
    version: version(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex("languages_single_default_idx")
      .on(table.is_default)
      .where(sql`${table.is_default}`),
  ],
);

/**
 * Page copy per section (hero, footer, about, contact, impressum, datenschutz) and the global SEO
 * row. `content` is English, `content_de` / `content_bs` the translations; each holds an object.
 */
export const siteContent = contentSchema.table("site_content", {
  id: text("id").primaryKey(),
  content_type: text("content_type").notNull(),
  content: jsonb("content").$type<unknown>(),
  content_de: jsonb("content_de").$type<unknown>(),
  content_bs: jsonb("content_bs").$type<unknown>(),
  version: version(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const contactSubmissionStatuses = ["new", "read", "replied"] as const;
export type ContactSubmissionStatus = (typeof contactSubmissionStatuses)[number];

export const contactSubmissions = contentSchema.table(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status").$type<ContactSubmissionStatus>().notNull().default("new"),
    version: version(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index("contact_submissions_created_at_idx").on(table.created_at),
    check("contact_submissions_status_check", sql`${table.status} in ('new', 'read', 'replied')`),
  ],
);

/** One stored rendition of an uploaded image. */
export type MediaVariant = {
  width: number;
  height: number;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  url: string;
};

/** Uploaded images: the re-encoded original and its responsive WebP variants. */
export const media = contentSchema.table(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    storage_key: text("storage_key").notNull(),
    content_type: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size_bytes: integer("size_bytes").notNull(),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default(sql`'[]'::jsonb`),
    original_filename: text("original_filename"),
    uploaded_by: text("uploaded_by"),
    /**
     * When a sweep first found no content referring to this upload (null: referred to, or not
     * swept yet). Its files are removed once this is older than the grace period (issue 19,
     * defect 9; see media-references.ts).
     */
    unreferenced_since: timestamp("unreferenced_since", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index("media_created_at_idx").on(table.created_at)],
);

export const emailDeliveryStatuses = ["pending", "sent", "failed", "not_sent"] as const;
/**
 * `pending`: not tried yet; `sent`: accepted by the SMTP server; `failed`: the SMTP attempt
 * failed (see `last_error`); `not_sent`: no SMTP server is configured, kept for an admin to read.
 */
export type EmailDeliveryStatus = (typeof emailDeliveryStatuses)[number];

/** Every e-mail the site sends, sent or not, with its delivery state. */
export const emailOutbox = contentSchema.table(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to_address: text("to_address").notNull(),
    from_address: text("from_address").notNull(),
    reply_to: text("reply_to"),
    subject: text("subject").notNull(),
    text_body: text("text_body").notNull(),
    status: text("status").$type<EmailDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index("email_outbox_created_at_idx").on(table.created_at),
    check(
      "email_outbox_status_check",
      sql`${table.status} in ('pending', 'sent', 'failed', 'not_sent')`,
    ),
  ],
);

/**
 * Recent hits per rate-limit bucket (e.g. a hashed client address and endpoint), so a limit holds
 * across every server process sharing the database. Rows older than their window are deleted.
 */
export const rateLimitHits = contentSchema.table(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    hit_at: timestamp("hit_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("rate_limit_hits_bucket_idx").on(table.bucket, table.hit_at),
    index("rate_limit_hits_hit_at_idx").on(table.hit_at),
  ],
);

/** Small server-side settings of the site, e.g. the generated auth project and its keys. */
export const siteSettings = contentSchema.table("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Content whose every save keeps a revision, and whose deletes go to the trash (issue 29). */
export const revisionedTables = ["projects", "categories", "faqs", "site_content"] as const;
export type RevisionedTable = (typeof revisionedTables)[number];

export const revisionOperations = ["create", "update", "delete", "restore"] as const;
export type RevisionOperation = (typeof revisionOperations)[number];

/**
 * One saved state of a content row: written in the same transaction as the change it records.
 * `data` is the whole row after the change (for a delete: the row as it was deleted), so any
 * revision can be shown, compared and restored on its own.
 */
export const revisions = contentSchema.table(
  "revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    table_name: text("table_name").$type<RevisionedTable>().notNull(),
    row_id: text("row_id").notNull(),
    /** The row's version after the change (a delete: the version that was deleted). */
    version: integer("version").notNull(),
    operation: text("operation").$type<RevisionOperation>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The fields whose value differs from the previous state (all of them for a create). */
    changed_fields: jsonb("changed_fields").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Who saved: the admin's user id, and the name or address they had then. */
    actor_id: text("actor_id"),
    actor_name: text("actor_name"),
    /** A restore: the revision whose data it brought back. */
    restored_from: uuid("restored_from"),
    created_at: createdAt(),
  },
  (table) => [
    index("revisions_row_idx").on(table.table_name, table.row_id, table.created_at),
    index("revisions_created_at_idx").on(table.created_at),
    check(
      "revisions_operation_check",
      sql`${table.operation} in ('create', 'update', 'delete', 'restore')`,
    ),
  ],
);

/**
 * Deleted content, kept for a while (TRASH_RETENTION_DAYS) so that it can be restored with its
 * images: the media sweep treats what a trashed row refers to as referred to.
 */
export const trash = contentSchema.table(
  "trash",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    table_name: text("table_name").$type<RevisionedTable>().notNull(),
    row_id: text("row_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    deleted_by_id: text("deleted_by_id"),
    deleted_by_name: text("deleted_by_name"),
    deleted_at: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("trash_row_idx").on(table.table_name, table.row_id),
    index("trash_deleted_at_idx").on(table.deleted_at),
  ],
);

/**
 * Who did what and when: content writes, deletes and restores, admin sign-ins (and failed ones),
 * user management and settings. Rows are only ever added (a trigger refuses updates); the
 * retention sweep removes those older than AUDIT_LOG_RETENTION_DAYS.
 */
export const auditLog = contentSchema.table(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor_id: text("actor_id"),
    actor_name: text("actor_name"),
    /** e.g. `content.update`, `content.delete`, `content.restore`, `admin.sign_in_failed`. */
    action: text("action").notNull(),
    /** What it acted on: a content table, `user`, `settings`; and the row's id. */
    target_type: text("target_type"),
    target_id: text("target_id"),
    /** A short human summary (a project's title, a user's address). */
    summary: text("summary"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_actor_idx").on(table.actor_id, table.at),
    index("audit_log_action_idx").on(table.action, table.at),
  ],
);

/** The languages whose texts are translations of the English source (issue 34, item 2). */
export const translationLanguages = ["de", "bs"] as const;
export type TranslationLanguage = (typeof translationLanguages)[number];

/**
 * When an item's English texts last changed and when its texts in `language` were last edited or
 * marked as checked (issue 34, item 2; decision 033; the rule: translations/translation-status.ts).
 * Written by `writeContent` in the write's own transaction; only the admin reads it, so public pages are
 * untouched. No row (items older than this table) reads as up to date. An item purged from the
 * trash loses its rows (trigger `forget_purged_translation_status`).
 */
export const translationStatus = contentSchema.table(
  "translation_status",
  {
    table_name: text("table_name").$type<RevisionedTable>().notNull(),
    row_id: text("row_id").notNull(),
    language: text("language").$type<TranslationLanguage>().notNull(),
    /** The last write that changed an English text of the item (null: none since this table). */
    source_changed_at: timestamp("source_changed_at", { withTimezone: true }),
    /** The last write that changed a text in `language`, or its "mark as checked". */
    translated_at: timestamp("translated_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.table_name, table.row_id, table.language] }),
    check("translation_status_language_check", sql`${table.language} in ('de', 'bs')`),
  ],
);

/** The content that can be saved as a draft before it goes live (issue 34, item 1; decision 036). */
export const draftableTables = ["projects", "faqs", "site_content"] as const;
export type DraftableTable = (typeof draftableTables)[number];

/**
 * An item's unpublished next state (issue 34, item 1; decision 036): the editable fields as the
 * item's save would write them, who saved the draft and when, and the item's version the draft
 * was based on, so publishing over a newer live item is refused like a stale save (412). One
 * draft per item. No public page reads this table (only a signed-in preview does) and no trigger
 * announces it, so saving a draft neither costs a visitor a query nor turns the page cache over.
 */
export const drafts = contentSchema.table(
  "drafts",
  {
    table_name: text("table_name").$type<DraftableTable>().notNull(),
    row_id: text("row_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The live item's version the draft is based on (null: the item did not exist). */
    base_version: integer("base_version"),
    /** Raised on every save of the draft: publishing checks it is the draft it read. */
    version: integer("version").notNull().default(1),
    saved_by_id: text("saved_by_id"),
    saved_by_name: text("saved_by_name"),
    saved_at: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.table_name, table.row_id] }),
    check(
      "drafts_table_name_check",
      sql`${table.table_name} in ('projects', 'faqs', 'site_content')`,
    ),
  ],
);

/** What a schedule does to its item at its time (issue 34, item 3; decision 038). */
export const scheduleActions = ["publish", "unpublish"] as const;
export type ScheduleAction = (typeof scheduleActions)[number];
export const scheduleStates = ["pending", "done", "failed", "cancelled"] as const;
export type ScheduleState = (typeof scheduleStates)[number];

/**
 * Publishing at a given time (issue 34, item 3; decision 038): `publish` publishes the item's
 * draft, `unpublish` takes the item off the site into the trash (projects and FAQ items), both
 * through the item's own write as the person who scheduled it. A schedule is kept after it ran
 * (`done` or `failed` with the reason) or was cancelled, so the admin can say what happened. At
 * most one pending schedule per item and action: scheduling again moves its time. The schedule
 * lives here, not in a process's memory, so whichever process is up at its time runs it, also
 * after a restart; one process runs each (its row is locked, others skip it).
 */
export const publishingSchedules = contentSchema.table(
  "publishing_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    table_name: text("table_name").$type<DraftableTable>().notNull(),
    row_id: text("row_id").notNull(),
    action: text("action").$type<ScheduleAction>().notNull(),
    run_at: timestamp("run_at", { withTimezone: true }).notNull(),
    /** The item's name when scheduled (a project's title, an FAQ's question), for the list. */
    label: text("label").notNull(),
    state: text("state").$type<ScheduleState>().notNull().default("pending"),
    /** Why it failed (the write's refusal, e.g. the item changed after the draft was based on it). */
    outcome: text("outcome"),
    created_by_id: text("created_by_id"),
    created_by_name: text("created_by_name"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("publishing_schedules_due_idx").on(table.run_at).where(sql`${table.state} = 'pending'`),
    uniqueIndex("publishing_schedules_pending_item_idx")
      .on(table.table_name, table.row_id, table.action)
      .where(sql`${table.state} = 'pending'`),
    check(
      "publishing_schedules_table_name_check",
      sql`${table.table_name} in ('projects', 'faqs', 'site_content')`,
    ),
    check("publishing_schedules_action_check", sql`${table.action} in ('publish', 'unpublish')`),
    check(
      "publishing_schedules_state_check",
      sql`${table.state} in ('pending', 'done', 'failed', 'cancelled')`,
    ),
  ],
);
