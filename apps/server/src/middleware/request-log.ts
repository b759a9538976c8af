import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { requestLineWriter } from "../logging/request-line";
import type { AppEnv } from "./app-env";

/**
 * One log line per request: method, path, status and duration, tagged with the request id; at
 * error level from 500 on (logging/request-line.ts writes it).
 */
export function requestLog(logger: Logger) {
  const writeRequestLine = requestLineWriter(logger);
  return createMiddleware<AppEnv>(async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      // The id as a child logger would bind it (same line), without making one per request.
      writeRequestLine({
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      });
    }
  });
}
