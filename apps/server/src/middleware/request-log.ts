import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";

/** One log line per request: method, path, status and duration, tagged with the request id. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      // The id as a child logger would bind it (same line), without making one per request.
      const entry = {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      };
      if (status >= 500) logger.error(entry, "request");
      else logger.info(entry, "request");
    }
  });
}
