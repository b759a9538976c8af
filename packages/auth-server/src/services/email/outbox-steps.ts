/**
 * The two steps a `send-email` message takes in the queue worker (email-queue.ts), as the
 * reference's outbox does: it is rendered as soon as it is queued (its recipient's name goes into
 * it), and when it falls due its recipient is looked up again, so a user deleted, left without a
 * primary e-mail or unsubscribed from the message's category meanwhile is skipped, never mailed.
 * Either step may end the message: a render error, or a skip with its reason.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import {
  contactChannels,
  type EmailOutboxRow,
  emailNotificationPreferences,
  projects,
  users,
} from "../../db/schema";
import { renderEmailDesign } from "../email-designs/design-rendering";
import { EmailRenderingError } from "../email-designs/email-designs";
import type { EmailRenderer } from "../email-sandbox/tsx-sandbox";
import { type ProjectConfig, parseProjectConfig } from "../projects/project-config";
import { StatusError } from "../shared/status-error";
import { findTheme, selectedThemeSource } from "./email-admin";
import { findCategoryByName, notificationCategories } from "./email-notifications";
import type { UnsubscribeLinkMaker } from "./unsubscribe-links";

/** Why the outbox did not send a message (the reference's `skipped_reason` values). */
export type SkippedReason =
  | "USER_ACCOUNT_DELETED"
  | "USER_HAS_NO_PRIMARY_EMAIL"
  | "USER_UNSUBSCRIBED"
  | "MANUALLY_CANCELLED";

export type RenderOutcome =
  | {
      kind: "rendered";
      /** The recipient's primary e-mail now (looked up again when sending); "" without one. */
      to: string;
      subject: string;
      html: string;
      text: string;
      isTransactional: boolean;
      notificationCategoryId: string | null;
    }
  | { kind: "render-error"; message: string }
  /** The project's render queue is full (its own renders hold it): try again a little later. */
  | { kind: "busy" };

interface RecipientUser {
  displayName: string | null;
  primaryEmail: string | null;
}

async function findRecipientUser(
  db: Database,
  projectId: string,
  userId: string,
): Promise<RecipientUser | null> {
  const [row] = await db
    .select({ displayName: users.displayName, primaryEmail: contactChannels.value })
    .from(users)
    .leftJoin(
      contactChannels,
      and(
        eq(contactChannels.userId, users.id),
        eq(contactChannels.type, "email"),
        eq(contactChannels.isPrimary, true),
      ),
    )
    .where(and(eq(users.projectId, projectId), eq(users.id, userId)));
  return row ?? null;
}

/**
 * The source of a stored theme choice: null for none; an id that no longer exists falls back to
 * the project's selected theme (the reference does the same).
 */
export function storedThemeSource(config: ProjectConfig, themeId: string | null): string | null {
  if (themeId === null) return null;
  return findTheme(config, themeId)?.tsxSource ?? selectedThemeSource(config);
}

/**
 * Renders a queued message from its stored source for its recipient. */
export async function renderOutboxMessage(
  db: Database,
  renderer: EmailRenderer,
  row: Pick<
    EmailOutboxRow,
    | "projectId"
    | "recipient"
    | "tsxSource"
    | "themeId"
    | "variables"
    | "overrideSubject"
    | "overrideCategoryName"
  >,
  options: { unsubscribeLink?: UnsubscribeLinkMaker } = {},
): Promise<RenderOutcome> {
  if (!row.projectId || row.tsxSource === null) {
    return { kind: "render-error", message: "The message has no source to render." };
  }
  const [project] = await db
    .select({
      displayName: projects.displayName,
      config: projects.config,
      logoUrl: projects.logoUrl,
      logoFullUrl: projects.logoFullUrl,
      logoDarkModeUrl: projects.logoDarkModeUrl,
      logoFullDarkModeUrl: projects.logoFullDarkModeUrl,
    })
    .from(projects)
    .where(eq(projects.id, row.projectId));
  if (!project) return { kind: "render-error", message: "The project no longer exists." };
  const logos = {
    ...(project.logoUrl ? { logoUrl: project.logoUrl } : {}),
    ...(project.logoFullUrl ? { logoFullUrl: project.logoFullUrl } : {}),
    ...(project.logoDarkModeUrl ? { logoDarkModeUrl: project.logoDarkModeUrl } : {}),
    ...(project.logoFullDarkModeUrl ? { logoFullDarkModeUrl: project.logoFullDarkModeUrl } : {}),
  };
  const config = parseProjectConfig(project.config);
  // A recipient deleted since the message was queued still gets it rendered, without a name (as
  // the reference): the outbox then shows the subject, and the send step skips it as
  // USER_ACCOUNT_DELETED.
  const user = row.recipient
    ? await findRecipientUser(db, row.projectId, row.recipient.user_id)
    : null;
  const userDisplayName = user?.displayName ?? "";
  const to = user?.primaryEmail ?? "";
  const themeSource = storedThemeSource(config, row.themeId);
  const projectId = row.projectId;
  const recipientId = user ? row.recipient?.user_id : undefined;
  // A category users can turn off gets an unsubscribe link for its recipient (the theme shows it).
  const linkFor = async (categoryName: string | undefined) => {
    const category = categoryName === undefined ? null : findCategoryByName(categoryName);
    if (!category?.canDisable || !recipientId || !options.unsubscribeLink) return undefined;
    return options.unsubscribeLink({ projectId, userId: recipientId, categoryId: category.id });
  };
  const render = (unsubscribeLink: string | undefined) =>
    renderEmailDesign(renderer, {
      projectId,
      templateSource: row.tsxSource ?? "",
      themeSource,
      project: { displayName: project.displayName },
      user: { displayName: userDisplayName || null },
      variables: row.variables ?? {},
      projectLogos: logos,
      ...(unsubscribeLink !== undefined ? { unsubscribeLink } : {}),
    });
  try {
    // A known category renders once with its link; otherwise a first pass finds the template's
    // category and a second adds the link when that category can be turned off (as the reference).
    let rendered = await render(
      row.overrideCategoryName ? await linkFor(row.overrideCategoryName) : undefined,
    );
    if (!row.overrideCategoryName) {
      const link = await linkFor(rendered.notificationCategory);
      if (link !== undefined) rendered = await render(link);
    }
    const categoryName = row.overrideCategoryName ?? rendered.notificationCategory;
    // A TSX template without <NotificationCategory /> is sent with none (not transactional).
    const category = categoryName === undefined ? null : findCategoryByName(categoryName);
    if (categoryName !== undefined && !category) {
      return { kind: "render-error", message: `Notification category "${categoryName}" not found` };
    }
    return {
      kind: "rendered",
      to,
      subject: row.overrideSubject ?? rendered.subject ?? "",
      html: rendered.html,
      text: rendered.text,
      isTransactional: category ? !category.canDisable : false,
      notificationCategoryId: category?.id ?? null,
    };
  } catch (error) {
    if (error instanceof EmailRenderingError)
      return { kind: "render-error", message: error.message };
    // renderEmailDesign's answer for a full queue (plainErrors.emailRendererBusy).
    if (error instanceof StatusError && error.status === 429) return { kind: "busy" };
    throw error;
  }
}

/**
 * The address to send a rendered message to right now, or why it must be skipped: the user is
 * gone, has no primary e-mail, or turned the message's category off since it was queued.
 */
export async function resolveRecipientAddress(
  db: Database,
  row: Pick<EmailOutboxRow, "projectId" | "recipient" | "to" | "notificationCategoryId">,
): Promise<{ kind: "address"; to: string } | { kind: "skipped"; reason: SkippedReason }> {
  if (!row.recipient || !row.projectId) return { kind: "address", to: row.to };
  const userId = row.recipient.user_id;
  const user = await findRecipientUser(db, row.projectId, userId);
  if (!user) return { kind: "skipped", reason: "USER_ACCOUNT_DELETED" };
  if (!user.primaryEmail) return { kind: "skipped", reason: "USER_HAS_NO_PRIMARY_EMAIL" };
  const category = notificationCategories.find((item) => item.id === row.notificationCategoryId);
  if (category?.canDisable) {
    const [choice] = await db
      .select({ enabled: emailNotificationPreferences.enabled })
      .from(emailNotificationPreferences)
      .where(
        and(
          eq(emailNotificationPreferences.projectId, row.projectId),
          eq(emailNotificationPreferences.userId, userId),
          eq(emailNotificationPreferences.categoryId, category.id),
        ),
      );
    if (!(choice?.enabled ?? category.defaultEnabled)) {
      return { kind: "skipped", reason: "USER_UNSUBSCRIBED" };
    }
  }
  return { kind: "address", to: user.primaryEmail };
}
