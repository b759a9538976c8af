/**
 * The e-mail sent when a secret scanner's report revoked an API key (as the reference does): to the
 * user of a user key, or to every team member who may manage the team's keys. Subject
 * "API Key Revoked: {description}".
 * @module
 */
import type { CustomerApiKeyRow } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { emailSenderFor } from "../email/project-mail";
import { findProject, type LoadedProject } from "../projects/projects";
import { findUser } from "../records/user-records";
import { escapeHtml } from "../shared/escape-html";
import { listPermissions } from "../teams/permissions";
import { canManageTeamApiKeys, manageApiKeysPermission } from "./api-key-team-access";

async function primaryEmailOf(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  userId: string,
): Promise<string | null> {
  return (await findUser(deps.db, projectId, userId))?.primaryEmail?.value ?? null;
}

async function recipientsOf(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  key: CustomerApiKeyRow,
): Promise<string[]> {
  if (key.userId !== null) {
    const email = await primaryEmailOf(deps, project.id, key.userId);
    return email ? [email] : [];
  }
  if (key.teamId === null) return [];
  const teamId = key.teamId;
  const grants = await listPermissions(deps.db, project, {
    scope: "team",
    teamId,
    permissionId: manageApiKeysPermission,
    recursive: true,
  });
  const emails = new Set<string>();
  for (const userId of new Set(grants.map((grant) => grant.user_id))) {
    // The same rule as for managing the keys: members only.
    if (!(await canManageTeamApiKeys(deps.db, project, { teamId, userId }))) continue;
    const email = await primaryEmailOf(deps, project.id, userId);
    if (email) emails.add(email);
  }
  return [...emails];
}

/** Mails the owners of a key that was just revoked as leaked; resolves with the addresses. */
export async function sendLeakedApiKeyNotice(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "logger" | "emails" | "outgoing" | "secrets">,
  key: CustomerApiKeyRow,
): Promise<string[]> {
  const project = await findProject(deps.db, deps.secrets, key.projectId);
  if (!project) return [];
  const recipients = await recipientsOf(deps, project, key);
  const intro = `Your API key "${key.description}" for ${project.displayName} has been automatically revoked because it was found in a public place.`;
  const outro =
    "This is an automated security measure to protect your API keys from being leaked. Please create a new API key if needed.";
  for (const to of recipients) {
    await emailSenderFor(deps, project).send({
      projectId: project.id,
      fromName: project.displayName,
      to,
      subject: `API Key Revoked: ${key.description}`,
      text: `API Key Revoked\n\n${intro}\n\n${outro}\n`,
      html: [
        "<!doctype html>",
        '<html><body style="font-family: sans-serif; line-height: 1.5">',
        '<h1 style="font-size: 20px">API Key Revoked</h1>',
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${escapeHtml(outro)}</p>`,
        "</body></html>",
      ].join("\n"),
    });
  }
  return recipients;
}
