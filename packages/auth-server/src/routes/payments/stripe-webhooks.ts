/**
 * `POST /integrations/stripe/webhooks`: Stripe's event deliveries. The `Stripe-Signature` header is
 * checked against the raw body with `STRIPE_WEBHOOK_SECRET` before anything is read from it, so this
 * route is mounted ahead of the body parser (app.ts). A bad or stale signature, or a body that is not
 * an event, is a 400 with the reason and changes nothing; a verified event answers 200 with what it
 * did (services/payments/stripe-webhook-events.ts), so Stripe stops resending it.
 * @module
 */

import { Hono } from "hono";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendJson } from "../../http/respond";
import { describeRoute } from "../../openapi/route-description";
import { checkStripeSignature } from "../../services/payments/stripe-signature";
import {
  handleStripeEvent,
  stripeEventSchema,
} from "../../services/payments/stripe-webhook-events";
import { plainErrors } from "../../services/shared/plain-errors";

function parseEvent(payload: string) {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const event = stripeEventSchema.safeParse(json);
  return event.success ? event.data : null;
}

export function createStripeWebhookRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/",
    describeRoute({ summary: "Stripe webhook receiver (signed by Stripe)", callers: ["anyone"] }),
    async (c) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) {
        // 503: Stripe keeps resending, and the deliveries succeed once the secret is set.
        throw plainErrors.stripeWebhooksNotConfigured();
      }
      const payload = await c.req.text();
      const refusal = checkStripeSignature({
        header: c.req.header("stripe-signature"),
        payload,
        secret,
        now: deps.clock(),
      });
      if (refusal) throw plainErrors.invalidStripeSignature(refusal);
      const event = parseEvent(payload);
      if (!event) {
        throw plainErrors.notAStripeEvent();
      }
      const outcome = await handleStripeEvent(deps, event);
      deps.logger.info({ eventId: event.id, type: event.type, outcome }, "Stripe event handled");
      return sendJson(c, { received: true, outcome });
    },
  );

  return app;
}
