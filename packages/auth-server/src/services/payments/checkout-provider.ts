/**
 * Where a purchase URL leads (contract §3.6). In test mode (the project's `payments.testMode`, on by
 * default) it is the built-in checkout page of this server, which grants without taking money.
 * Otherwise Stripe takes the payment: the URL opens this server's Stripe checkout page, which sends
 * the buyer on to a Stripe Checkout Session. That needs the server's Stripe settings
 * (`STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET`, without which a paid session would never be
 * granted); while they are unset such projects get STRIPE_ACCOUNT_INFO_NOT_FOUND — a typed error the
 * SDK knows — before any purchase code is stored.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { AuthConfig } from "../../config";
import type { LoadedProject } from "../projects/projects";
import type { StripeApiSettings } from "./stripe-api";

export type CheckoutProvider = "test_mode" | "stripe";

export interface StripeSettings extends StripeApiSettings {
  webhookSecret: string;
}

/** The server's Stripe settings, or null while Stripe is not fully configured. */
export function stripeSettingsOf(config: AuthConfig): StripeSettings | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: STRIPE_API_BASE,
  };
}

/** The provider that takes this project's payments; STRIPE_ACCOUNT_INFO_NOT_FOUND when there is none. */
export function checkoutProviderFor(project: LoadedProject, config: AuthConfig): CheckoutProvider {
  if (project.config.payments.testMode) return "test_mode";
  if (stripeSettingsOf(config)) return "stripe";
  throw knownErrors.stripeAccountInfoNotFound();
}

const checkoutPaths: Record<CheckoutProvider, string> = {
  test_mode: "payments/test-mode-checkout",
  stripe: "payments/stripe-checkout",
};

/** The checkout page of a full purchase code, on this server's API. */
export function checkoutPageUrl(
  provider: CheckoutProvider,
  apiBase: string,
  fullCode: string,
  returnUrl?: string,
): string {
  const url = new URL(`${apiBase}/${checkoutPaths[provider]}/${encodeURIComponent(fullCode)}`);
  if (returnUrl !== undefined) url.searchParams.set("return_url", returnUrl);
  return url.toString();
}
