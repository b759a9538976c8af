/**
 * The admin's list of a project's sent e-mails (`GET /internal/emails`, the reference's shape): the
 * newest 100 outbox entries. The outbox keeps the sender as a `From` header, so `sender_config`
 * carries the name and address from it and the project's current server type (the outbox does not
 * remember the server a message went through).
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
  sender_config: { type: "shared" | "standard"; sender_name: string; sender_email: string };
  /** Delivery error, or null; `status` tells queued (outbox only), sent, failed and skipped apart. */
  error: string | null;
  status: "queued" | "sent" | "failed" | "skipped";
}

function parseFrom(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] ?? "", email: match[2] ?? "" } : { name: "", email: from.trim() };
}

export async function listSentEmails(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
): Promise<SentEmailItem[]> {
  const rows = await deps.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.projectId, project.id))
    .orderBy(desc(emailOutbox.sequence))
    .limit(100);
  const type = project.config.emails.server.isShared ? "shared" : "standard";
  return rows.map((row) => {
    const sender = parseFrom(row.from);
    return {
      id: row.id,
      subject: row.subject,
      sent_at_millis: (row.sentAt ?? row.createdAt).getTime(),
      to: [row.to],
      sender_config: { type, sender_name: sender.name, sender_email: sender.email },
      error: row.error,
      status: row.status,
    };
  });
}
