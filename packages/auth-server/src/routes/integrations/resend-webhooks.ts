/**
 * `POST /integrations/resend/webhooks`: Resend's reports on managed sending domains
 * (services/managed-email/). Resend signs its deliveries as Svix does (`svix-id`,
 * `svix-timestamp`, `svix-signature`, the Standard Webhooks scheme); the signature is checked
 * against the raw body with `STACK_RESEND_WEBHOOK_SECRET` before anything is read from it, so this
 * route is mounted ahead of the body parser (app.ts). A `domain.updated` event sets the domain's
 * status; other events are acknowledged and ignored, as the reference does.
 * @module
 */
import { Hono } from "hono";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendJson } from "../../http/respond";
import { describeRoute } from "../../openapi/route-description";
import { recordProviderStatus } from "../../services/managed-email/managed-email-domains";
import { plainErrors } from "../../services/shared/plain-errors";

const domainUpdated = z.object({
  type: z.literal("domain.updated"),
  data: z.object({ id: z.string(), status: z.string(), error: z.string().optional() }),
});

/** Whether Resend signed this body: the signature, and a timestamp within five minutes. */
function isSignedByResend(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    // A wrong or stale signature, or a secret that is not base64 (nothing could match it).
    return false;
  }
}

export function createResendWebhookRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({
      summary: "Resend webhook receiver (managed sending domains; signed by Resend)",
      callers: ["anyone"],
    }),
    async (c) => {
      const secret = deps.config.STACK_RESEND_WEBHOOK_SECRET;
      // 503: Resend keeps resending, and the deliveries succeed once the secret is set.
      if (!secret) throw plainErrors.resendWebhooksNotConfigured();
      const id = c.req.header("svix-id");
      const timestamp = c.req.header("svix-timestamp");
      const signature = c.req.header("svix-signature");
      if (!id || !timestamp || !signature) throw plainErrors.missingResendSignatureHeaders();
      const body = await c.req.text();
      const headers = {
        "webhook-id": id,
        "webhook-timestamp": timestamp,
        "webhook-signature": signature,
      };
      if (!isSignedByResend(secret, body, headers)) throw plainErrors.invalidResendSignature();
      let payload: unknown;
      try {
        payload = JSON.parse(body);
      } catch {
        throw plainErrors.invalidResendPayload();
      }
      const type = (payload as { type?: unknown } | null)?.type;
      if (type !== "domain.updated") return sendJson(c, { received: true });
      const event = domainUpdated.safeParse(payload);
      if (!event.success) throw plainErrors.invalidResendPayload();
      const known = await recordProviderStatus(deps, {
        resendDomainId: event.data.data.id,
        providerStatus: event.data.data.status,
        error: event.data.data.error,
      });
      deps.logger.info(
        { resendDomainId: event.data.data.id, status: event.data.data.status, known },
        "Resend domain event handled",
      );
      return sendJson(c, { received: true });
    },
  );

  return app;
}
