/**
 * @module
 * /admin/users on the server: the list of the site's admin users with their roles, "Create Admin
 * User" (with a role, `editor` unless the form says `admin`), changing a user's role, and removing
 * a user. Every call first checks that the caller is a signed-in admin user of the site
 * (`requireSiteAdmin`); every write also that their role, as it is now, is `admin`: an editor gets
 * 403 and nothing changes (decision 032). Then the site project's secret key does the work.
 * Rules beyond the spec: the last admin is never removed nor made an editor, nobody changes their
 * own role (another admin does), and removing yourself needs an explicit confirmation. This
 * process makes the users screen's writes one at a time, so two at once cannot both pass the
 * last-admin check.
 */
import type { AuthServerUser, ServerApp } from "@heritage/auth-client";
import { isKnownError } from "@heritage/auth-protocol";
import {
  defaultNewUserRole,
  isSiteRole,
  metadataWithSiteRole,
  recordAuditEntry,
  roleRefusalMessage,
  type SiteRole,
  siteRoleOf,
} from "@heritage/content";
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
  role: SiteRole;
}

export type UsersLoaderData =
  | { ok: true; users: AdminUserRow[]; currentUserId: string; currentUserRole: SiteRole }
  | { ok: false; message: string };

export type UsersIntent = "create" | "delete" | "role";

export type UsersActionData =
  | { intent: "create"; ok: true; email: string; role: SiteRole }
  | { intent: "create"; ok: false; message: string; fieldErrors?: AdminUserErrors }
  | { intent: "delete"; ok: true; userId: string; wasSelf: boolean }
  | { intent: "delete"; ok: false; message: string }
  | { intent: "role"; ok: true; userId: string; role: SiteRole }
  | { intent: "role"; ok: false; message: string };

export const usersMessages = {
  notSignedIn: "Please log in to access this page",
  loadFailed: "Failed to load users",
  createFailed: "Failed to create user",
  deleteFailed: "Failed to remove user",
  roleFailed: "Failed to change the role",
  lastAdmin: "The last admin user cannot be removed.",
  lastAdminRole: "The last admin cannot be made an editor. Make another user an admin first.",
  ownRole: "You cannot change your own role. Ask another admin.",
  invalidRole: "Choose a role: admin or editor.",
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
    role: siteRoleOf(user.clientReadOnlyMetadata),
  };
}

/** The user's metadata with the role set: the stored JSON, and a string. */
function metadataWithRole(
  metadata: AuthServerUser["clientReadOnlyMetadata"] | null,
  role: SiteRole,
): AuthServerUser["clientReadOnlyMetadata"] {
  return metadataWithSiteRole(metadata, role) as AuthServerUser["clientReadOnlyMetadata"];
}

const isAdmin = (user: AuthServerUser) => siteRoleOf(user.clientReadOnlyMetadata) === "admin";

/**
 * Runs the users screen's writes one after another in this process: each reads the users, checks
 * the last-admin rule and writes, and two at once could both see a second admin.
 */
let usersWrites: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = usersWrites.then(work, work);
  usersWrites = run.catch(() => undefined);
  return run;
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
      body: {
        ok: true,
        users: users.map(toRow),
        currentUserId: admin.user.id,
        currentUserRole: admin.user.role,
      },
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
  action: "admin.user_created" | "admin.user_deleted" | "admin.user_role_changed",
  target: { id: string; summary: string | null },
  details?: Record<string, unknown>,
): Promise<void> {
  try {
    await recordAuditEntry(context.db, {
      actor: { id: actor.id, name: adminLabel(actor) },
      action,
      target: { type: "user", ...target },
      details,
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
  // Least privilege: a form without a role makes an editor.
  const chosen = form.get("role");
  const role = chosen === null || chosen === "" ? defaultNewUserRole : chosen;
  if (!isSiteRole(role)) {
    return { intent: "create", ok: false, message: usersMessages.invalidRole };
  }
  const email = input.email.trim();
  try {
    const created = await app.createUser({
      primaryEmail: email,
      primaryEmailVerified: true,
      primaryEmailAuthEnabled: true,
      password: input.password,
      displayName: input.displayName.trim() || null,
      clientReadOnlyMetadata: metadataWithRole(null, role),
    });
    await recordAdminChange(
      context,
      actor,
      "admin.user_created",
      { id: created.id, summary: email },
      { role },
    );
    return { intent: "create", ok: true, email, role };
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
    const admins = users.filter(isAdmin);
    if (users.length <= 1 || (isAdmin(removed) && admins.length <= 1)) {
      return { intent: "delete", ok: false, message: usersMessages.lastAdmin };
    }
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

/** Gives another user a role; the last admin stays one, and nobody changes their own. */
async function changeUserRole(
  app: ServerApp,
  actor: SiteUser,
  form: FormData,
  context: AppLoadContext,
): Promise<UsersActionData> {
  const userId = form.get("userId");
  const role = form.get("role");
  if (typeof userId !== "string" || userId === "") {
    return { intent: "role", ok: false, message: usersMessages.roleFailed };
  }
  if (!isSiteRole(role)) return { intent: "role", ok: false, message: usersMessages.invalidRole };
  if (userId === actor.id) return { intent: "role", ok: false, message: usersMessages.ownRole };
  try {
    const users = await listAllUsers(app);
    const user = users.find((candidate) => candidate.id === userId);
    if (!user) {
      return { intent: "role", ok: false, message: "This user does not exist any more." };
    }
    const from = siteRoleOf(user.clientReadOnlyMetadata);
    if (from === role) return { intent: "role", ok: true, userId, role };
    if (from === "admin" && users.filter(isAdmin).length <= 1) {
      return { intent: "role", ok: false, message: usersMessages.lastAdminRole };
    }
    // Through this process's auth API: its user cache forgets the user before the answer, so the
    // user's next request here already has the new role (other processes: at the announcement).
    await app.updateUserById(userId, {
      clientReadOnlyMetadata: metadataWithRole(user.clientReadOnlyMetadata, role),
    });
    await recordAdminChange(
      context,
      actor,
      "admin.user_role_changed",
      { id: userId, summary: user.primaryEmail },
      { from, to: role },
    );
    logServerEvent("info", "changed an admin user's role", {
      userId,
      from,
      to: role,
      by: actor.id,
      requestId: context.requestId,
    });
    return { intent: "role", ok: true, userId, role };
  } catch (error) {
    if (isKnownError(error)) return { intent: "role", ok: false, message: error.message };
    logServerEvent("error", "changing an admin user's role failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { intent: "role", ok: false, message: usersMessages.roleFailed };
  }
}

function intentOf(form: FormData): UsersIntent {
  const intent = form.get("intent");
  return intent === "delete" || intent === "role" ? intent : "create";
}

export async function runUsersAction(
  request: Request,
  context: AppLoadContext,
): Promise<{ body: UsersActionData; status: number; headers: Headers }> {
  const form = await readFormData(request);
  const intent = intentOf(form);
  const admin = await requireSiteAdmin(request, context);
  if (!admin.ok) {
    return {
      body: { intent, ok: false, message: usersMessages.notSignedIn },
      status: 401,
      headers: admin.headers,
    };
  }
  // The role as it is at this request: an admin demoted a moment ago is refused here.
  if (admin.user.role !== "admin") {
    return {
      body: { intent, ok: false, message: roleRefusalMessage("manage-users", admin.user.role) },
      status: 403,
      headers: admin.headers,
    };
  }
  const body = await oneAtATime(() =>
    intent === "delete"
      ? deleteAdminUser(admin.app, admin.user, form, context)
      : intent === "role"
        ? changeUserRole(admin.app, admin.user, form, context)
        : createAdminUser(admin.app, admin.user, form, context),
  );
  return { body, status: body.ok ? 200 : 400, headers: admin.headers };
}
