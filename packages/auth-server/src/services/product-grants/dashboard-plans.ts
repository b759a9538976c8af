/**
 * The plans of the internal project's teams (contract §5.2), as the reference seeds them: a product
 * line `plans` with Free, Team and Growth and the Extra Seats add-on, each including the
 * dashboard's items (`dashboard_admins` seats, auth users, e-mails a month, analytics). Every new
 * team of the internal project starts on Free, so it holds one `dashboard_admins` seat: its creator.
 * Inviting more admins needs more seats (services/payments/dashboard-admins.ts), unless the operator
 * turns seat limits off (`AUTH_DASHBOARD_SEAT_LIMITS=false`).
 * @module
 */
import type { Database } from "@heritage/db";
import type { PaymentsConfig } from "../projects/payments-config";
import { internalProjectId, type LoadedProject } from "../projects/projects";
import type { IdGenerators } from "../secrets/secrets";
import { recordProductGrant } from "./product-grants";

/** The reference's limits per plan (its `PLAN_LIMITS`); a billion stands for unlimited. */
const unlimited = 1_000_000_000;
const planLimits = {
  free: {
    seats: 1,
    authUsers: 10_000,
    emailsPerMonth: 1_000,
    analyticsTimeout: 10,
    analyticsEvents: 100_000,
  },
  team: {
    seats: 4,
    authUsers: 50_000,
    emailsPerMonth: 25_000,
    analyticsTimeout: 60,
    analyticsEvents: 500_000,
  },
  growth: {
    seats: unlimited,
    authUsers: unlimited,
    emailsPerMonth: 25_000,
    analyticsTimeout: 300,
    analyticsEvents: unlimited,
  },
} as const;

type PlanLimits = (typeof planLimits)[keyof typeof planLimits];

const expires = "when-purchase-expires";

function planItems(limits: PlanLimits) {
  return {
    dashboard_admins: { quantity: limits.seats, expires },
    auth_users: { quantity: limits.authUsers, expires },
    emails_per_month: { quantity: limits.emailsPerMonth, expires },
    analytics_timeout_seconds: { quantity: limits.analyticsTimeout, expires },
    analytics_events: { quantity: limits.analyticsEvents, expires },
  };
}

function monthly(usd: string) {
  return { USD: usd, interval: [1, "month"], serverOnly: false };
}

const plan = {
  productLineId: "plans",
  customerType: "team",
  serverOnly: false,
  stackable: false,
} as const;

/** The `payments` section the internal project is created with. */
export const dashboardPlansConfig: Pick<PaymentsConfig, "productLines" | "products" | "items"> = {
  productLines: { plans: { displayName: "Plans", customerType: "team" } },
  products: {
    free: {
      ...plan,
      displayName: "Free",
      prices: { "free-monthly": { USD: "0", interval: [1, "month"] } },
      includedItems: planItems(planLimits.free),
    },
    team: {
      ...plan,
      displayName: "Team",
      prices: { monthly: monthly("49") },
      includedItems: planItems(planLimits.team),
    },
    growth: {
      ...plan,
      displayName: "Growth",
      prices: { monthly: monthly("299") },
      includedItems: planItems(planLimits.growth),
    },
    "extra-seats": {
      ...plan,
      stackable: true,
      displayName: "Extra Seats",
      prices: { monthly: monthly("29") },
      includedItems: { dashboard_admins: { quantity: 1, expires } },
      isAddOnTo: { team: true, growth: true },
    },
  },
  items: {
    dashboard_admins: { displayName: "Dashboard Admins", customerType: "team" },
    auth_users: { displayName: "Auth Users", customerType: "team" },
    emails_per_month: { displayName: "Emails per Month", customerType: "team" },
    analytics_timeout_seconds: { displayName: "Analytics Timeout (seconds)", customerType: "team" },
    analytics_events: { displayName: "Analytics Events", customerType: "team" },
  },
};

const freePlanId = "free";

/**
 * Puts a new team of the internal project on the Free plan, inside the transaction that creates the
 * team (as the reference's team creation does). Other projects' teams, and an internal project whose
 * config has no team product `free` (one made before these plans, or edited by its admins) or one
 * priced `include-by-default`, get nothing.
 */
export async function grantFreeDashboardPlan(
  tx: Database,
  ids: Pick<IdGenerators, "generateId">,
  project: LoadedProject,
  teamId: string,
  now: Date,
): Promise<void> {
  if (project.id !== internalProjectId) return;
  const { products } = project.config.payments;
  const free = Object.hasOwn(products, freePlanId) ? products[freePlanId] : undefined;
  // An `include-by-default` Free is held by every team already (items.ts): granting it would count twice.
  if (!free || free.customerType !== "team" || free.prices === "include-by-default") return;
  await recordProductGrant(tx, ids, {
    projectId: project.id,
    customer: { type: "team", id: teamId },
    productId: freePlanId,
    product: free,
    source: "default_plan",
    now,
  });
}
