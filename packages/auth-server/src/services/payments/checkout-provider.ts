/**
 * Where a purchase URL leads (contract §3.6). In test mode (the project's `payments.testMode`, on by
 * default) it is the built-in checkout page of this server, which grants without taking money.
 * Otherwise a payment provider must take the payment. The only one foreseen is Stripe, and this
 * server has no Stripe account set up (no onboarding, no secret key), so such projects get
 * STRIPE_ACCOUNT_INFO_NOT_FOUND — a typed error the SDK knows — before any purchase code is stored.
 * Nothing here calls Stripe.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { LoadedProject } from "../projects";

export type CheckoutProvider = "test_mode";

export function checkoutProviderFor(project: LoadedProject): CheckoutProvider {
  if (project.config.payments.testMode) return "test_mode";
  throw knownErrors.stripeAccountInfoNotFound();
}

/** The built-in checkout page for a full purchase code, on this server's API. */
export function testModeCheckoutUrl(apiBase: string, fullCode: string, returnUrl?: string): string {
  const url = new URL(`${apiBase}/payments/test-mode-checkout/${encodeURIComponent(fullCode)}`);
  if (returnUrl !== undefined) url.searchParams.set("return_url", returnUrl);
  return url.toString();
}
