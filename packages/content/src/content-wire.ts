/**
 * @module
 * The content rows as the content API sends them (JSON: dates become ISO strings). The rows'
 * one source is the Drizzle schema (db/schema.ts); these types follow it, so a client that reads
 * the API (apps/web's content client) checks its answer schemas against them instead of
 * declaring the rows again.
 */
import type { Category } from "./categories/categories-repository";
import type { ContactSubmission } from "./contact-submissions/contact-submissions-repository";
import type { Faq } from "./faqs/faqs-repository";
import type { Project } from "./projects/projects-repository";
import type { SiteContentRow } from "./site-content/site-content-repository";

/** A row as JSON carries it: each `Date` an ISO string, everything else as stored. */
export type WireRow<Row> = {
  [Field in keyof Row]: Row[Field] extends Date
    ? string
    : Row[Field] extends Date | null
      ? string | null
      : Row[Field];
};

export type ProjectWire = WireRow<Project>;
export type CategoryWire = WireRow<Category>;
export type FaqWire = WireRow<Faq>;
export type ContactSubmissionWire = WireRow<ContactSubmission>;
export type SiteContentWire = WireRow<SiteContentRow>;
