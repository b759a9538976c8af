/**
 * @module
 * Protection of the public contact form: a per-address rate limit, a honeypot field and a
 * minimum fill time. A bot that trips the honeypot or the timer is answered as if it had
 * succeeded and nothing is stored, so it learns nothing useful; a rate-limited sender gets 429.
 */
import { createHash } from "node:crypto";
import { hitRateLimit, type RateLimitResult } from "@heritage/content";
import type { Database } from "@heritage/db";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The hidden field the form renders off-screen. People leave it empty; bots fill it. Its
 * value never reaches storage.
 */
export const HONEYPOT_FIELD = "website";
/** When the form was rendered, in milliseconds since the epoch (set by the form, sent back). */
export const FORM_STARTED_AT_FIELD = "form_started_at";

export type ContactProtectionVerdict =
  | { kind: "accept" }
  /** Pretend success, store nothing. */
  | { kind: "silently_drop"; reason: "honeypot" | "too_fast" }
  | { kind: "rate_limited"; retryAfterSeconds: number };

export interface ContactProtection {
  /** Judges one submission; counts it against the sender's limit when it is not spam. */
  check(input: {
    address: string;
    endpoint: string;
    body: Record<string, unknown>;
  }): Promise<ContactProtectionVerdict>;
}

/** Counts hits per key within a window. */
export interface RateLimiter {
  hit(key: string): Promise<RateLimitResult>;
}

export interface RateLimitOptions {
  /** Hits allowed per key within `windowSeconds`. */
  max: number;
  windowSeconds: number;
  clock?: () => Date;
}

/**
 * A limiter in this process's memory. Behind several processes each keeps its own count; use
 * `createDatabaseRateLimiter` there.
 */
export function createMemoryRateLimiter(options: RateLimitOptions): RateLimiter {
  const clock = options.clock ?? (() => new Date());
  const windowMs = options.windowSeconds * 1000;
  const hits = new Map<string, number[]>();
  return {
    async hit(key) {
      const now = clock().getTime();
      if (hits.size > 10_000) {
        for (const [otherKey, times] of hits) {
          if (times.every((time) => now - time >= windowMs)) hits.delete(otherKey);
        }
      }
      const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= options.max) {
        hits.set(key, recent);
        const oldest = recent[0] ?? now;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      hits.set(key, recent);
      return { allowed: true };
    },
  };
}

/**
 * A limiter kept in the database, shared by every process. Keys are stored only as SHA-256
 * hashes, so no client address is written down.
 */
export function createDatabaseRateLimiter(db: Database, options: RateLimitOptions): RateLimiter {
  const clock = options.clock ?? (() => new Date());
  return {
    hit: (key) =>
      hitRateLimit(db, {
        bucket: createHash("sha256").update(key).digest("hex"),
        max: options.max,
        windowSeconds: options.windowSeconds,
        now: clock(),
      }),
  };
}

export interface ContactProtectionOptions {
  rateLimiter: RateLimiter;
  /** A form sent back sooner than this after `form_started_at` is a bot (0 turns it off). */
  minFillMilliseconds: number;
  clock?: () => Date;
}

export function createContactProtection(options: ContactProtectionOptions): ContactProtection {
  const clock = options.clock ?? (() => new Date());
  return {
    async check({ address, endpoint, body }) {
      const honeypot = body[HONEYPOT_FIELD];
      if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null) {
        return { kind: "silently_drop", reason: "honeypot" };
      }
      const startedAt = Number(body[FORM_STARTED_AT_FIELD]);
      if (
        body[FORM_STARTED_AT_FIELD] !== undefined &&
        options.minFillMilliseconds > 0 &&
        (!Number.isFinite(startedAt) || clock().getTime() - startedAt < options.minFillMilliseconds)
      ) {
        return { kind: "silently_drop", reason: "too_fast" };
      }
      const result = await options.rateLimiter.hit(`contact\u0000${endpoint}\u0000${address}`);
      return result.allowed
        ? { kind: "accept" }
        : { kind: "rate_limited", retryAfterSeconds: result.retryAfterSeconds };
    },
  };
}

/** Protection that accepts everything (tests of other behaviour, trusted callers). */
export const noContactProtection: ContactProtection = {
  check: async () => ({ kind: "accept" }),
};

/**
 * Reads the client's address: the first X-Forwarded-For entry behind a trusted proxy, else the
 * socket's remote address; "unknown" when neither exists (requests made in tests).
 */
export function createClientAddressReader(options: { trustProxy: boolean }) {
  return (c: Context): string => {
    if (options.trustProxy) {
      const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  };
}

/**
 * Contact-form protection with the limits of the configuration. Pass the database to count in it,
 * so the limit holds across every server process; without it each process counts in memory.
 */
export function createContactProtectionFromConfig(
  config: {
    CONTACT_RATE_LIMIT_MAX: number;
    CONTACT_RATE_LIMIT_WINDOW_SECONDS: number;
    CONTACT_MIN_FILL_SECONDS: number;
  },
  db?: Database,
): ContactProtection {
  const limits = {
    max: config.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: config.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
  };
  return createContactProtection({
    rateLimiter: db ? createDatabaseRateLimiter(db, limits) : createMemoryRateLimiter(limits),
    minFillMilliseconds: config.CONTACT_MIN_FILL_SECONDS * 1000,
  });
}
