/**
 * The admin side of payments (spec §7 Admin): Stripe Connect setup of a project, the state of its
 * connected account, an account session for Stripe's embedded components, and granting a pending
 * purchase in test mode from the dashboard. The connected account is stored on the project row
 * (`projects.stripe_account_id`), never in its editable config.
 *
 * While the server has no Stripe settings every Stripe call answers STRIPE_ACCOUNT_INFO_NOT_FOUND
 * (the SDK's `getStripeAccountInfo` reads it as "not set up"); a project without an account gets the
 * same from account-info, and the reference's 400 'Stripe account ID is not set' from
 * account-session.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { plainErrors } from "../shared/plain-errors";
import { type StripeSettings, stripeSettingsOf } from "./checkout-provider";
import { confirmPurchase, findPendingPurchase } from "./purchases";
import {
  createAccountOnboardingLink,
  createAccountSession,
  createConnectedAccount,
  retrieveAccount,
} from "./stripe-api";

type SetupDeps = Pick<AuthDeps, "db" | "config" | "clock" | "ids">;

function requireStripe(deps: SetupDeps): StripeSettings {
  const settings = stripeSettingsOf(deps.config);
  if (!settings) throw knownErrors.stripeAccountInfoNotFound();
  return settings;
}

async function storedAccountId(deps: SetupDeps, projectId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ accountId: projects.stripeAccountId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.accountId ?? null;
}

/**
 * `POST /internal/payments/setup`: makes the project's connected account on first use, then answers
 * the URL of its Stripe onboarding page, which sends the admin back to `returnUrl`.
 */
export async function setupPayments(
  deps: SetupDeps,
  project: LoadedProject,
  returnUrl: string,
): Promise<{ url: string }> {
  const settings = requireStripe(deps);
  let accountId = await storedAccountId(deps, project.id);
  if (accountId === null) {
    const account = await createConnectedAccount(settings, project.id);
    accountId = account.id;
    await deps.db
      .update(projects)
      .set({ stripeAccountId: accountId })
      .where(eq(projects.id, project.id));
  }
  return { url: await createAccountOnboardingLink(settings, accountId, returnUrl) };
}

export interface StripeAccountInfo {
  account_id: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

/** `GET /internal/payments/stripe/account-info`, read from Stripe each time. */
export async function getStripeAccountInfo(
  deps: SetupDeps,
  project: LoadedProject,
): Promise<StripeAccountInfo> {
  const settings = requireStripe(deps);
  const accountId = await storedAccountId(deps, project.id);
  if (accountId === null) throw knownErrors.stripeAccountInfoNotFound();
  const account = await retrieveAccount(settings, accountId);
  return {
    account_id: account.id,
    charges_enabled: account.charges_enabled ?? false,
    details_submitted: account.details_submitted ?? false,
    payouts_enabled: account.payouts_enabled ?? false,
  };
}

/** `POST /internal/payments/stripe-widgets/account-session`. */
export async function createStripeWidgetSession(
  deps: SetupDeps,
  project: LoadedProject,
): Promise<{ client_secret: string }> {
  const settings = requireStripe(deps);
  const accountId = await storedAccountId(deps, project.id);
  if (accountId === null) throw plainErrors.stripeAccountNotSet();
  return { client_secret: await createAccountSession(settings, accountId) };
}

/**
 * `POST /internal/payments/test-mode-purchase-session`: the dashboard grants a pending purchase of
 * its own project without payment, in test mode only, at one of the product's prices. The code is
 * spent as by the built-in checkout page.
 */
export async function grantTestModePurchase(
  deps: SetupDeps,
  project: LoadedProject,
  input: { fullCode: string; priceId: string },
): Promise<void> {
  const pending = await findPendingPurchase(deps.db, deps.clock(), input.fullCode);
  if (!pending) throw knownErrors.verificationCodeNotFound();
  if (pending.projectId !== project.id) {
    throw plainErrors.purchaseCodeOfOtherProject();
  }
  if (project.config.payments.blockNewPurchases) throw knownErrors.newPurchasesBlocked();
  if (!project.config.payments.testMode) {
    throw plainErrors.testModeNotEnabled();
  }
  const { prices } = pending.product;
  const hasPrice =
    typeof prices === "object" &&
    prices !== null &&
    !Array.isArray(prices) &&
    Object.hasOwn(prices, input.priceId);
  if (!hasPrice) {
    throw plainErrors.priceNotOnProduct();
  }
  // Spent meanwhile (by the checkout page or a second call): nothing is granted twice.
  if (!(await confirmPurchase(deps, input.fullCode, "test_mode"))) {
    throw knownErrors.verificationCodeNotFound();
  }
}
