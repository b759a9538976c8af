/**
 * `POST /integrations/stripe/webhooks` (issue 8), security: only deliveries signed with
 * STRIPE_WEBHOOK_SECRET over the exact raw body, within the tolerance window, do anything; every
 * refusal is a 400 naming the reason and leaves the purchase unpaid and the items unchanged. Events
 * of sessions this server never made, and event types it does not handle, are acknowledged and
 * change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPurchases, purchaseCodes } from "../../db/schema";
import { stripeSignatureHeader } from "../../services/payments/stripe-signature";
import { expectTextError } from "../../testing/expect-known-error";
import {
  checkoutSessionEvent,
  createPurchaseUrl,
  createStripeTestSetup,
  deliverWebhook,
  readCredits,
  type StripeTestSetup,
  startCheckout,
  testWebhookSecret,
} from "../../testing/stripe-testing";
import { createTestAuthApi, type TestUser } from "../../testing/test-auth-api";

let s: StripeTestSetup;
let buyer: TestUser;
let sessionId: string;

beforeAll(async () => {
  s = await createStripeTestSetup();
  buyer = await s.t.signUpUser(s.projectId);
  const url = await createPurchaseUrl(s, {
    customer_type: "user",
    customer_id: buyer.userId,
    product_id: "starter",
  });
  sessionId = await startCheckout(s, url, "once");
});
afterAll(() => s.close());

const nowSeconds = () => Math.floor(s.t.clock().getTime() / 1000);

/** What a refused delivery must leave as it was. */
async function snapshot() {
  return {
    credits: await readCredits(s, buyer.userId),
    purchases: (await s.t.db.select().from(productPurchases)).length,
    codes: (await s.t.db.select().from(purchaseCodes)).map((row) => [row.id, row.usedAt]),
  };
}

describe("Stripe webhooks (security)", () => {
  it("refuses missing, malformed, wrong-secret and tampered signatures with a 400, changing nothing", async () => {
    const before = await snapshot();
    const event = checkoutSessionEvent(s, sessionId);
    const cases: [string | null, string][] = [
      [null, "Invalid Stripe webhook signature: the Stripe-Signature header is missing."],
      [
        "v1=abc",
        "Invalid Stripe webhook signature: the Stripe-Signature header has no timestamp (t=) or no v1 signature.",
      ],
      [
        `t=${nowSeconds()}`,
        "Invalid Stripe webhook signature: the Stripe-Signature header has no timestamp (t=) or no v1 signature.",
      ],
      [
        stripeSignatureHeader("whsec_some_other_secret", nowSeconds(), event),
        "Invalid Stripe webhook signature: no v1 signature matches the payload and the signing secret.",
      ],
      [
        // Signed for another body (the same event naming another session).
        stripeSignatureHeader(testWebhookSecret, nowSeconds(), event.replace(sessionId, "cs_x")),
        "Invalid Stripe webhook signature: no v1 signature matches the payload and the signing secret.",
      ],
      [
        // Stripe's older v0 scheme is not accepted.
        stripeSignatureHeader(testWebhookSecret, nowSeconds(), event).replace("v1=", "v0="),
        "Invalid Stripe webhook signature: the Stripe-Signature header has no timestamp (t=) or no v1 signature.",
      ],
    ];
    for (const [signature, message] of cases) {
      await expectTextError(await deliverWebhook(s, event, signature), 400, message);
    }
    // The same JSON re-serialised (compact) is not the body that was signed.
    const signedPretty = stripeSignatureHeader(testWebhookSecret, nowSeconds(), event);
    await expectTextError(
      await deliverWebhook(s, JSON.stringify(JSON.parse(event)), signedPretty),
      400,
      "Invalid Stripe webhook signature: no v1 signature matches the payload and the signing secret.",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses timestamps outside the 300 s tolerance, either way, changing nothing", async () => {
    const before = await snapshot();
    const event = checkoutSessionEvent(s, sessionId);
    for (const timestamp of [nowSeconds() - 301, nowSeconds() + 301, 0]) {
      await expectTextError(
        await deliverWebhook(s, event, stripeSignatureHeader(testWebhookSecret, timestamp, event)),
        400,
        "Invalid Stripe webhook signature: the signature timestamp is outside the tolerance of 300 seconds.",
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a signed body that is not a Stripe event", async () => {
    for (const body of ["not json", '{"id":"evt_1","type":"checkout.session.completed"}']) {
      await expectTextError(
        await deliverWebhook(s, body),
        400,
        "The webhook body is not a Stripe event (JSON with id, type and data.object).",
      );
    }
  });

  it("acknowledges sessions it never made and events it does not handle, changing nothing", async () => {
    const before = await snapshot();
    const unknownSession = JSON.stringify({
      id: "evt_unknown_session",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_never_made_here",
          payment_status: "paid",
          metadata: { purchase_code_id: "3c5e8f0a-0000-4000-8000-000000000000" },
        },
      },
    });
    const unknown = await deliverWebhook(s, unknownSession);
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 200,
      body: { received: true, outcome: "unknown_checkout_session" },
    });
    // Our session, but metadata naming another purchase code: not trusted either.
    const mismatched = JSON.parse(checkoutSessionEvent(s, sessionId)) as {
      data: { object: { metadata: Record<string, string> } };
    };
    mismatched.data.object.metadata.purchase_code_id = "3c5e8f0a-0000-4000-8000-000000000000";
    const mismatch = await deliverWebhook(s, JSON.stringify(mismatched));
    expect(await mismatch.json()).toEqual({ received: true, outcome: "unknown_checkout_session" });
    for (const type of ["invoice.paid", "checkout.session.expired"]) {
      const other = await deliverWebhook(s, checkoutSessionEvent(s, sessionId, { type }));
      expect(await other.json()).toEqual({ received: true, outcome: "ignored" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a genuine delivery grants; a replayed event id grants nothing more", async () => {
    const event = checkoutSessionEvent(s, sessionId, { eventId: "evt_test_replayed" });
    expect(await (await deliverWebhook(s, event)).json()).toEqual({
      received: true,
      outcome: "granted",
    });
    const granted = await snapshot();
    expect(granted.credits).toBe(100);
    // A later replay of the same event, freshly signed, and a different event of the same session.
    s.t.clock.advance(120_000);
    expect(await (await deliverWebhook(s, event)).json()).toEqual({
      received: true,
      outcome: "already_granted",
    });
    const asyncEvent = checkoutSessionEvent(s, sessionId, {
      type: "checkout.session.async_payment_succeeded",
    });
    expect(await (await deliverWebhook(s, asyncEvent)).json()).toEqual({
      received: true,
      outcome: "already_granted",
    });
    expect(await snapshot()).toEqual(granted);
  });

  it("answers 503 while STRIPE_WEBHOOK_SECRET is unset", async () => {
    const t2 = await createTestAuthApi();
    try {
      const response = await t2.app.request("/api/v1/integrations/stripe/webhooks", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        body: "{}",
      });
      await expectTextError(
        response,
        503,
        "Stripe webhooks are not configured on this server: STRIPE_WEBHOOK_SECRET is not set.",
      );
    } finally {
      await t2.close();
    }
  });
});
