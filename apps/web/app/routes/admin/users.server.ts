/**
 * @module
 * /admin/users on the server: the list of the site's admin users, "Create Admin User" and
 * removing a user. Every call first checks that the caller is a signed-in admin of the site
 * (`requireSiteAdmin`), then uses the site project's secret key. Rules beyond the spec: the last
 * admin is never removed, and removing yourself needs an explicit confirmation.
 */
import type { AuthServerUser, ServerApp } from "@heritage/auth-client";
import { isKnownError } from "@heritage/auth-protocol";
import { recordAuditEntry } from "@heritage/content";
import type { AppLoadContext } from "react-router";
import {
  type AdminUserErrors,
  hasErrors,
  readAdminUserInput,
  validateAdminUserInput,
} from "../../components/admin/users/admin-user-input";
import { readFormData } from "../../lib/form-data.server";
import { describeError, logServerEvent } from "../../lib/log.server";
import { requireSiteAdmin, type SiteUser } from "../../lib/site-session.server";

/** An admin user as the users screen shows it (dates as ISO strings). */
export interface AdminUserRow {
  id: string;
  email: string | null;
  displayName: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export type UsersLoaderData =
  | { ok: true; users: AdminUserRow[]; currentUserId: string }
  | { ok: false; message: string };

export type UsersActionData =
  | { intent: "create"; ok: true; email: string }
  | { intent: "create"; ok: false; message: string; fieldErrors?: AdminUserErrors }
  | { intent: "delete"; ok: true; userId: string; wasSelf: boolean }
  | { intent: "delete"; ok: false; message: string };

export const usersMessages = {
  notSignedIn: "Please log in to access this page",
  loadFailed: "Failed to load users",
  createFailed: "Failed to create user",
  deleteFailed: "Failed to remove user",
  lastAdmin: "The last admin user cannot be removed.",
  confirmSelf: "Confirm that you want to remove your own account.",
  unknownIntent: "Unknown action",
} as const;

/** Upper bound on pages read, so a huge project cannot keep a request busy. */
const maxPages = 50;

async function listAllUsers(app: ServerApp): Promise<AuthServerUser[]> {
  const users: AuthServerUser[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await app.listUsers({ limit: 100, ...(cursor ? { cursor } : {}) });
    users.push(...result.items);
    if (result.nextCursor === null) break;
    cursor = result.nextCursor;
  }
  return users;
}

function toRow(user: AuthServerUser): AdminUserRow {
  return {
    id: user.id,
    email: user.primaryEmail,
    displayName: user.displayName,
    createdAt: user.signedUpAt.toISOString(),
    lastActiveAt: user.lastActiveAt.toISOString(),
  };
}

export async function loadUsers(
  request: Request,
  context: AppLoadContext,
): Promise<{ body: UsersLoaderData; headers: Headers }> {
  const admin = await requireSiteAdmin(request, context);
  if (!admin.ok) {
    return { body: { ok: false, message: usersMessages.notSignedIn }, headers: admin.headers };
  }
  try {
    const users = await listAllUsers(admin.app);
    return {
      body: { ok: true, users: users.map(toRow), currentUserId: admin.user.id },
      headers: admin.headers,
    };
  } catch (error) {
    logServerEvent("error", "listing admin users failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { body: { ok: false, message: usersMessages.loadFailed }, headers: admin.headers };
  }
}

/** An admin as the audit log names them: "Name (address)", or either alone (as the server does). */
function adminLabel(user: { displayName: string | null; email: string | null }): string | null {
  const name = user.displayName?.trim();
  if (name && user.email) return `${name} (${user.email})`;
  return name || user.email || null;
}

/** The audit entry of a change to the admins; a failure to write it is logged, not shown. */
async function recordAdminChange(
  context: AppLoadContext,
  actor: SiteUser,
  action: "admin.user_created" | "admin.user_deleted",
  target: { id: string; summary: string | null },
): Promise<void> {
  try {
    await recordAuditEntry(context.db, {
      actor: { id: actor.id, name: adminLabel(actor) },
      action,
      target: { type: "user", ...target },
    });
  } catch (error) {
    logServerEvent("error", "recording an admin change in the audit log failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
  }
}

async function createAdminUser(
  app: ServerApp,
  actor: SiteUser,
  form: FormData,
  context: AppLoadContext,
): Promise<UsersActionData> {
  const input = readAdminUserInput(form);
  const fieldErrors = validateAdminUserInput(input);
  if (hasErrors(fieldErrors)) {
    return {
      intent: "create",
      ok: false,
      message: "Please correct the highlighted fields.",
      fieldErrors,
    };
  }
  const email = input.email.trim();
  try {
    const created = await app.createUser({
      primaryEmail: email,
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: input.password,
      displayName: input.displayName.trim() || null,
    });
    await recordAdminChange(context, actor, "admin.user_created", {
      id: created.id,
      summary: email,
    });
    return { intent: "create", ok: true, email };
  } catch (error) {
    // The provider's message, e.g. "A user with email ... already exists." (spec section 8).
    if (isKnownError(error)) return { intent: "create", ok: false, message: error.message };
    logServerEvent("error", "creating an admin user failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { intent: "create", ok: false, message: usersMessages.createFailed };
  }
}

async function deleteAdminUser(
  app: ServerApp,
  actor: SiteUser,
  form: FormData,
  context: AppLoadContext,
): Promise<UsersActionData> {
  const currentUserId = actor.id;
  const userId = form.get("userId");
  if (typeof userId !== "string" || userId === "") {
    return { intent: "delete", ok: false, message: usersMessages.deleteFailed };
  }
  const wasSelf = userId === currentUserId;
  if (wasSelf && form.get("confirmSelf") !== "yes") {
    return { intent: "delete", ok: false, message: usersMessages.confirmSelf };
  }
  try {
    const users = await listAllUsers(app);
    const removed = users.find((user) => user.id === userId);
    if (!removed) {
      return { intent: "delete", ok: false, message: "This user does not exist any more." };
    }
    if (users.length <= 1) return { intent: "delete", ok: false, message: usersMessages.lastAdmin };
    await app.deleteUserById(userId);
    await recordAdminChange(context, actor, "admin.user_deleted", {
      id: userId,
      summary: removed.primaryEmail,
    });
    logServerEvent("info", "removed an admin user", {
      userId,
      by: currentUserId,
      requestId: context.requestId,
    });
    return { intent: "delete", ok: true, userId, wasSelf };
  } catch (error) {
    if (isKnownError(error)) return { intent: "delete", ok: false, message: error.message };
    logServerEvent("error", "removing an admin user failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { intent: "delete", ok: false, message: usersMessages.deleteFailed };
  }
}

export async function runUsersAction(
  request: Request,
  context: AppLoadContext,
): Promise<{ body: UsersActionData; status: number; headers: Headers }> {
  const form = await readFormData(request);
  const intent = form.get("intent") === "delete" ? "delete" : "create";
  const admin = await requireSiteAdmin(request, context);
  if (!admin.ok) {
    return {
      body: { intent, ok: false, message: usersMessages.notSignedIn },
      status: 401,
      headers: admin.headers,
    };
  }
  const body =
    intent === "delete"
      ? await deleteAdminUser(admin.app, admin.user, form, context)
      : await createAdminUser(admin.app, admin.user, form, context);
  return { body, status: body.ok ? 200 : 400, headers: admin.headers };
}
