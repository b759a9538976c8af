/**
 * Product prices in the reference's layout as Stripe line items (issue 8): decimal strings to the
 * currency's smallest unit, the first supported currency in the reference's order, repeating prices
 * as subscriptions, server-only and malformed prices left out.
 */
import { describe, expect, it } from "vitest";
import { paymentProductSchema } from "../projects/payments-config";
import { checkoutLineItemFields, describePrice, payablePrices } from "./stripe-prices";

const product = (prices: unknown) =>
  paymentProductSchema.parse({ displayName: "P", customerType: "user", prices });

describe("payablePrices", () => {
  it("converts amounts to the smallest unit and picks the first supported currency", () => {
    const prices = payablePrices(
      product({
        a: { USD: "9.99" },
        b: { USD: "5" },
        c: { EUR: "0.5", USD: "1.00" },
        d: { JPY: "500" },
        e: { CAD: "12.3", interval: [3, "month"] },
      }),
    );
    expect(prices.map((p) => [p.priceId, p.currency, p.unitAmount, p.interval])).toEqual([
      ["a", "USD", 999, null],
      ["b", "USD", 500, null],
      ["c", "USD", 100, null],
      ["d", "JPY", 500, null],
      ["e", "CAD", 1230, [3, "month"]],
    ]);
    expect(prices.map(describePrice)).toEqual([
      "9.99 USD",
      "5 USD",
      "1.00 USD",
      "500 JPY",
      "12.3 CAD every 3 months",
    ]);
  });

  it("leaves out server-only, malformed and unsupported prices, and include-by-default products", () => {
    expect(
      payablePrices(
        product({
          server: { USD: "1.00", serverOnly: true },
          decimals: { USD: "1.234" },
          yen: { JPY: "1.5" },
          words: { USD: "ten" },
          negative: { USD: "-1" },
          other: { CHF: "1.00" },
          badInterval: { USD: "1.00", interval: [0, "month"] },
        }),
      ),
    ).toEqual([]);
    expect(payablePrices(product("include-by-default"))).toEqual([]);
    expect(payablePrices(product(undefined))).toEqual([]);
  });
});

describe("checkoutLineItemFields", () => {
  it("one-off prices are payments, repeating ones subscriptions", () => {
    const [once, monthly] = payablePrices(
      product({ once: { EUR: "3.50" }, monthly: { USD: "6", interval: [1, "month"] } }),
    );
    if (!once || !monthly) throw new Error("prices missing");
    expect(checkoutLineItemFields("Pro", once)).toEqual({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "eur",
            unit_amount: 350,
            product_data: { name: "Pro" },
            recurring: undefined,
          },
        },
      ],
    });
    expect(checkoutLineItemFields("Pro", monthly).mode).toBe("subscription");
    expect(checkoutLineItemFields("Pro", monthly).line_items).toMatchObject([
      { price_data: { recurring: { interval: "month", interval_count: 1 } } },
    ]);
  });
});
