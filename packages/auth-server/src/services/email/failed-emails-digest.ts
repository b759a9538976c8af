/**
 * The failed e-mails of the last day, per project, with the addresses of the people who own the
 * project (the primary e-mails of its owner team's members in the `internal` project), for
 * `POST /internal/failed-emails-digest` (the reference's shape). Failed means the outbox's error
 * statuses: a render error or a send that gave up. Like the reference (whose sending of the digest
 * is switched off), this lists only; the route refuses to send.
 * @module
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { contactChannels, emailOutbox, projects, teamMembers } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { internalProjectId } from "../projects/projects";

export interface FailedEmailsOfProject {
  emails: Array<{ subject: string; to: string[] }>;
  tenant_owner_emails: string[];
  project_id: string;
  /** The reference's tenancy; we have one per project. */
  tenancy_id: string;
}

const dayMs = 24 * 60 * 60_000;

export async function listFailedEmailsByProject(
  deps: Pick<AuthDeps, "db" | "clock">,
): Promise<FailedEmailsOfProject[]> {
  const since = new Date(deps.clock().getTime() - dayMs);
  const failed = await deps.db
    .select({
      projectId: emailOutbox.projectId,
      subject: emailOutbox.subject,
      to: emailOutbox.to,
      recipient: emailOutbox.recipient,
      ownerTeamId: projects.ownerTeamId,
    })
    .from(emailOutbox)
    .innerJoin(projects, eq(projects.id, emailOutbox.projectId))
    .where(and(eq(emailOutbox.status, "failed"), gte(emailOutbox.createdAt, since)))
    .orderBy(emailOutbox.sequence);
  const ownerTeamIds = [
    ...new Set(failed.flatMap((row) => (row.ownerTeamId ? [row.ownerTeamId] : []))),
  ];
  const owners =
    ownerTeamIds.length === 0
      ? []
      : await deps.db
          .select({ teamId: teamMembers.teamId, email: contactChannels.value })
          .from(teamMembers)
          .innerJoin(
            contactChannels,
            and(
              eq(contactChannels.userId, teamMembers.userId),
              eq(contactChannels.type, "email"),
              eq(contactChannels.isPrimary, true),
            ),
          )
          .where(
            and(
              eq(teamMembers.projectId, internalProjectId),
              inArray(teamMembers.teamId, ownerTeamIds),
            ),
          );
  const ownerEmails = new Map<string, string[]>();
  for (const owner of owners) {
    ownerEmails.set(owner.teamId, [...(ownerEmails.get(owner.teamId) ?? []), owner.email]);
  }
  // The reference's listing is the rows of its join: one per failed e-mail and owner address, so
  // each failed e-mail is listed once per owner and each owner once per failed e-mail (its own
  // TODO asks for deduplication), and a project whose owners have no primary address is not
  // listed. Its suite compares these lists, so they are built the same way; whoever sends a
  // digest from them writes to the distinct addresses.
  const byProject = new Map<string, FailedEmailsOfProject>();
  for (const row of failed) {
    if (!row.projectId) continue;
    const addresses = (row.ownerTeamId && ownerEmails.get(row.ownerTeamId)) || [];
    if (addresses.length === 0) continue;
    const entry = byProject.get(row.projectId) ?? {
      emails: [],
      tenant_owner_emails: [],
      project_id: row.projectId,
      tenancy_id: row.projectId,
    };
    for (const address of addresses) {
      entry.emails.push({
        subject: row.subject,
        // A message to a user names the user, as the reference; flow mail its address.
        to: row.recipient ? [`User ID: ${row.recipient.user_id}`] : [row.to],
      });
      entry.tenant_owner_emails.push(address);
    }
    byProject.set(row.projectId, entry);
  }
  return [...byProject.values()];
}
