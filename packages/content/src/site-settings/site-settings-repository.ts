/** @module Small server-side settings (never sent to browsers), e.g. the site's auth project keys. */
import type { Database } from "@heritage/db";
import { eq } from "drizzle-orm";
import { siteSettings } from "../db/schema";

export async function getSiteSetting(db: Database, key: string): Promise<unknown | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  return row ? row.value : null;
}

/** Stores `value` under `key`, replacing what was there. */
export async function setSiteSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updated_at: new Date() } });
}
