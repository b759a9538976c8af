/**
 * Notification categories and each user's preferences (contract §3.9 `/emails/notification-preference`).
 * Two fixed categories as in the reference: Transactional (cannot be turned off: sign-in codes,
 * resets) and Marketing. A user without a stored choice gets the category's default.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq } from "drizzle-orm";
import { emailNotificationPreferences, users } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { plainErrors } from "../shared/plain-errors";

export interface NotificationCategory {
  id: string;
  name: string;
  defaultEnabled: boolean;
  canDisable: boolean;
}

/**
 * The reference's ids (its `listNotificationCategories`): clients and its e2e suite address the
 * categories by them. (Before migration 0025 this server had its own ids: the stored choices and
 * outbox rows were moved over then.)
 */
export const notificationCategories: readonly NotificationCategory[] = [
  {
    id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef",
    name: "Transactional",
    defaultEnabled: true,
    canDisable: false,
  },
  {
    id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c",
    name: "Marketing",
    defaultEnabled: true,
    canDisable: true,
  },
];

export function findCategoryByName(name: string): NotificationCategory | null {
  return notificationCategories.find((category) => category.name === name) ?? null;
}

export interface NotificationPreferenceItem {
  notification_category_id: string;
  notification_category_name: string;
  enabled: boolean;
  can_disable: boolean;
}

async function requireUser(deps: Pick<AuthDeps, "db">, projectId: string, userId: string) {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.projectId, projectId)))
    .limit(1);
  if (!row) throw knownErrors.userIdDoesNotExist({ user_id: userId });
}

async function storedChoices(deps: Pick<AuthDeps, "db">, userId: string) {
  const rows = await deps.db
    .select()
    .from(emailNotificationPreferences)
    .where(eq(emailNotificationPreferences.userId, userId));
  return new Map(rows.map((row) => [row.categoryId, row.enabled]));
}

function toItem(category: NotificationCategory, enabled: boolean): NotificationPreferenceItem {
  return {
    notification_category_id: category.id,
    notification_category_name: category.name,
    enabled,
    can_disable: category.canDisable,
  };
}

export async function listNotificationPreferences(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
  userId: string,
): Promise<NotificationPreferenceItem[]> {
  await requireUser(deps, projectId, userId);
  const choices = await storedChoices(deps, userId);
  return notificationCategories.map((category) =>
    toItem(category, choices.get(category.id) ?? category.defaultEnabled),
  );
}

export async function setNotificationPreference(
  deps: Pick<AuthDeps, "db" | "clock">,
  projectId: string,
  userId: string,
  categoryId: string,
  enabled: boolean,
): Promise<NotificationPreferenceItem> {
  const category = notificationCategories.find((candidate) => candidate.id === categoryId);
  if (!category) throw plainErrors.notificationCategoryNotFound();
  await requireUser(deps, projectId, userId);
  const now = deps.clock();
  await deps.db
    .insert(emailNotificationPreferences)
    .values({ projectId, userId, categoryId, enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [emailNotificationPreferences.userId, emailNotificationPreferences.categoryId],
      set: { enabled, updatedAt: now },
    });
  return toItem(category, enabled);
}

/**
 * Whether a user receives mail of this category: a category that cannot be disabled always
 * reaches them (a stored "off" for it is kept but ignored).
 */
export function receivesCategory(
  category: NotificationCategory,
  choices: ReadonlyMap<string, boolean>,
): boolean {
  if (!category.canDisable) return true;
  return choices.get(category.id) ?? category.defaultEnabled;
}

/** Every stored choice of these users, by user id. */
export async function choicesOfUsers(
  deps: Pick<AuthDeps, "db">,
  projectId: string,
): Promise<Map<string, Map<string, boolean>>> {
  const rows = await deps.db
    .select()
    .from(emailNotificationPreferences)
    .where(eq(emailNotificationPreferences.projectId, projectId));
  const byUser = new Map<string, Map<string, boolean>>();
  for (const row of rows) {
    const choices = byUser.get(row.userId) ?? new Map<string, boolean>();
    choices.set(row.categoryId, row.enabled);
    byUser.set(row.userId, choices);
  }
  return byUser;
}
