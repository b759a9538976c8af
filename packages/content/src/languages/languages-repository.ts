/** @module Named operations on the site's languages. At most one language is the default. */
import type { Database } from "@heritage/db";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { ContentError } from "../content-errors";
import { isUniqueViolation } from "../db/postgres-errors";
import { languages } from "../db/schema";
import {
  type LanguageCreateInput,
  type LanguageUpdateInput,
  languageCreateSchema,
  languageUpdateSchema,
} from "./language-input";

export type Language = typeof languages.$inferSelect;

/** Every language, the default first (spec section 7: ordered by is_default descending). */
export async function listLanguages(db: Database): Promise<Language[]> {
  return db
    .select()
    .from(languages)
    .orderBy(desc(languages.is_default), asc(languages.created_at), asc(languages.id));
}

/** The language with this id ("en"), or null. */
export async function findLanguageById(db: Database, id: string): Promise<Language | null> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a language; making it the default takes the flag from the previous default. */
export async function createLanguage(db: Database, input: LanguageCreateInput): Promise<Language> {
  const values = languageCreateSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      if (values.is_default) {
        await tx.update(languages).set({ is_default: false }).where(eq(languages.is_default, true));
      }
      const [row] = await tx.insert(languages).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ContentError("DUPLICATE_ID");
    throw error;
  }
}

const languageNotFound = new Error("language not found");

/** Updates language `input.id`; making it the default takes the flag from the others. Null when there is none. */
export async function updateLanguage(
  db: Database,
  input: LanguageUpdateInput,
): Promise<Language | null> {
  const { id, ...changes } = languageUpdateSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      if (changes.is_default) {
        await tx
          .update(languages)
          .set({ is_default: false })
          .where(and(eq(languages.is_default, true), ne(languages.id, id)));
      }
      const [row] = await tx
        .update(languages)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(languages.id, id))
        .returning();
      // Roll back the flag change above when there is no such language.
      if (!row) throw languageNotFound;
      return row;
    });
  } catch (error) {
    if (error === languageNotFound) return null;
    throw error;
  }
}

/** Deletes a language; returns it, or null when there was none. */
export async function deleteLanguage(db: Database, id: string): Promise<Language | null> {
  const [row] = await db.delete(languages).where(eq(languages.id, id)).returning();
  return row ?? null;
}
