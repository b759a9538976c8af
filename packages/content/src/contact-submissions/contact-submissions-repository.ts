/**
 * @module
 * Named operations on contact submissions. Visitors only create them (status "new"); reading,
 * status changes and deletion are for admins (the content API enforces who calls what).
 */
import type { Database } from "@heritage/db";
import { desc, eq } from "drizzle-orm";
import { isUuid } from "../db/postgres-errors";
import { contactSubmissions } from "../db/schema";
import {
  type ContactFormInput,
  type ContactSubmissionUpdateInput,
  contactFormSchema,
  contactSubmissionUpdateSchema,
} from "./contact-submission-input";

export type ContactSubmission = typeof contactSubmissions.$inferSelect;

/** Stores a visitor's message with status "new" and returns it. */
export async function createContactSubmission(
  db: Database,
  input: ContactFormInput,
): Promise<ContactSubmission> {
  const values = contactFormSchema.parse(input);
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...values, status: "new" })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Every submission, newest first (spec section 7). */
export async function listContactSubmissions(db: Database): Promise<ContactSubmission[]> {
  return db
    .select()
    .from(contactSubmissions)
    .orderBy(desc(contactSubmissions.created_at), desc(contactSubmissions.id));
}

/** The submission with this id, or null (also for ids that are not UUIDs). */
export async function findContactSubmissionById(
  db: Database,
  id: string,
): Promise<ContactSubmission | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .limit(1);
  return row ?? null;
}

/** Sets the status (new, read, replied) of one submission; null when there is none. */
export async function updateContactSubmissionStatus(
  db: Database,
  input: ContactSubmissionUpdateInput,
): Promise<ContactSubmission | null> {
  const { id, status } = contactSubmissionUpdateSchema.parse(input);
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(contactSubmissions)
    .set({ status, updated_at: new Date() })
    .where(eq(contactSubmissions.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a submission; returns it, or null when there was none. */
export async function deleteContactSubmission(
  db: Database,
  id: string,
): Promise<ContactSubmission | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning();
  return row ?? null;
}
