/**
 * What a verified Stripe event does here. A Checkout Session that is paid — `checkout.session.completed`
 * with `payment_status` `paid` or `no_payment_required`, or `checkout.session.async_payment_succeeded`
 * for payment methods that settle later — spends its purchase code and grants the product, once: the
 * code is found by the session id stored when the session was made, and a spent code grants nothing
 * again (Stripe delivers at least once and may resend). Every other event is acknowledged and ignored.
 * @module
 */
import { isKnownError } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { purchaseCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { findPurchaseByStripeSession, spendAndGrant } from "./purchases";

type EventDeps = Pick<AuthDeps, "db" | "clock" | "ids" | "logger">;

const grantingEventTypes = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

export const stripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});
export type StripeEvent = z.output<typeof stripeEventSchema>;

const checkoutSessionSchema = z.object({
  id: z.string().min(1),
  payment_status: z.string().optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export type StripeEventOutcome =
  | "granted"
  /** A spent code: an earlier delivery (or another event of the session) granted it. */
  | "already_granted"
  /** Completed, but the money has not arrived yet (async_payment_succeeded will follow). */
  | "awaiting_payment"
  /** No purchase code of this server has this session (another app on the same Stripe account). */
  | "unknown_checkout_session"
  /** Paid, but the customer came to own the non-stackable product meanwhile: refund by hand. */
  | "customer_already_owns_product"
  | "ignored";

export async function handleStripeEvent(
  deps: EventDeps,
  event: StripeEvent,
): Promise<StripeEventOutcome> {
  if (!grantingEventTypes.has(event.type)) return "ignored";
  const session = checkoutSessionSchema.safeParse(event.data.object);
  if (!session.success) return "ignored";
  if (event.type === "checkout.session.completed" && session.data.payment_status === "unpaid") {
    return "awaiting_payment";
  }
  const purchase = await findPurchaseByStripeSession(deps.db, session.data.id);
  const metadataCodeId = session.data.metadata?.purchase_code_id;
  if (!purchase || (metadataCodeId !== undefined && metadataCodeId !== purchase.codeId)) {
    deps.logger.warn(
      { eventId: event.id, sessionId: session.data.id },
      "A paid Stripe Checkout Session matches no purchase code of this server",
    );
    return "unknown_checkout_session";
  }
  if (purchase.isSpent) return "already_granted";
  try {
    const granted = await deps.db.transaction((tx) =>
      spendAndGrant(tx, deps, purchase, "stripe", deps.clock()),
    );
    return granted ? "granted" : "already_granted";
  } catch (error) {
    if (!isKnownError(error, "PRODUCT_ALREADY_GRANTED")) throw error;
    // The money was taken: spend the code so resends stop here, and tell the operator.
    await deps.db
      .update(purchaseCodes)
      .set({ usedAt: deps.clock() })
      .where(eq(purchaseCodes.id, purchase.codeId));
    deps.logger.error(
      { eventId: event.id, sessionId: session.data.id, purchaseCodeId: purchase.codeId },
      "A paid Stripe Checkout Session was not granted: the customer already owns the product (refund it in Stripe)",
    );
    return "customer_already_owns_product";
  }
}
