/**
 * What the e-mail send queue holds right now, for an operator's dashboard (apps/server exports it
 * as Prometheus gauges, read at scrape time): messages waiting in `auth.email_outbox` to be sent
 * or retried, and messages that gave up after the last retry. Counted across every process that
 * shares the database.
 * @module
 */
import type { Database } from "@heritage/db";
import { count, eq, isNotNull } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";

export interface EmailQueueState {
  /** Messages waiting for a first attempt or a retry (rows with `next_attempt_at` set). */
  queued: number;
  /** Messages whose attempts failed, the last included (`status = 'failed'`). */
  failed: number;
}

export async function readEmailQueueState(db: Database): Promise<EmailQueueState> {
  const [[queued], [failed]] = await Promise.all([
    // The queue's partial index (email_outbox_queue_idx) holds exactly these rows.
    db.select({ n: count() }).from(emailOutbox).where(isNotNull(emailOutbox.nextAttemptAt)),
    db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed")),
  ]);
  return { queued: queued?.n ?? 0, failed: failed?.n ?? 0 };
}
