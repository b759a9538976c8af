/**
 * `/internal/payments` (spec §7 Admin; admin access only, spec §6 "payments setup"): `POST /setup`,
 * `GET /stripe/account-info`, `POST /stripe-widgets/account-session` and
 * `POST /test-mode-purchase-session` (services/payments/payments-setup.ts).
 * @module
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendSuccess } from "../../http/respond";
import { emptyBody, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createStripeWidgetSession,
  getStripeAccountInfo,
  grantTestModePurchase,
  setupPayments,
} from "../../services/payments/payments-setup";
import { StripeApiError } from "../../services/payments/stripe-api";
import { plainErrors } from "../../services/shared/plain-errors";

const setupBody = z.strictObject({
  /** Where Stripe's onboarding sends the admin back; default this server's public origin. */
  return_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
const testModePurchaseBody = z.strictObject({
  full_code: z.string().min(1),
  price_id: z.string().min(1),
  // One unit per purchase here: the grant adds the product's included items once.
  quantity: z.literal(1).optional(),
});

/** Stripe's refusal (or absence) reaches the admin as a 502 with Stripe's message, not a 500. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StripeApiError) {
      throw plainErrors.stripeRefused(error.message);
    }
    throw error;
  }
}

export function createInternalPaymentRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/setup",
    describeRoute({
      summary: "Set up payments (Stripe onboarding link)",
      callers: ["admin"],
      body: setupBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: setupBody });
      const returnUrl = body.return_url ?? `${new URL(deps.baseUrl).origin}/`;
      return sendJson(c, await viaStripe(() => setupPayments(deps, auth.project, returnUrl)));
    },
  );

  app.get(
    "/stripe/account-info",
    describeRoute({ summary: "Read the Stripe account's state", callers: ["admin"] }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      return sendJson(c, await viaStripe(() => getStripeAccountInfo(deps, auth.project)));
    },
  );

  app.post(
    "/stripe-widgets/account-session",
    describeRoute({
      summary: "Create a Stripe embedded-components session",
      callers: ["admin"],
      body: emptyBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      validateRequest(c, { body: emptyBody });
      return sendJson(c, await viaStripe(() => createStripeWidgetSession(deps, auth.project)));
    },
  );

  app.post(
    "/test-mode-purchase-session",
    describeRoute({
      summary: "Create a test-mode purchase session",
      callers: ["admin"],
      body: testModePurchaseBody,
    }),
    async (c) => {
      const auth = requireAccess(c, ["admin"]);
      const { body } = validateRequest(c, { body: testModePurchaseBody });
      await grantTestModePurchase(deps, auth.project, {
        fullCode: body.full_code,
        priceId: body.price_id,
      });
      return sendSuccess(c);
    },
  );

  return app;
}
