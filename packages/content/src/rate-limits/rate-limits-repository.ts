/**
 * @module
 * A sliding-window rate limit kept in the database, so it holds across every server process.
 * Each bucket is checked and counted under its own advisory lock.
 */
import type { Database } from "@heritage/db";
import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../db/schema";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Rows this old are removed whatever their bucket. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a hit against `bucket` when fewer than `max` hits happened in the last `windowSeconds`;
 * otherwise refuses it and says when the oldest hit leaves the window.
 */
export async function hitRateLimit(
  db: Database,
  input: { bucket: string; max: number; windowSeconds: number; now: Date },
): Promise<RateLimitResult> {
  const windowStart = new Date(input.now.getTime() - input.windowSeconds * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${input.bucket}`}))`);
    await tx
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.hit_at, new Date(input.now.getTime() - RETENTION_MS)));
    const recent = and(
      eq(rateLimitHits.bucket, input.bucket),
      gte(rateLimitHits.hit_at, windowStart),
    );
    const [counted] = await tx.select({ n: count() }).from(rateLimitHits).where(recent);
    if ((counted?.n ?? 0) >= input.max) {
      const [oldest] = await tx
        .select({ hit_at: rateLimitHits.hit_at })
        .from(rateLimitHits)
        .where(recent)
        .orderBy(asc(rateLimitHits.hit_at))
        .limit(1);
      const leavesAt = (oldest?.hit_at ?? input.now).getTime() + input.windowSeconds * 1000;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - input.now.getTime()) / 1000)),
      };
    }
    await tx.insert(rateLimitHits).values({ bucket: input.bucket, hit_at: input.now });
    return { allowed: true };
  });
}
