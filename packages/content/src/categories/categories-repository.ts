/** @module Named operations on project categories. */
import type { Database } from "@heritage/db";
import { asc, eq } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { isUniqueViolation } from "../db/postgres-errors";
import { categories } from "../db/schema";
import {
  type CategoryCreateInput,
  type CategoryUpdateInput,
  categoryCreateSchema,
  categoryUpdateSchema,
} from "./category-input";

export type Category = typeof categories.$inferSelect;

/** Every stored category, in the order they were created. The synthetic "all" is not stored. */
export async function listCategories(db: Database): Promise<Category[]> {
  return db.select().from(categories).orderBy(asc(categories.created_at), asc(categories.id));
}

/** The category with this id ("culture"), or null. */
export async function findCategoryById(db: Database, id: string): Promise<Category | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a category and returns it. Throws `DUPLICATE_ID` when the id is taken. */
export async function createCategory(db: Database, input: CategoryCreateInput): Promise<Category> {
  const values = categoryCreateSchema.parse(input);
  try {
    const [row] = await db.insert(categories).values(values).returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentError("DUPLICATE_ID");
    throw error;
  }
}

/** Updates the given names of category `input.id`; null when there is none. */
export async function updateCategory(
  db: Database,
  input: CategoryUpdateInput,
): Promise<Category | null> {
  const { id, ...changes } = categoryUpdateSchema.parse(input);
  const [row] = await db
    .update(categories)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a category (its projects keep their category id); null when there was none. */
export async function deleteCategory(db: Database, id: string): Promise<Category | null> {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning();
  return row ?? null;
}
