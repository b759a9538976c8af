/** @module Small server-side settings (never sent to browsers), e.g. the site's auth project keys. */
import type { Database } from "@heritage/db";
import { eq, sql } from "drizzle-orm";
import { siteSettings } from "../db/schema";

/** The value stored under `key`, or null. */
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

// Any constant; the same in every process that shares the database.
const SITE_SETTINGS_LOCK_KEY = 7_240_813;

/**
 * Runs `work` in a transaction that holds the site settings lock, so a check-then-create of a
 * setting (e.g. creating the site's auth project on first start) happens once even when several
 * processes start together.
 */
export async function withSiteSettingsLock<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SITE_SETTINGS_LOCK_KEY})`);
    return work(tx);
  });
}
