/**
 * Interop (issue 8): a purchase through the official SDK (`@stackframe/js` 2.8.108) on a project that
 * sells through Stripe, over loopback HTTP end to end: `createCheckoutUrl` → this server's Stripe
 * checkout page → the pay button's redirect to a (fake) Stripe Checkout Session → Stripe's signed
 * webhook → the SDK reads the granted items. Without Stripe settings the SDK gets its own
 * StripeAccountInfoNotFound error. And `StackAdminApp`'s payments setup: `setupPayments`,
 * `getStripeAccountInfo` (null before setup, as the SDK reads STRIPE_ACCOUNT_INFO_NOT_FOUND) and
 * `createStripeWidgetAccountSession`.
 */
import { StackAdminApp, StackServerApp } from "@stackframe/js";
import { KnownErrors } from "@stackframe/stack-shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeSignatureHeader } from "../services/payments/stripe-signature";
import { type FakeStripe, startFakeStripe } from "../testing/fake-stripe";
import { type InteropServer, startInteropServer } from "../testing/interop-server";
import { stripePayments, testWebhookSecret } from "../testing/stripe-testing";

let fake: FakeStripe;
let server: InteropServer;
let serverApp: StackServerApp;

function serverAppFor(
  interop: InteropServer,
  project: { id: string; keys: { publishableClientKey: string; secretServerKey: string } },
) {
  return new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    baseUrl: interop.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startInteropServer({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
      STRIPE_API_BASE: fake.apiBase,
    },
  });
  const project = await server.t.createProject({
    displayName: "Stripe interop",
    config: { payments: stripePayments },
  });
  serverApp = serverAppFor(server, project);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe("a Stripe purchase through the SDK", () => {
  it("checkout URL → Stripe checkout page → Stripe → signed webhook → items granted", async () => {
    const user = await serverApp.createUser({ primaryEmail: "sdk-stripe-buyer@example.com" });
    const url = new URL(await user.createCheckoutUrl({ productId: "starter" }));
    expect(url.href.startsWith(`${server.t.baseUrl}/api/v1/payments/stripe-checkout/`)).toBe(true);

    // The URL names the configured public origin; the loopback port serves the same API.
    const page = await fetch(`${server.baseUrl}${url.pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay 9.99 USD");
    const pay = await fetch(`${server.baseUrl}${url.pathname}`, {
      method: "POST",
      headers: { origin: url.origin, "content-type": "application/x-www-form-urlencoded" },
      body: "price_id=once",
      redirect: "manual",
    });
    expect(pay.status).toBe(303);
    const session = [...fake.sessions.values()].find(
      (candidate) => candidate.url === pay.headers.get("location"),
    );
    expect(session?.form["metadata[customer_id]"]).toBe(user.id);
    expect((await user.getItem("credits")).quantity).toBe(0);

    const payload = JSON.stringify(
      {
        id: "evt_sdk_interop",
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: {
            id: session?.id,
            object: "checkout.session",
            payment_status: "paid",
            metadata: { purchase_code_id: session?.form["metadata[purchase_code_id]"] },
          },
        },
      },
      null,
      2,
    );
    const timestamp = Math.floor(server.t.clock().getTime() / 1000);
    const delivered = await fetch(`${server.baseUrl}/api/v1/integrations/stripe/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": stripeSignatureHeader(testWebhookSecret, timestamp, payload),
      },
      body: payload,
    });
    expect(await delivered.json()).toEqual({ received: true, outcome: "granted" });
    expect((await user.getItem("credits")).quantity).toBe(100);
    await expect(user.createCheckoutUrl({ productId: "starter" })).rejects.toBeInstanceOf(
      KnownErrors.ProductAlreadyGranted,
    );
  });

  it("without Stripe settings, a project out of test mode gets StripeAccountInfoNotFound", async () => {
    const bare = await startInteropServer();
    try {
      const project = await bare.t.createProject({ config: { payments: stripePayments } });
      const app = serverAppFor(bare, project);
      const user = await app.createUser({ primaryEmail: "sdk-no-stripe@example.com" });
      await expect(user.createCheckoutUrl({ productId: "starter" })).rejects.toBeInstanceOf(
        KnownErrors.StripeAccountInfoNotFound,
      );
    } finally {
      await bare.close();
    }
  });
});

describe("payments setup through StackAdminApp", () => {
  it("setupPayments, getStripeAccountInfo and createStripeWidgetAccountSession", async () => {
    const project = await server.t.createProject({ displayName: "Stripe setup interop" });
    const admin = new StackAdminApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      secretServerKey: project.keys.secretServerKey,
      superSecretAdminKey: project.keys.superSecretAdminKey,
      baseUrl: server.baseUrl,
      tokenStore: "memory",
      noAutomaticPrefetch: true,
      devTool: false,
    });
    // The SDK turns STRIPE_ACCOUNT_INFO_NOT_FOUND into null: "not set up yet".
    expect(await admin.getStripeAccountInfo()).toBeNull();
    const { url } = await admin.setupPayments();
    expect(url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
    const info = await admin.getStripeAccountInfo();
    expect(info).toEqual({
      account_id: expect.stringMatching(/^acct_/),
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
    });
    expect(url).toContain(info?.account_id);
    const session = await admin.createStripeWidgetAccountSession();
    expect(session.client_secret).toMatch(/^accs_secret_/);
  });
});
