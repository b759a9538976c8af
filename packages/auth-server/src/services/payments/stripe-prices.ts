/**
 * A product's prices as Stripe Checkout line items. Prices use the reference's layout
 * (`prices: {priceId: {USD: "9.99", interval?: [1, "month"], serverOnly?}}`, amounts as decimal
 * strings); Stripe wants an integer amount in the currency's smallest unit, a lower-case currency, and
 * `mode: subscription` with `recurring` for prices that repeat. Free trials are not passed on.
 * @module
 */
import { z } from "zod";
import type { PaymentProduct } from "../projects/payments-config";
import type { StripeFormFields } from "./stripe-api";

/** The reference's supported currencies, in its order, with their decimals. */
const currencies = [
  { code: "USD", decimals: 2 },
  { code: "EUR", decimals: 2 },
  { code: "GBP", decimals: 2 },
  { code: "JPY", decimals: 0 },
  { code: "INR", decimals: 2 },
  { code: "AUD", decimals: 2 },
  { code: "CAD", decimals: 2 },
] as const;

export const stripeCurrencyCodes = currencies.map((currency) => currency.code);

const priceSchema = z.looseObject({
  interval: z.tuple([z.number().int().min(1), z.enum(["day", "week", "month", "year"])]).optional(),
  serverOnly: z.boolean().optional(),
});

export interface PayablePrice {
  priceId: string;
  currency: (typeof currencies)[number]["code"];
  /** In the currency's smallest unit (cents; yen). */
  unitAmount: number;
  /** The amount as configured, e.g. "9.99". */
  amount: string;
  interval: [number, "day" | "week" | "month" | "year"] | null;
}

/** "9.99" → 999 for two decimals; null for a malformed amount or too many decimals. */
function toMinorUnits(amount: unknown, decimals: number): number | null {
  if (typeof amount !== "string") return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match?.[1]) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  const minor = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * The prices a buyer can pay through Stripe: each with an amount in the first supported currency it
 * names; server-only prices and `include-by-default` products have none.
 */
export function payablePrices(product: PaymentProduct): PayablePrice[] {
  const { prices } = product;
  if (typeof prices !== "object" || prices === null || Array.isArray(prices)) return [];
  const payable: PayablePrice[] = [];
  for (const [priceId, raw] of Object.entries(prices)) {
    const price = priceSchema.safeParse(raw);
    if (!price.success || price.data.serverOnly) continue;
    for (const currency of currencies) {
      const amount = price.data[currency.code];
      const unitAmount = toMinorUnits(amount, currency.decimals);
      if (unitAmount === null || typeof amount !== "string") continue;
      payable.push({
        priceId,
        currency: currency.code,
        unitAmount,
        amount,
        interval: price.data.interval ?? null,
      });
      break;
    }
  }
  return payable;
}

/** What a price costs, for the buyer: "9.99 USD", "5.00 EUR every 3 months". */
export function describePrice(price: PayablePrice): string {
  const cost = `${price.amount} ${price.currency}`;
  if (!price.interval) return cost;
  const [count, unit] = price.interval;
  return count === 1 ? `${cost} every ${unit}` : `${cost} every ${count} ${unit}s`;
}

/** The `mode` and `line_items` of a Checkout Session for one unit of the product at this price. */
export function checkoutLineItemFields(
  productName: string,
  price: PayablePrice,
): Pick<StripeFormFields, "mode" | "line_items"> {
  return {
    mode: price.interval ? "subscription" : "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: price.currency.toLowerCase(),
          unit_amount: price.unitAmount,
          product_data: { name: productName },
          recurring: price.interval
            ? { interval: price.interval[1], interval_count: price.interval[0] }
            : undefined,
        },
      },
    ],
  };
}
