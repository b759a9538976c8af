import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";

/** One log line per request: method, path, status and duration, tagged with the request id. */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const startedAt = performance.now();
    const requestLogger = logger.child({ requestId: c.get("requestId") });
    c.set("logger", requestLogger);
    try {
      await next();
    } finally {
      const status = c.res.status;
      const entry = {
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      };
      if (status >= 500) requestLogger.error(entry, "request");
      else requestLogger.info(entry, "request");
    }
  });
}
