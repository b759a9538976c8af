/** @module Records of uploaded images (the files themselves live in the server's media storage). */
import type { Database } from "@heritage/db";
import { desc, eq } from "drizzle-orm";
import { isUuid } from "../db/postgres-errors";
import { media } from "../db/schema";

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

/** Records an uploaded image and its variants. */
export async function createMediaRecord(db: Database, values: NewMedia): Promise<Media> {
  const [row] = await db.insert(media).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Every uploaded image, newest first. */
export async function listMedia(db: Database): Promise<Media[]> {
  return db.select().from(media).orderBy(desc(media.created_at), desc(media.id));
}

/** The media record with this id, or null. */
export async function findMediaById(db: Database, id: string): Promise<Media | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}
