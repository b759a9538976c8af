/**
 * Stripe's form encoding (issue 8): nested parameters in bracket notation, arrays by index, unset
 * values left out, everything URL-encoded.
 */
import { describe, expect, it } from "vitest";
import { encodeStripeForm } from "./stripe-api";

describe("encodeStripeForm", () => {
  it("flattens objects and arrays into bracketed keys", () => {
    const form = encodeStripeForm({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 999 } }],
      metadata: { customer_id: "a&b=c", product_id: undefined },
      success_url: "https://example.org/done?x=1",
    });
    expect([...form.entries()]).toEqual([
      ["mode", "payment"],
      ["line_items[0][quantity]", "1"],
      ["line_items[0][price_data][currency]", "usd"],
      ["line_items[0][price_data][unit_amount]", "999"],
      ["metadata[customer_id]", "a&b=c"],
      ["success_url", "https://example.org/done?x=1"],
    ]);
    expect(form.toString()).toContain("metadata%5Bcustomer_id%5D=a%26b%3Dc");
  });
});
