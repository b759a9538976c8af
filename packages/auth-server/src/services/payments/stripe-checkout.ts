/**
 * Starting the Stripe payment of a purchase code: one Checkout Session per code, made when the buyer
 * first continues to payment and remembered on the code, so coming back (or a second tab) leads to
 * the same session and the code can be paid only once. The session's metadata names the code, the
 * project and the customer; the webhook (stripe-webhook-events.ts) grants by the session id.
 * @module
 */
import { and, eq, isNull } from "drizzle-orm";
import { purchaseCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { StripeSettings } from "./checkout-provider";
import { ownsProduct, type PendingPurchase } from "./purchases";
import { createCheckoutSession, expireCheckoutSession, type StripeFormFields } from "./stripe-api";
import { checkoutLineItemFields, payablePrices } from "./stripe-prices";

type CheckoutDeps = Pick<AuthDeps, "db" | "logger">;

export type StripeCheckoutStart =
  /** Send the buyer to Stripe's hosted payment page. */
  | { outcome: "redirect"; url: string }
  | { outcome: "unknown_price" }
  | { outcome: "already_owned" }
  /** The code was spent or removed meanwhile. */
  | { outcome: "unavailable" };

export interface StripeCheckoutInput {
  pending: PendingPurchase;
  fullCode: string;
  /** The price the buyer chose; ignored once the code has its session. */
  priceId: string | undefined;
  /** This server's API base, e.g. `https://example.org/api/v1`. */
  apiBase: string;
}

function sessionFields(input: StripeCheckoutInput, priceId: string): StripeFormFields | null {
  const { pending } = input;
  const price = payablePrices(pending.product).find((candidate) => candidate.priceId === priceId);
  if (!price) return null;
  const pageUrl = `${input.apiBase}/payments/stripe-checkout/${encodeURIComponent(input.fullCode)}`;
  // Ids only: the code itself is a secret and stays out of Stripe.
  const metadata = {
    purchase_code_id: pending.codeId,
    project_id: pending.projectId,
    customer_type: pending.customer.type,
    customer_id: pending.customer.id,
    product_id: pending.productId ?? undefined,
    price_id: priceId,
  };
  const lineItems = checkoutLineItemFields(
    pending.product.displayName || pending.productId || "Product",
    price,
  );
  return {
    ...lineItems,
    success_url: pending.returnUrl ?? `${pageUrl}/complete`,
    cancel_url: pageUrl,
    client_reference_id: pending.codeId,
    metadata,
    ...(lineItems.mode === "subscription" ? { subscription_data: { metadata } } : {}),
  };
}

/** The Checkout Session to send the buyer to; StripeApiError when Stripe refuses or is down. */
export async function startStripeCheckout(
  deps: CheckoutDeps,
  settings: StripeSettings,
  input: StripeCheckoutInput,
): Promise<StripeCheckoutStart> {
  const { pending } = input;
  if (pending.stripeCheckoutUrl) return { outcome: "redirect", url: pending.stripeCheckoutUrl };
  if (
    pending.productId !== null &&
    !pending.product.stackable &&
    (await ownsProduct(deps.db, pending.projectId, pending.customer, pending.productId))
  ) {
    return { outcome: "already_owned" };
  }
  const priceId = input.priceId ?? "";
  const fields = sessionFields(input, priceId);
  if (!fields) return { outcome: "unknown_price" };
  const session = await createCheckoutSession(
    settings,
    fields,
    `purchase-code-${pending.codeId}-${priceId}`,
  );
  const stored = await deps.db
    .update(purchaseCodes)
    .set({ stripeCheckoutSessionId: session.id, stripeCheckoutUrl: session.url })
    .where(
      and(
        eq(purchaseCodes.id, pending.codeId),
        isNull(purchaseCodes.stripeCheckoutSessionId),
        isNull(purchaseCodes.usedAt),
      ),
    )
    .returning({ id: purchaseCodes.id });
  if (stored.length > 0) return { outcome: "redirect", url: session.url };
  // Another request stored its session first (or the code was spent): only that one may be paid.
  const [current] = await deps.db
    .select({
      sessionId: purchaseCodes.stripeCheckoutSessionId,
      url: purchaseCodes.stripeCheckoutUrl,
    })
    .from(purchaseCodes)
    .where(eq(purchaseCodes.id, pending.codeId));
  if (current?.sessionId === session.id) return { outcome: "redirect", url: session.url };
  await expireCheckoutSession(settings, session.id).catch((error: unknown) => {
    deps.logger.warn(
      { err: error, sessionId: session.id, purchaseCodeId: pending.codeId },
      "Could not expire a Stripe Checkout Session that lost the race for its purchase code",
    );
  });
  return current?.url ? { outcome: "redirect", url: current.url } : { outcome: "unavailable" };
}
