/**
 * The newest messages of the platform's outbox (`auth.email_outbox`), of every project, for the
 * development outbox page (apps/server/src/dev-outbox). The server mounts that page only when the
 * operator turns it on: the messages hold sign-in links and codes.
 * @module
 */
import type { Database } from "@heritage/db";
import { count, desc } from "drizzle-orm";
import { type EmailOutboxRow, emailOutbox } from "../../db/schema";

export type { EmailOutboxRow };

/** The newest `limit` messages (insertion order, newest first) and how many the outbox holds. */
export async function listNewestOutboxEmails(
  db: Database,
  limit: number,
): Promise<{ emails: EmailOutboxRow[]; total: number }> {
  const [emails, totals] = await Promise.all([
    db.select().from(emailOutbox).orderBy(desc(emailOutbox.sequence)).limit(limit),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return { emails, total: totals[0]?.total ?? 0 };
}
