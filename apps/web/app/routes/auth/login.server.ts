/**
 * @module
 * First run of /login: whether the site's project has no user yet, and the creation of the first
 * admin. The creation checks again that no user exists (atomically, see `createFirstAdmin`), so
 * "Create the first admin account" works once whatever the page showed.
 */
import { isKnownError } from "@heritage/auth-protocol";
import type { AppLoadContext } from "react-router";
import {
  hasErrors,
  readAdminUserInput,
  validateAdminUserInput,
} from "../../components/admin/users/admin-user-input";
import { readFormData } from "../../lib/form-data.server";
import { describeError, logServerEvent } from "../../lib/log.server";

export type FirstAdminResult =
  | { ok: true; email: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export const firstAdminMessages = {
  alreadyDone: "An admin account already exists. Please sign in.",
  failed: "Failed to create user",
} as const;

/**
 * True when the site's project has no user at all (anonymous and restricted ones included), asked
 * in process: every visit of /login asks.
 */
export async function hasNoUserYet(context: AppLoadContext): Promise<boolean> {
  try {
    return !(await context.siteAuth.hasUsers());
  } catch (error) {
    logServerEvent("error", "checking for a first admin failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return false;
  }
}

/**
 * Creates the first admin in process. The platform creates it only while the project has no user,
 * under a lock shared with every other submission and the ADMIN_EMAIL bootstrap: of two forms
 * sent at once, the second is told that the first admin exists.
 */
export async function createFirstAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<FirstAdminResult> {
  const input = readAdminUserInput(await readFormData(request));
  const fieldErrors = validateAdminUserInput(input);
  if (hasErrors(fieldErrors)) {
    return { ok: false, message: "Please correct the highlighted fields.", fieldErrors };
  }
  const email = input.email.trim();
  try {
    const created = await context.siteAuth.createFirstAdmin({
      email,
      password: input.password,
      displayName: input.displayName.trim() || null,
    });
    if (created === null) return { ok: false, message: firstAdminMessages.alreadyDone };
  } catch (error) {
    if (isKnownError(error)) return { ok: false, message: error.message };
    logServerEvent("error", "creating the first admin failed", {
      error: describeError(error),
      requestId: context.requestId,
    });
    return { ok: false, message: firstAdminMessages.failed };
  }
  logServerEvent("info", "created the first admin", { email, requestId: context.requestId });
  return { ok: true, email };
}
