/**
 * Harness for the Stripe checkout tests: the auth API configured against a loopback fake Stripe
 * (fake-stripe.ts), a project that sells through Stripe, and helpers that walk a purchase the way a
 * buyer and Stripe do: purchase URL → checkout page → pay button → signed webhook.
 * @module
 */
import { expect } from "vitest";
import { stripeSignatureHeader } from "../services/payments/stripe-signature";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { createTestAuthApi, type TestAuthApi } from "./test-auth-api";

export const testWebhookSecret = "whsec_test_heritage_webhook_secret";

/** Products priced the reference's way; the project is out of test mode. */
export const stripePayments = {
  testMode: false,
  items: { credits: { displayName: "Credits", customerType: "user" } },
  products: {
    starter: {
      displayName: "Starter",
      customerType: "user",
      prices: { once: { USD: "9.99" } },
      includedItems: { credits: { quantity: 100 } },
    },
    pro: {
      displayName: "Pro",
      customerType: "user",
      prices: {
        monthly: { EUR: "5", USD: "6.00", interval: [1, "month"] },
        yearly: { JPY: "5000", interval: [1, "year"] },
        internal: { USD: "1.00", serverOnly: true },
      },
      includedItems: { credits: { quantity: 1000 } },
    },
    refill: {
      displayName: "Refill",
      customerType: "user",
      stackable: true,
      prices: { once: { USD: "1.50" } },
      includedItems: { credits: { quantity: 10 } },
    },
    free: { displayName: "Free", customerType: "user", prices: "include-by-default" },
  },
} as const;

export interface StripeTestSetup {
  t: TestAuthApi;
  fake: FakeStripe;
  projectId: string;
  close(): Promise<void>;
}

export async function createStripeTestSetup(): Promise<StripeTestSetup> {
  const fake = await startFakeStripe();
  const t = await createTestAuthApi({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
      STRIPE_API_BASE: fake.apiBase,
    },
  });
  const projectId = (await t.createProject({ config: { payments: stripePayments } })).id;
  return {
    t,
    fake,
    projectId,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** A purchase URL made with server access; fails the test unless it is a 200. */
export async function createPurchaseUrl(
  setup: StripeTestSetup,
  body: Record<string, unknown>,
): Promise<URL> {
  const response = await setup.t.request("/payments/purchases/create-purchase-url", {
    method: "POST",
    accessType: "server",
    projectId: setup.projectId,
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return new URL(((await response.json()) as { url: string }).url);
}

/** Opens a checkout page URL on the test app (the URL names the configured public origin). */
export function openPage(setup: StripeTestSetup, url: URL, init?: RequestInit) {
  return setup.t.app.request(`${url.pathname}${url.search}`, init);
}

/** The pay button's POST, as the page's form sends it from the same origin. */
export function pressPay(setup: StripeTestSetup, url: URL, priceId?: string) {
  return openPage(setup, url, {
    method: "POST",
    headers: {
      origin: url.origin,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(priceId === undefined ? {} : { price_id: priceId }).toString(),
  });
}

/** Pays a purchase URL at the fake Stripe: the session id the pay button redirected to. */
export async function startCheckout(
  setup: StripeTestSetup,
  url: URL,
  priceId: string,
): Promise<string> {
  const response = await pressPay(setup, url, priceId);
  expect(response.status, await response.clone().text()).toBe(303);
  const location = response.headers.get("location") ?? "";
  const session = [...setup.fake.sessions.values()].find((candidate) => candidate.url === location);
  if (!session) throw new Error(`The pay button led to ${location}, not a fake Stripe session`);
  return session.id;
}

let eventCounter = 0;

/** A Checkout Session event as Stripe sends it (pretty-printed JSON, as Stripe's bodies are). */
export function checkoutSessionEvent(
  setup: StripeTestSetup,
  sessionId: string,
  options: { type?: string; paymentStatus?: string; eventId?: string } = {},
): string {
  eventCounter += 1;
  const form = setup.fake.sessions.get(sessionId)?.form ?? {};
  const metadata = Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith("metadata["))
      .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
  );
  return JSON.stringify(
    {
      id: options.eventId ?? `evt_test_${eventCounter}`,
      object: "event",
      type: options.type ?? "checkout.session.completed",
      created: Math.floor(setup.t.clock().getTime() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          mode: form.mode ?? "payment",
          payment_status: options.paymentStatus ?? "paid",
          client_reference_id: form.client_reference_id ?? null,
          metadata,
        },
      },
    },
    null,
    2,
  );
}

/** Delivers a webhook body; signed with the test secret at the test clock's time unless given. */
export function deliverWebhook(
  setup: StripeTestSetup,
  payload: string,
  signature: string | null = stripeSignatureHeader(
    testWebhookSecret,
    Math.floor(setup.t.clock().getTime() / 1000),
    payload,
  ),
) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return setup.t.app.request("/api/v1/integrations/stripe/webhooks", {
    method: "POST",
    headers,
    body: payload,
  });
}

/** The customer's credits as the payments endpoint reports them. */
export async function readCredits(setup: StripeTestSetup, userId: string): Promise<number> {
  const response = await setup.t.request(`/payments/items/user/${userId}/credits`, {
    accessType: "server",
    projectId: setup.projectId,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { quantity: number }).quantity;
}
