/**
 * @module
 * The outbox keeps every e-mail the site sends, sent or not, with its delivery state, so a mail
 * failure never loses a message and an admin can read what was not delivered.
 */
import type { Database } from "@heritage/db";
import { count, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "../db/postgres-errors";
import { emailOutbox } from "../db/schema";

export type OutboxEmail = typeof emailOutbox.$inferSelect;

export type NewOutboxEmail = {
  kind: string;
  to_address: string;
  from_address: string;
  reply_to?: string | null;
  subject: string;
  text_body: string;
};

/** Stores a message with status "pending", before any attempt to send it. */
export async function createOutboxEmail(db: Database, email: NewOutboxEmail): Promise<OutboxEmail> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...email, status: "pending" })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Records a delivery attempt's outcome: "sent", "failed" (with the error) or "not_sent". */
export async function recordOutboxDelivery(
  db: Database,
  id: string,
  outcome:
    | { status: "sent" }
    | { status: "failed"; error: string }
    | { status: "not_sent"; reason: string },
): Promise<OutboxEmail | null> {
  const attempted = outcome.status !== "not_sent";
  const [row] = await db
    .update(emailOutbox)
    .set({
      status: outcome.status,
      attempts: attempted ? sql`${emailOutbox.attempts} + 1` : undefined,
      last_error:
        outcome.status === "failed"
          ? outcome.error
          : outcome.status === "not_sent"
            ? outcome.reason
            : null,
      sent_at: outcome.status === "sent" ? new Date() : undefined,
      updated_at: new Date(),
    })
    .where(eq(emailOutbox.id, id))
    .returning();
  return row ?? null;
}

/** Every outbox message, newest first. */
export async function listOutboxEmails(db: Database): Promise<OutboxEmail[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.created_at), desc(emailOutbox.id));
}

/** The newest `limit` messages and how many the outbox holds (the development outbox page). */
export async function listNewestOutboxEmails(
  db: Database,
  limit: number,
): Promise<{ emails: OutboxEmail[]; total: number }> {
  const [emails, totals] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.created_at), desc(emailOutbox.id))
      .limit(limit),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return { emails, total: totals[0]?.total ?? 0 };
}

/** The outbox message with this id, or null. */
export async function findOutboxEmailById(db: Database, id: string): Promise<OutboxEmail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row ?? null;
}
