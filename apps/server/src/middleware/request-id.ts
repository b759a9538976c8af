import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/** Gives every request an id, echoed in `x-request-id` so a user's report can be found in the log. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = randomUUID();
  c.set("requestId", id);
  await next();
  c.header("x-request-id", id);
});
