/**
 * `payments_overview` of `GET /internal/metrics`, from granted purchases (`auth.product_purchases`)
 * and checkouts (`auth.purchase_codes`).
 *
 * What we record differs from the reference, so some fields mean the nearest thing we have:
 * - A purchase counts as a subscription when the product it granted has a recurring price (one
 *   with an `interval`), else as a one-time purchase: we do not record which price was chosen.
 *   Subscriptions never end here (no cancellation or payment failure is recorded), so all are
 *   `active`.
 * - No amounts are recorded (test mode moves no money; Stripe's amount is not kept), so
 *   `revenue_cents` and `mrr_cents` are 0.
 * - `total_orders` counts granted purchases; `checkout_conversion_rate` is the percentage of
 *   checkouts (purchase URLs) that ended in a purchase.
 * @module
 */
import type { Database } from "@heritage/db";
import { count, eq, sql } from "drizzle-orm";
import { productPurchases, purchaseCodes } from "../../db/schema";
import { type MetricsDataPoint, type MetricsWindow, percentage, toSeries } from "./metrics-window";

export interface PaymentsOverview {
  subscriptions_by_status: Record<string, number>;
  active_subscription_count: number;
  total_one_time_purchases: number;
  daily_subscriptions: MetricsDataPoint[];
  revenue_cents: number;
  mrr_cents: number;
  total_orders: number;
  checkout_conversion_rate: number;
}

/** Whether a product's prices (`{priceId: {USD, interval?}}` or `include-by-default`) repeat. */
export function hasRecurringPrice(prices: unknown): boolean {
  if (typeof prices !== "object" || prices === null || Array.isArray(prices)) return false;
  return Object.values(prices).some(
    (price) =>
      typeof price === "object" && price !== null && (price as { interval?: unknown }).interval,
  );
}

export async function loadPaymentsOverview(
  db: Database,
  projectId: string,
  window: MetricsWindow,
): Promise<PaymentsOverview> {
  const purchases = await db
    .select({
      createdAt: productPurchases.createdAt,
      prices: sql<unknown>`${productPurchases.product} -> 'prices'`,
    })
    .from(productPurchases)
    .where(eq(productPurchases.projectId, projectId));
  const [checkouts] = await db
    .select({
      total: count(),
      completed: sql<number>`count(*) filter (where ${purchaseCodes.usedAt} is not null)`,
    })
    .from(purchaseCodes)
    .where(eq(purchaseCodes.projectId, projectId));

  const subscriptions = purchases.filter((purchase) => hasRecurringPrice(purchase.prices));
  const subscriptionsPerDay = new Map<string, number>();
  for (const { createdAt } of subscriptions) {
    if (createdAt < window.since) continue;
    const day = createdAt.toISOString().slice(0, 10);
    subscriptionsPerDay.set(day, (subscriptionsPerDay.get(day) ?? 0) + 1);
  }

  return {
    subscriptions_by_status: subscriptions.length > 0 ? { active: subscriptions.length } : {},
    active_subscription_count: subscriptions.length,
    total_one_time_purchases: purchases.length - subscriptions.length,
    daily_subscriptions: toSeries(
      window.days,
      [...subscriptionsPerDay].map(([day, n]) => ({ day, n })),
    ),
    revenue_cents: 0,
    mrr_cents: 0,
    total_orders: purchases.length,
    checkout_conversion_rate: percentage(
      Number(checkouts?.completed ?? 0),
      Number(checkouts?.total ?? 0),
    ),
  };
}
