/**
 * Stripe's form encoding (issue 8): nested parameters in bracket notation, arrays by index, unset
 * values left out, everything URL-encoded.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { encodeStripeForm, retrieveAccount, StripeApiError } from "./stripe-api";

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

describe("calls to Stripe", () => {
  it("give up after the timeout when Stripe never answers", async () => {
    // A loopback server that accepts the request and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const call = retrieveAccount(
        { secretKey: "sk_test_x", apiBase: `http://127.0.0.1:${port}`, timeoutMs: 200 },
        "acct_1",
      );
      await expect(call).rejects.toBeInstanceOf(StripeApiError);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
