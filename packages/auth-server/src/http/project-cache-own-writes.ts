/**
 * This process's own writes to projects and keys take effect on its very next request: the
 * database's announcement reaches this process too, but over another connection and perhaps a
 * moment after the write's answer, so the writing request itself empties the project cache
 * before its answer leaves. Only projects' administration writes projects and project keys: the
 * admin access type, the `/internal/` routes (the dashboard's) and the `/integrations/` callbacks.
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { ProjectCache } from "../project-cache/project-cache";
import type { AuthEnv } from "./context";

const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const administrationPath = /\/(internal|integrations)\//;

export function forgetProjectsAfterAdminWrites(projects: ProjectCache): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await next();
    if (readOnlyMethods.has(c.req.method)) return;
    if (c.get("auth")?.accessType === "admin" || administrationPath.test(c.req.path)) {
      projects.forgetAll();
    }
  };
}
