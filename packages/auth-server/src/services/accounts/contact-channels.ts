/**
 * Contact channels (contract §2.3, §2.6): a user's e-mail addresses, at most one primary per type,
 * and an address can sign in (`used_for_auth`) for one account of a project only (a partial unique
 * index settles races). E-mail verification mails a `contact_channel_verification` code.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, asc, eq, ne } from "drizzle-orm";
import { type ContactChannelRow, contactChannels } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode, redeemVerificationCode } from "../credentials/verification-codes";
import { renderProjectEmail } from "../email/project-emails";
import { emailSenderFor } from "../email/project-mail";
import { buildCodeLink, renderEmailVerificationEmail } from "../email-delivery/emails";
import type { MailLanguage } from "../email-delivery/mail-texts";
import { isTrustedRedirectUrl } from "../projects/project-config";
import type { LoadedProject } from "../projects/projects";
import { findUser, normalizeEmail } from "../records/user-records";
import { plainErrors } from "../shared/plain-errors";
import { isUniqueViolation } from "../shared/status-error";

/** The wire object (the same for every access type). */
export interface ContactChannel {
  user_id: string;
  id: string;
  value: string;
  type: "email";
  used_for_auth: boolean;
  is_verified: boolean;
  is_primary: boolean;
}

export function toContactChannel(row: ContactChannelRow): ContactChannel {
  return {
    user_id: row.userId,
    id: row.id,
    value: row.value,
    type: "email",
    used_for_auth: row.usedForAuth,
    is_verified: row.isVerified,
    is_primary: row.isPrimary,
  };
}

export async function listContactChannels(
  db: Database,
  projectId: string,
  userId: string,
  channelId?: string,
): Promise<ContactChannelRow[]> {
  return db
    .select()
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.userId, userId),
        channelId === undefined ? undefined : eq(contactChannels.id, channelId),
      ),
    )
    .orderBy(asc(contactChannels.createdAt), asc(contactChannels.id));
}

export async function findContactChannel(
  db: Database,
  projectId: string,
  userId: string,
  channelId: string,
): Promise<ContactChannelRow | null> {
  const [row] = await listContactChannels(db, projectId, userId, channelId);
  return row ?? null;
}

export async function requireExistingUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<void> {
  if (!(await findUser(db, projectId, userId))) {
    throw knownErrors.userIdDoesNotExist({ user_id: userId });
  }
}

function usedForAuthConflict(value: string): never {
  throw knownErrors.contactChannelAlreadyUsedForAuthBySomeoneElse({
    type: "email",
    contact_channel_value: value,
    would_work_if_email_was_verified: false,
  });
}

async function assertFreeForAuth(
  tx: Database,
  projectId: string,
  value: string,
  exceptChannelId: string | null,
): Promise<void> {
  const [existing] = await tx
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.value, value),
        eq(contactChannels.usedForAuth, true),
        exceptChannelId === null ? undefined : ne(contactChannels.id, exceptChannelId),
      ),
    )
    .limit(1);
  if (existing) usedForAuthConflict(value);
}

function rethrowChannelConflict(error: unknown, value: string): never {
  if (isUniqueViolation(error, "contact_channels_auth_value_unique")) usedForAuthConflict(value);
  if (isUniqueViolation(error, "contact_channels_user_value_unique")) {
    throw plainErrors.contactChannelExists();
  }
  throw error;
}

async function clearPrimary(tx: Database, userId: string, exceptChannelId: string | null) {
  await tx
    .update(contactChannels)
    .set({ isPrimary: false })
    .where(
      and(
        eq(contactChannels.userId, userId),
        eq(contactChannels.type, "email"),
        eq(contactChannels.isPrimary, true),
        exceptChannelId === null ? undefined : ne(contactChannels.id, exceptChannelId),
      ),
    );
}

export interface ContactChannelInput {
  value: string;
  usedForAuth: boolean;
  isPrimary?: boolean | undefined;
  isVerified?: boolean | undefined;
}

export async function createContactChannel(
  deps: Pick<AuthDeps, "db" | "clock" | "ids">,
  project: LoadedProject,
  userId: string,
  input: ContactChannelInput,
): Promise<ContactChannelRow> {
  await requireExistingUser(deps.db, project.id, userId);
  const value = normalizeEmail(input.value);
  const id = deps.ids.generateId();
  try {
    await deps.db.transaction(async (tx) => {
      const [duplicate] = await listContactChannels(tx, project.id, userId).then((rows) =>
        rows.filter((row) => row.value === value),
      );
      if (duplicate) throw plainErrors.contactChannelExists();
      if (input.usedForAuth) await assertFreeForAuth(tx, project.id, value, null);
      if (input.isPrimary) await clearPrimary(tx, userId, null);
      await tx.insert(contactChannels).values({
        id,
        projectId: project.id,
        userId,
        type: "email",
        value,
        isPrimary: input.isPrimary ?? false,
        isVerified: input.isVerified ?? false,
        usedForAuth: input.usedForAuth,
        createdAt: deps.clock(),
      });
    });
  } catch (error) {
    rethrowChannelConflict(error, value);
  }
  const created = await findContactChannel(deps.db, project.id, userId, id);
  if (!created) throw new Error("Created contact channel vanished");
  return created;
}

export async function updateContactChannel(
  deps: Pick<AuthDeps, "db">,
  project: LoadedProject,
  userId: string,
  channelId: string,
  input: Partial<ContactChannelInput>,
): Promise<ContactChannelRow> {
  const existing = await findContactChannel(deps.db, project.id, userId, channelId);
  if (!existing) throw plainErrors.contactChannelToChangeNotFound();
  const value = input.value === undefined ? existing.value : normalizeEmail(input.value);
  const usedForAuth = input.usedForAuth ?? existing.usedForAuth;
  // A new address is unverified unless the caller (server) says otherwise.
  const isVerified = input.isVerified ?? (value === existing.value ? existing.isVerified : false);
  try {
    await deps.db.transaction(async (tx) => {
      if (value !== existing.value) {
        const rows = await listContactChannels(tx, project.id, userId);
        if (rows.some((row) => row.value === value && row.id !== channelId)) {
          throw plainErrors.contactChannelExists();
        }
      }
      if (usedForAuth) await assertFreeForAuth(tx, project.id, value, channelId);
      if (input.isPrimary) await clearPrimary(tx, userId, channelId);
      await tx
        .update(contactChannels)
        .set({
          value,
          usedForAuth,
          isVerified,
          ...(input.isPrimary === undefined ? {} : { isPrimary: input.isPrimary }),
        })
        .where(eq(contactChannels.id, channelId));
    });
  } catch (error) {
    rethrowChannelConflict(error, value);
  }
  const updated = await findContactChannel(deps.db, project.id, userId, channelId);
  if (!updated) throw plainErrors.contactChannelToChangeNotFound();
  return updated;
}

export async function deleteContactChannel(
  db: Database,
  projectId: string,
  userId: string,
  channelId: string,
): Promise<void> {
  const deleted = await db
    .delete(contactChannels)
    .where(
      and(
        eq(contactChannels.projectId, projectId),
        eq(contactChannels.userId, userId),
        eq(contactChannels.id, channelId),
      ),
    )
    .returning({ id: contactChannels.id });
  if (deleted.length === 0) throw plainErrors.contactChannelToChangeNotFound();
}

/** Mails a verification link for a channel; refuses verified channels and untrusted callbacks. */
export async function sendChannelVerificationCode(
  deps: AuthDeps,
  project: LoadedProject,
  channel: ContactChannelRow,
  callbackUrl: string,
  language?: MailLanguage,
): Promise<void> {
  if (channel.isVerified) throw knownErrors.emailAlreadyVerified();
  if (!isTrustedRedirectUrl(project.config, callbackUrl)) {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  const code = await createVerificationCode(deps, {
    projectId: project.id,
    type: "contact_channel_verification",
    data: { user_id: channel.userId, channel_id: channel.id, email: channel.value },
  });
  const link = buildCodeLink(callbackUrl, code);
  // A project may override the built-in template (services/email/project-emails.ts).
  const rendered = await renderProjectEmail(
    project,
    "email_verification",
    { emailVerificationLink: link },
    () => renderEmailVerificationEmail({ projectName: project.displayName, link, language }),
    deps,
  );
  await emailSenderFor(deps, project).send({
    projectId: project.id,
    fromName: project.displayName,
    to: channel.value,
    ...rendered,
  });
}

/** Checks a verification code and, with `consume`, marks its channel verified. */
export async function verifyChannelWithCode(
  deps: AuthDeps,
  project: LoadedProject,
  code: string,
  consume: boolean,
): Promise<void> {
  const redeem = { projectId: project.id, type: "contact_channel_verification", code } as const;
  const data = await redeemVerificationCode(deps, { ...redeem, consume: false });
  if (!consume) return;
  const userId = typeof data.user_id === "string" ? data.user_id : "";
  const channelId = typeof data.channel_id === "string" ? data.channel_id : "";
  const channel = await findContactChannel(deps.db, project.id, userId, channelId);
  // The address may have been changed since the mail was sent: that is a different channel now.
  if (!channel || channel.value !== data.email) {
    throw plainErrors.verifiedContactChannelGone();
  }
  await redeemVerificationCode(deps, { ...redeem, consume: true });
  await deps.db
    .update(contactChannels)
    .set({ isVerified: true })
    .where(eq(contactChannels.id, channel.id));
}
