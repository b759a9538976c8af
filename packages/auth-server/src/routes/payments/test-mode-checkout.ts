/**
 * The built-in test-mode checkout (contract §3.6 without a payment provider): the page a purchase URL
 * opens. GET shows what would be bought; only a POST from that page confirms, which spends the
 * one-time code and grants the product (services/payments/purchases.ts). No money moves.
 *
 * Safety: the code in the path is a 225-bit secret stored only as a digest and spendable once; the
 * page is `no-store`, sends no referrer (the code must not leak to other sites), cannot be framed
 * (no click-jacking of the confirm button) and runs no script. A confirm whose browser reports a
 * cross-site origin (`Origin` of another site, or `Sec-Fetch-Site: cross-site|same-site`) is refused,
 * so another site cannot submit it even when it learned a code.
 * @module
 */
import { isKnownError } from "@heritage/auth-protocol";
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { describeRoute } from "../../openapi/route-description";
import {
  confirmPurchase,
  findPendingPurchase,
  type PendingPurchase,
} from "../../services/payments/purchases";
import { findProject } from "../../services/projects/projects";
import { escapeHtml } from "../../services/shared/escape-html";

const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.note{background:#fff4d6;border:1px solid #e0c060;padding:.5rem .75rem;border-radius:4px}
button{font-size:1rem;padding:.5rem 1.25rem;cursor:pointer}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const unavailable = page(
  "Purchase link not valid",
  "<p>This purchase link is invalid, has expired or has already been used.</p>",
);

function summary(projectName: string, pending: PendingPurchase): string {
  const items = Object.entries(pending.product.includedItems)
    .filter(([, item]) => item.quantity !== 0)
    .map(([itemId, item]) => `<li>${escapeHtml(itemId)}: ${item.quantity}</li>`)
    .join("");
  return `<p class="note">Test mode: no payment is taken. Confirming grants the product.</p>
<p><strong>${escapeHtml(pending.product.displayName || pending.productId || "Product")}</strong>
from ${escapeHtml(projectName)}</p>
<p>For ${escapeHtml(pending.customer.type)} <code>${escapeHtml(pending.customer.id)}</code></p>
${items ? `<p>Includes:</p><ul>${items}</ul>` : ""}`;
}

/** Whether the browser says the confirm comes from another site. */
function isCrossSite(headers: Headers, ownOrigin: string): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("origin");
  return origin !== null && origin !== ownOrigin;
}

export function createTestModeCheckoutRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const ownOrigin = new URL(deps.baseUrl).origin;
  const html = (c: Context, body: string, status: ContentfulStatusCode = 200) =>
    c.body(body, status, pageHeaders);

  /** The pending purchase, if its project still sells in test mode. */
  async function loadPending(code: string) {
    const pending = await findPendingPurchase(deps.db, deps.clock(), code);
    if (!pending) return null;
    const project = await findProject(deps.db, deps.secrets, pending.projectId);
    // Switching test mode off after the URL was made must not leave a free way to buy.
    if (!project?.config.payments.testMode) return null;
    return { pending, project };
  }

  app.get(
    "/:code",
    describeRoute({
      summary: "Test-mode checkout page for a purchase code (HTML page)",
      callers: ["anyone"],
    }),
    async (c) => {
      const loaded = await loadPending(c.req.param("code"));
      if (!loaded) return html(c, unavailable, 404);
      return html(
        c,
        page(
          "Confirm test purchase",
          `${summary(loaded.project.displayName, loaded.pending)}
<form method="post"><button type="submit">Confirm purchase</button></form>`,
        ),
      );
    },
  );

  app.post(
    "/:code",
    describeRoute({
      summary: "Test-mode checkout: complete the purchase (form POST, redirects)",
      callers: ["anyone"],
    }),
    async (c) => {
      if (isCrossSite(c.req.raw.headers, ownOrigin)) {
        return html(
          c,
          page("Purchase refused", "<p>This confirmation came from another site.</p>"),
          403,
        );
      }
      const code = c.req.param("code");
      if (!(await loadPending(code))) return html(c, unavailable, 404);
      let granted: Awaited<ReturnType<typeof confirmPurchase>>;
      try {
        granted = await confirmPurchase(deps, code, "test_mode");
      } catch (error) {
        // A browser page: the customer came to own the product since the link was made.
        if (!isKnownError(error, "PRODUCT_ALREADY_GRANTED")) throw error;
        return html(
          c,
          page("Already owned", "<p>This customer already owns this product.</p>"),
          409,
        );
      }
      if (!granted) return html(c, unavailable, 404);
      if (granted.returnUrl) return c.redirect(granted.returnUrl, 303);
      return html(c, page("Purchase complete", "<p>The product has been granted.</p>"));
    },
  );

  return app;
}
