/**
 * Team invitations (contract §2.9): an invitation is a `team_invitation` verification code (§2.1)
 * whose data names the team and the invited address; its row id is the invitation id. Only a user
 * who has verified the invited address may accept it (SDK 2.8.108's TEAM_INVITATION_EMAIL_MISMATCH),
 * so a forwarded link cannot make someone else a member.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { contactChannels, teams, verificationCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { renderProjectEmail } from "../email/project-emails";
import { emailSenderFor } from "../email/project-mail";
import { buildCodeLink, renderTeamInvitationEmail } from "../email-delivery/emails";
import type { MailLanguage } from "../email-delivery/mail-texts";
import { assertDashboardAdminSeat } from "../payments/dashboard-admins";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, normalizeEmail } from "../records/user-records";
import { restrictedReasonOf } from "../records/user-wire";
import { hashSecret } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import { ensureTeamMember, requireTeam } from "../teams/teams";

const codeType = "team_invitation";

interface InvitationData {
  teamId: string;
  email: string;
}

function readData(data: Record<string, unknown>): InvitationData {
  return {
    teamId: typeof data.team_id === "string" ? data.team_id : "",
    email: typeof data.email === "string" ? data.email : "",
  };
}

/** Mails an invitation link and returns the invitation's id. */
export async function sendTeamInvitation(
  deps: AuthDeps,
  project: LoadedProject,
  input: {
    teamId: string;
    email: string;
    callbackUrl: string;
    language?: MailLanguage | undefined;
  },
): Promise<string> {
  const team = await requireTeam(deps.db, project.id, input.teamId);
  if (!isTrustedRedirectUrl(project.config, input.callbackUrl)) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  const email = normalizeEmail(input.email);
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: codeType,
    data: { team_id: team.id, email },
  });
  const [row] = await deps.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(eq(verificationCodes.codeHash, hashSecret(code)));
  if (!row) throw new Error("The invitation code just stored was not found");
  await emailSenderFor(deps, project).send({
    projectId: project.id,
    fromName: project.displayName,
    to: email,
    // A project may override the built-in template (services/email/project-emails.ts).
    ...(await renderProjectEmail(
      project,
      "team_invitation",
      {
        teamDisplayName: team.displayName,
        teamInvitationLink: buildCodeLink(input.callbackUrl, code),
      },
      () =>
        renderTeamInvitationEmail({
          projectName: project.displayName,
          teamName: team.displayName,
          link: buildCodeLink(input.callbackUrl, code),
          language: input.language,
        }),
      deps,
    )),
  });
  return row.id;
}

/** An open invitation on the wire. */
export interface TeamInvitation {
  id: string;
  team_id: string;
  team_display_name: string;
  expires_at_millis: number;
  recipient_email: string;
}

/** Open (unused, unexpired) invitations of a team, or to any of the given addresses; oldest first. */
export async function listTeamInvitations(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  filter: { teamId: string } | { emails: string[] },
): Promise<TeamInvitation[]> {
  if ("emails" in filter && filter.emails.length === 0) return [];
  const teamIdOf = sql<string>`${verificationCodes.data}->>'team_id'`;
  const emailOf = sql<string>`${verificationCodes.data}->>'email'`;
  const rows = await deps.db
    .select({
      id: verificationCodes.id,
      teamId: teamIdOf,
      email: emailOf,
      expiresAt: verificationCodes.expiresAt,
      teamName: teams.displayName,
    })
    .from(verificationCodes)
    .innerJoin(teams, sql`${teams.id}::text = ${teamIdOf}`)
    .where(
      and(
        eq(verificationCodes.projectId, projectId),
        eq(verificationCodes.type, codeType),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, deps.clock()),
        "teamId" in filter ? sql`${teamIdOf} = ${filter.teamId}` : inArray(emailOf, filter.emails),
      ),
    )
    .orderBy(asc(verificationCodes.createdAt), asc(verificationCodes.id));
  return rows.map((row) => ({
    id: row.id,
    team_id: row.teamId,
    team_display_name: row.teamName,
    expires_at_millis: row.expiresAt.getTime(),
    recipient_email: row.email,
  }));
}

/** Withdraws an invitation of the team; its link stops working. */
export async function revokeTeamInvitation(
  db: Database,
  projectId: string,
  input: { teamId: string; invitationId: string },
): Promise<void> {
  const deleted = await db
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.projectId, projectId),
        eq(verificationCodes.type, codeType),
        eq(verificationCodes.id, input.invitationId),
        sql`${verificationCodes.data}->>'team_id' = ${input.teamId}`,
      ),
    )
    .returning({ id: verificationCodes.id });
  if (deleted.length === 0) throw plainErrors.teamInvitationNotFound();
}

/** The user's verified e-mail addresses. */
async function verifiedEmailsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ value: contactChannels.value })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.isVerified, true),
      ),
    );
  return rows.map((row) => row.value);
}

/** Open invitations to the user's verified addresses (`GET /team-invitations?user_id=`). */
export async function listInvitationsForUser(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  userId: string,
): Promise<TeamInvitation[]> {
  return listTeamInvitations(deps, projectId, { emails: await verifiedEmailsOf(deps.db, userId) });
}

/** `accept/check-code` and `accept/details`: the code's checks without using it up. */
export async function checkTeamInvitationCode(
  deps: AuthDeps,
  project: LoadedProject,
  code: string,
): Promise<{ team_id: string; team_display_name: string }> {
  const data = readData(
    await redeemVerificationCode(deps, {
      projectId: project.id,
      type: codeType,
      code,
      consume: false,
    }),
  );
  const team = await requireTeam(deps.db, project.id, data.teamId);
  return { team_id: team.id, team_display_name: team.displayName };
}

/**
 * `accept/details`: the code's checks, then, as in the reference, a restricted user (unverified
 * e-mail, anonymous, restricted by an admin) learns nothing of the team it invites to.
 */
export async function teamInvitationDetails(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  code: string,
): Promise<{ team_id: string; team_display_name: string }> {
  const data = readData(
    await redeemVerificationCode(deps, {
      projectId: project.id,
      type: codeType,
      code,
      consume: false,
    }),
  );
  assertMayAccept(project, user);
  const team = await requireTeam(deps.db, project.id, data.teamId);
  return { team_id: team.id, team_display_name: team.displayName };
}

function assertMayAccept(project: LoadedProject, user: LoadedUser): void {
  const restrictedReason = restrictedReasonOf(user, project.config);
  if (restrictedReason) {
    throw knownErrors.teamInvitationRestrictedUserNotAllowed({
      restricted_reason: restrictedReason,
    });
  }
}

/**
 * Redeems an invitation for the signed-in user: the invited address must be one of their verified
 * addresses. The code is only used up once every check has passed.
 */
export async function acceptTeamInvitation(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  code: string,
): Promise<void> {
  assertMayAccept(project, user);
  const redeem = { projectId: project.id, type: codeType, code } as const;
  const data = readData(await redeemVerificationCode(deps, { ...redeem, consume: false }));
  if (!(await verifiedEmailsOf(deps.db, user.row.id)).includes(data.email)) {
    throw knownErrors.teamInvitationEmailMismatch();
  }
  await requireTeam(deps.db, project.id, data.teamId);
  await assertDashboardAdminSeat(deps, project, data.teamId);
  await redeemVerificationCode(deps, { ...redeem, consume: true });
  await ensureTeamMember(deps, project, { teamId: data.teamId, userId: user.row.id });
}

/** `POST /team-invitations/{id}/accept?user_id=`: accepts by id for a user with the invited address. */
export async function acceptTeamInvitationById(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  invitationId: string,
): Promise<void> {
  assertMayAccept(project, user);
  const emails = await verifiedEmailsOf(deps.db, user.row.id);
  const invitation = (await listTeamInvitations(deps, project.id, { emails })).find(
    (candidate) => candidate.id === invitationId,
  );
  if (!invitation) throw knownErrors.verificationCodeNotFound();
  await assertDashboardAdminSeat(deps, project, invitation.team_id);
  const used = await deps.db
    .update(verificationCodes)
    .set({ usedAt: deps.clock() })
    .where(and(eq(verificationCodes.id, invitationId), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw knownErrors.verificationCodeAlreadyUsed();
  await ensureTeamMember(deps, project, { teamId: invitation.team_id, userId: user.row.id });
}
