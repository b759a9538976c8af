/**
 * The calls to Stripe through the `stripe` package (issue 20), against the loopback fake: the form
 * Stripe receives (bracket notation, arrays by index, unset values left out), the key and the
 * idempotency key, Stripe's errors as StripeApiError, and the deadline.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../testing/fake-stripe";
import {
  createCheckoutSession,
  createConnectedAccount,
  retrieveAccount,
  StripeApiError,
  type StripeApiSettings,
} from "./stripe-api";

let fake: FakeStripe;
let settings: StripeApiSettings;

beforeAll(async () => {
  fake = await startFakeStripe();
  settings = { secretKey: fake.secretKey, apiBase: fake.apiBase };
});

afterAll(async () => {
  await fake.close();
});

describe("calls to Stripe", () => {
  it("send nested parameters in Stripe's bracket notation, with the key and the idempotency key", async () => {
    const session = await createCheckoutSession(
      settings,
      {
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 999 } }],
        metadata: { customer_id: "a&b=c", product_id: undefined },
        success_url: "https://example.org/done?x=1",
      },
      "purchase-1",
    );
    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
    });
    const request = fake.requests.at(-1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(request?.headers["idempotency-key"]).toBe("purchase-1");
    expect(request?.form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "999",
      "metadata[customer_id]": "a&b=c",
      success_url: "https://example.org/done?x=1",
    });
    // The same key again: the same session, as Stripe answers.
    const again = await createCheckoutSession(settings, { mode: "payment" }, "purchase-1");
    expect(again.id).toBe(session.id);
  });

  it("read back a connected account", async () => {
    const account = await createConnectedAccount(settings, "project-1");
    expect(fake.requests.at(-1)?.form).toMatchObject({
      "controller[stripe_dashboard][type]": "none",
      "capabilities[card_payments][requested]": "true",
      "metadata[project_id]": "project-1",
    });
    expect(await retrieveAccount(settings, account.id)).toEqual({
      id: account.id,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
    });
  });

  it("turn Stripe's error answers into StripeApiError with status, type and message", async () => {
    fake.failNext(402, "Your card was declined.", "card_error");
    const declined = await retrieveAccount(settings, "acct_x").catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(StripeApiError);
    expect(declined).toMatchObject({
      status: 402,
      type: "card_error",
      message: "Your card was declined.",
    });
    const wrongKey = await retrieveAccount({ ...settings, secretKey: "sk_test_wrong" }, "acct_x")
      .then(() => null)
      .catch((error: unknown) => error);
    expect(wrongKey).toMatchObject({ status: 401, type: "invalid_request_error" });
    await expect(retrieveAccount(settings, "acct_unknown")).rejects.toMatchObject({ status: 404 });
    await expect(
      retrieveAccount({ ...settings, apiBase: `${fake.apiBase}/stripe` }, "acct_x"),
    ).rejects.toThrow("STRIPE_API_BASE must be an origin without a path");
  });

  it("give up after the timeout when Stripe never answers", async () => {
    // A loopback server that accepts the request and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const call = retrieveAccount(
        { secretKey: "sk_test_x", apiBase: `http://127.0.0.1:${port}`, timeoutMs: 200 },
        "acct_1",
      );
      await expect(call).rejects.toMatchObject({
        name: "StripeApiError",
        status: 0,
        message: expect.stringMatching(/^Stripe could not be reached/),
      });
      // One try, not the package's retries.
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
