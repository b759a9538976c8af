/**
 * The Stripe checkout page (contract §3.6 with a payment provider): the page a purchase URL opens when
 * the project is not in test mode and the server has its Stripe settings. GET shows the product and
 * one button per price; the POST of a button makes (or reuses) the code's Stripe Checkout Session and
 * redirects (303) to Stripe's hosted payment page. Nothing is granted here: the signed webhook of the
 * paid session grants (stripe-webhooks.ts). `/:code/complete` is where Stripe sends the buyer
 * back when the purchase had no return URL.
 *
 * Safety as the test-mode page: the code is a one-time secret kept as a digest, the pages cannot be
 * cached, framed or leak the URL, and a POST the browser reports as cross-site is refused.
 * @module
 */

import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { describeRoute } from "../../openapi/route-description";
import { type StripeSettings, stripeSettingsOf } from "../../services/payments/checkout-provider";
import { findPendingPurchase, type PendingPurchase } from "../../services/payments/purchases";
import { StripeApiError } from "../../services/payments/stripe-api";
import { startStripeCheckout } from "../../services/payments/stripe-checkout";
import { describePrice, payablePrices } from "../../services/payments/stripe-prices";
import { findProject } from "../../services/projects/projects";
import { escapeHtml } from "../../services/shared/escape-html";
import { checkoutPage, checkoutPageHeaders, isCrossSite } from "./payments-checkout-page";

const unavailable = checkoutPage(
  "Purchase link not valid",
  "<p>This purchase link is invalid, has expired or has already been used.</p>",
);

function summary(projectName: string, pending: PendingPurchase): string {
  const items = Object.entries(pending.product.includedItems)
    .filter(([, item]) => item.quantity !== 0)
    .map(([itemId, item]) => `<li>${escapeHtml(itemId)}: ${item.quantity}</li>`)
    .join("");
  return `<p><strong>${escapeHtml(pending.product.displayName || pending.productId || "Product")}</strong>
from ${escapeHtml(projectName)}</p>
<p>For ${escapeHtml(pending.customer.type)} <code>${escapeHtml(pending.customer.id)}</code></p>
${items ? `<p>Includes:</p><ul>${items}</ul>` : ""}`;
}

function payButtons(pending: PendingPurchase): string {
  if (pending.stripeCheckoutUrl) {
    return `<form method="post"><button type="submit">Continue to payment</button></form>`;
  }
  const prices = payablePrices(pending.product);
  if (prices.length === 0) return "<p>This product has no price that can be paid online.</p>";
  return prices
    .map(
      (
        price,
      ) => `<form method="post"><input type="hidden" name="price_id" value="${escapeHtml(price.priceId)}">
<button type="submit">Pay ${escapeHtml(describePrice(price))}</button></form>`,
    )
    .join("\n");
}

export function createStripeCheckoutRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const ownOrigin = new URL(deps.baseUrl).origin;
  const apiBase = `${deps.baseUrl}/api/v1`;
  const html = (c: Context, body: string, status: ContentfulStatusCode = 200) =>
    c.body(body, status, checkoutPageHeaders);

  /** The pending purchase, if its project still sells through Stripe and Stripe is set up. */
  async function loadPending(
    code: string,
  ): Promise<{ pending: PendingPurchase; projectName: string; settings: StripeSettings } | null> {
    const settings = stripeSettingsOf(deps.config);
    if (!settings) return null;
    const pending = await findPendingPurchase(deps.db, deps.clock(), code);
    if (!pending) return null;
    const project = await findProject(deps.db, deps.secrets, pending.projectId);
    // Switched to test mode since: the test-mode checkout is the way now, not this page.
    if (!project || project.config.payments.testMode) return null;
    return { pending, projectName: project.displayName, settings };
  }

  app.get(
    "/:code/complete",
    describeRoute({
      summary: "Stripe checkout: where Stripe sends the buyer back (HTML page)",
      callers: ["anyone"],
    }),
    (c) =>
      html(
        c,
        checkoutPage(
          "Thank you",
          "<p>Your payment was received. The purchase is granted as soon as Stripe confirms it; you can close this page.</p>",
        ),
      ),
  );

  app.get(
    "/:code",
    describeRoute({
      summary: "Stripe checkout page for a purchase code (HTML page)",
      callers: ["anyone"],
    }),
    async (c) => {
      const loaded = await loadPending(c.req.param("code"));
      if (!loaded) return html(c, unavailable, 404);
      return html(
        c,
        checkoutPage(
          "Checkout",
          `${summary(loaded.projectName, loaded.pending)}\n${payButtons(loaded.pending)}`,
        ),
      );
    },
  );

  app.post(
    "/:code",
    describeRoute({
      summary: "Stripe checkout: choose a price and go to Stripe (form POST, redirects)",
      callers: ["anyone"],
    }),
    async (c) => {
      if (isCrossSite(c.req.raw.headers, ownOrigin)) {
        return html(
          c,
          checkoutPage("Purchase refused", "<p>This request came from another site.</p>"),
          403,
        );
      }
      const code = c.req.param("code");
      const loaded = await loadPending(code);
      if (!loaded) return html(c, unavailable, 404);
      const body = c.get("body");
      const priceId =
        typeof body === "object" && body !== null && "price_id" in body
          ? String(body.price_id)
          : undefined;
      let started: Awaited<ReturnType<typeof startStripeCheckout>>;
      try {
        started = await startStripeCheckout(deps, loaded.settings, {
          pending: loaded.pending,
          fullCode: code,
          priceId,
          apiBase,
        });
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        // The buyer learns that nothing happened; the operator finds Stripe's reason in the log.
        deps.logger.error(
          { err: error, stripeStatus: error.status, stripeCode: error.code },
          "Stripe refused to create a Checkout Session",
        );
        return html(
          c,
          checkoutPage(
            "Payment could not be started",
            "<p>The payment provider did not accept this checkout, so nothing was charged. Please try again later.</p>",
          ),
          502,
        );
      }
      switch (started.outcome) {
        case "redirect":
          return c.redirect(started.url, 303);
        case "unknown_price":
          return html(
            c,
            checkoutPage("Choose a price", "<p>Please choose one of the prices offered.</p>"),
            400,
          );
        case "already_owned":
          return html(
            c,
            checkoutPage("Already owned", "<p>This customer already owns this product.</p>"),
            409,
          );
        case "unavailable":
          return html(c, unavailable, 404);
      }
    },
  );

  return app;
}
