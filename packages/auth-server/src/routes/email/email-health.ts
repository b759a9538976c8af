/**
 * `POST /health/email` (mounted by the server beside `/healthz`, outside `/api/v1`, as the
 * reference's monitor route): with `Authorization: Bearer <STACK_EMAIL_MONITOR_SECRET_TOKEN>`,
 * answers 200 `{ success: true }` when the platform's mail server accepts us, else 503 with the
 * reason (services/email/platform-mail-health.ts). It has the auth API's error answers.
 * @module
 */
import { Hono } from "hono";
import { requireBearerSecret } from "../../http/bearer-secret";
import type { AuthEnv } from "../../http/context";
import { createErrorHandler } from "../../http/error-response";
import { sendJson } from "../../http/respond";
import { describeRoute } from "../../openapi/route-description";
import { checkPlatformMail } from "../../services/email/platform-mail-health";
import type { AuthLogger } from "../../services/shared/auth-logger";

export interface EmailHealthOptions {
  secret: string | undefined;
  smtpUrl: string | undefined;
  logger: AuthLogger;
  isDevelopment: boolean;
}

export function createEmailHealthRoutes(options: EmailHealthOptions): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/email",
    describeRoute({
      summary: "Check the platform's mail server (the e-mail monitor's call)",
      description: "Needs `Authorization: Bearer <STACK_EMAIL_MONITOR_SECRET_TOKEN>`.",
      callers: ["anyone"],
    }),
    async (c) => {
      requireBearerSecret(c, options.secret);
      const health = await checkPlatformMail(options.smtpUrl);
      if (!health.ok) {
        options.logger.warn({ reason: health.reason }, "E-mail health check failed");
        return sendJson(c, { success: false, error: health.reason }, 503);
      }
      return sendJson(c, { success: true });
    },
  );
  app.onError(createErrorHandler(options));
  return app;
}
