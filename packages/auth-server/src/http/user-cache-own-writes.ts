/**
 * This process's own writes to users take effect on its very next request: the database's
 * announcement reaches this process too, but over another connection and perhaps a moment after
 * the write's answer, so the writing request empties the user cache of its project before its
 * answer leaves. Any request may write users (sign-in records activity, a server updates
 * another user, a team rename changes what its members' selected team reads), so every request
 * that is not a plain read counts: any method but GET, HEAD and OPTIONS, and GETs under `/auth/`
 * (OAuth callbacks create and link users). A request without a known project empties it all.
 * A handler that knows exactly which users it wrote says so (`writtenUsers` on the context; a
 * token refresh, the most frequent write, touches only its own user's activity time): only those
 * are forgotten, and the project's other users stay in memory.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { UserCache } from "../user-cache/user-cache";
import type { AuthEnv } from "./context";

const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const flowPath = /\/auth\//;

export function forgetUsersAfterWrites(users: UserCache): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    try {
      await next();
    } finally {
      const writtenUsers = c.get("writtenUsers");
      if (writtenUsers) {
        for (const userId of writtenUsers) users.forgetUser(userId);
      } else if (!readOnlyMethods.has(c.req.method) || flowPath.test(c.req.path)) {
        const projectId = c.get("auth")?.project.id;
        if (projectId === undefined) users.forgetAll();
        else users.forgetProject(projectId);
      }
    }
  };
}
