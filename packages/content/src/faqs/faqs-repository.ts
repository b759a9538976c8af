/** @module Named operations on FAQ items. */
import type { Database } from "@heritage/db";
import { asc, desc, eq } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { isUniqueViolation } from "../db/postgres-errors";
import { faqs } from "../db/schema";
import {
  type FaqCreateInput,
  type FaqUpdateInput,
  faqCreateSchema,
  faqUpdateSchema,
} from "./faq-input";

export type Faq = typeof faqs.$inferSelect;

/**
 * Lists FAQ items: oldest first for the home page (default), newest first for the admin list
 * (spec section 7: ordered by created_at descending).
 */
export async function listFaqs(
  db: Database,
  options: { order?: "oldest" | "newest" } = {},
): Promise<Faq[]> {
  const order =
    options.order === "newest"
      ? [desc(faqs.created_at), desc(faqs.id)]
      : [asc(faqs.created_at), asc(faqs.id)];
  return db
    .select()
    .from(faqs)
    .orderBy(...order);
}

/** The FAQ item with this id, or null. */
export async function findFaqById(db: Database, id: string): Promise<Faq | null> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  return row ?? null;
}

/** Inserts an FAQ item and returns it. Throws `DUPLICATE_ID` when the id is taken. */
export async function createFaq(db: Database, input: FaqCreateInput): Promise<Faq> {
  const values = faqCreateSchema.parse(input);
  try {
    const [row] = await db.insert(faqs).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentError("DUPLICATE_ID");
    throw error;
  }
}

/** Updates the given fields of FAQ item `input.id` (and updated_at); null when there is none. */
export async function updateFaq(db: Database, input: FaqUpdateInput): Promise<Faq | null> {
  const { id, ...changes } = faqUpdateSchema.parse(input);
  const [row] = await db
    .update(faqs)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row ?? null;
}

/** Deletes an FAQ item; returns it, or null when there was none. */
export async function deleteFaq(db: Database, id: string): Promise<Faq | null> {
  const [row] = await db.delete(faqs).where(eq(faqs.id, id)).returning();
  return row ?? null;
}
