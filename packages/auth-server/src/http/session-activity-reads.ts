/**
 * Reads that show times of activity see this process's latest refreshes: the batch of noted
 * activity (session-activity/session-activity.ts) is written before them. They are the server's
 * and the admin's reads (users' `last_active_at_millis`, the sessions' `last_used_at`, the
 * metrics of active users) and a client's list of its own sessions; `/users/me` for a client shows
 * no such time and never waits.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { SessionActivity } from "../session-activity/session-activity";
import type { AuthEnv } from "./context";

const sessionsPath = /\/auth\/sessions(?:\/|$)/;

export function writeActivityBeforeReads(activity: SessionActivity): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (activity.hasPending && showsActivity(c)) await activity.flush();
    await next();
  };
}

function showsActivity(c: Parameters<MiddlewareHandler<AuthEnv>>[0]): boolean {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const auth = c.get("auth");
  if (!auth) return false;
  return auth.accessType !== "client" || sessionsPath.test(c.req.path);
}
