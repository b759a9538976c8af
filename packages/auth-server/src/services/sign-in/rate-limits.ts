/**
 * Rate limits for sign-in and sign-up, counted in fixed windows in `auth.rate_limit_buckets` so every
 * process sharing the database shares the counts. Over the limit: plain 429 with `Retry-After`
 * (seconds until the window ends), which the SDK honours before retrying (contract §1.1).
 * @module
 */
import type { Database } from "@heritage/db";
import { lt, sql } from "drizzle-orm";
import { rateLimitBuckets } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { plainErrors } from "../shared/plain-errors";

const pruneProbability = 0.001;

export interface RateLimitRule {
  /** e.g. `sign-in:ip:203.0.113.7`; include the project id where it matters. */
  key: string;
  /** Allowed events per window; 0 disables the rule. */
  limit: number;
}

/**
 * Counts one event against each rule and throws a 429 StatusError when any rule is over its limit.
 * Every rule is counted even when an earlier one fails, so a blocked client keeps being blocked.
 */
export async function consumeRateLimits(
  deps: Pick<AuthDeps, "db" | "clock" | "config">,
  rules: readonly RateLimitRule[],
): Promise<void> {
  const windowMillis = deps.config.AUTH_RATE_LIMIT_WINDOW * 1000;
  const now = deps.clock().getTime();
  const windowStart = new Date(Math.floor(now / windowMillis) * windowMillis);
  // Now and then, clear counters of ended windows so the table stays small.
  if (Math.random() < pruneProbability) await pruneRateLimitBuckets(deps);
  let exceeded = false;
  for (const rule of rules) {
    if (rule.limit <= 0) continue;
    const count = await countEvent(deps.db, rule.key, windowStart);
    if (count > rule.limit) exceeded = true;
  }
  if (exceeded) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMillis - now) / 1000),
    );
    throw plainErrors.tooManyRequests(retryAfterSeconds);
  }
}

async function countEvent(db: Database, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.windowStart} = excluded.window_start then ${rateLimitBuckets.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimitBuckets.count });
  return row?.count ?? 1;
}

/** Deletes counters of windows that have ended (run at start and now and then). */
export async function pruneRateLimitBuckets(
  deps: Pick<AuthDeps, "db" | "clock" | "config">,
): Promise<void> {
  const cutoff = new Date(deps.clock().getTime() - deps.config.AUTH_RATE_LIMIT_WINDOW * 1000);
  await deps.db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, cutoff));
}
