import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";

/**
 * The auth platform's namespace: its answers carry the protocol's own request-id header. It holds
 * one path outside `/api`, where the reference has it: the e-mail monitor's `/health/email`.
 */
function isAuthApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/") || path === "/health/email";
}

/**
 * Gives every request an id, echoed in `x-request-id` so a user's report can be found in the log.
 * Under `/api/` the auth API echoes the same id as `x-stack-request-id` (or `x-hexclave-request-id`)
 * instead: Stack Auth clients and its e2e suite expect no header there beyond the reference's.
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = randomUUID();
  c.set("requestId", id);
  await next();
  if (!isAuthApiPath(c.req.path)) c.header("x-request-id", id);
});
