/**
 * @module
 * Protection of the public contact form: a per-address rate limit, a honeypot field and a
 * minimum fill time. A bot that trips the honeypot or the timer is answered as if it had
 * succeeded and nothing is stored, so it learns nothing useful; a rate-limited sender gets 429.
 */
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
  /** Judges one submission; counts it against the sender's limit when accepted. */
  check(input: {
    address: string;
    endpoint: string;
    body: Record<string, unknown>;
  }): ContactProtectionVerdict;
}

export interface ContactProtectionOptions {
  /** Submissions allowed per address and endpoint within `windowSeconds`. */
  maxPerWindow: number;
  windowSeconds: number;
  /** A form sent back sooner than this after `form_started_at` is a bot (0 turns it off). */
  minFillMilliseconds: number;
  clock?: () => Date;
}

/**
 * In-memory protection for one process. Behind several processes each keeps its own count,
 * which multiplies the limit by the number of processes; acceptable for a contact form.
 */
export function createContactProtection(options: ContactProtectionOptions): ContactProtection {
  const clock = options.clock ?? (() => new Date());
  const windowMs = options.windowSeconds * 1000;
  const hits = new Map<string, number[]>();

  function prune(now: number) {
    for (const [key, times] of hits) {
      const recent = times.filter((time) => now - time < windowMs);
      if (recent.length === 0) hits.delete(key);
      else hits.set(key, recent);
    }
  }

  return {
    check({ address, endpoint, body }) {
      const honeypot = body[HONEYPOT_FIELD];
      if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null) {
        return { kind: "silently_drop", reason: "honeypot" };
      }
      const now = clock().getTime();
      const startedAt = Number(body[FORM_STARTED_AT_FIELD]);
      if (
        body[FORM_STARTED_AT_FIELD] !== undefined &&
        options.minFillMilliseconds > 0 &&
        (!Number.isFinite(startedAt) || now - startedAt < options.minFillMilliseconds)
      ) {
        return { kind: "silently_drop", reason: "too_fast" };
      }

      if (hits.size > 10_000) prune(now);
      const key = `${endpoint}\u0000${address}`;
      const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= options.maxPerWindow) {
        const oldest = recent[0] ?? now;
        hits.set(key, recent);
        return {
          kind: "rate_limited",
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
        };
      }
      recent.push(now);
      hits.set(key, recent);
      return { kind: "accept" };
    },
  };
}

/** Protection that accepts everything (tests of other behaviour, trusted callers). */
export const noContactProtection: ContactProtection = {
  check: () => ({ kind: "accept" }),
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

/** Contact-form protection with the limits of the configuration. */
export function createContactProtectionFromConfig(config: {
  CONTACT_RATE_LIMIT_MAX: number;
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: number;
  CONTACT_MIN_FILL_SECONDS: number;
}): ContactProtection {
  return createContactProtection({
    maxPerWindow: config.CONTACT_RATE_LIMIT_MAX,
    windowSeconds: config.CONTACT_RATE_LIMIT_WINDOW_SECONDS,
    minFillMilliseconds: config.CONTACT_MIN_FILL_SECONDS * 1000,
  });
}
