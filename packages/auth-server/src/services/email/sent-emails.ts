/**
 * The admin's list of a project's sent e-mails (`GET /internal/emails`): the newest 100 outbox
 * entries in the reference's shape (`id`, `subject`, `sent_at_millis`, `to`, `error`). Our
 * delivery `status` (queued, sent, failed, skipped), which the reference's list cannot tell apart,
 * is added only when the caller asks for it (`?include=status`, our client does), so a caller
 * written against the reference sees exactly its fields.
 * @module
 */
import { desc, eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";

export interface SentEmailItem {
  id: string;
  subject: string;
  sent_at_millis: number;
  to: string[];
  /** Delivery error, or null. */
  error: string | null;
  /** Only with `includeStatus`: tells queued (outbox only), sent, failed and skipped apart. */
  status?: "queued" | "sent" | "failed" | "skipped";
}

export async function listSentEmails(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  options: { includeStatus: boolean },
): Promise<SentEmailItem[]> {
  const rows = await deps.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.projectId, project.id))
    .orderBy(desc(emailOutbox.sequence))
    .limit(100);
  return rows.map((row) => {
    const item: SentEmailItem = {
      id: row.id,
      subject: row.subject,
      sent_at_millis: (row.sentAt ?? row.createdAt).getTime(),
      to: [row.to],
      error: row.error,
    };
    if (options.includeStatus) item.status = row.status;
    return item;
  });
}
