/**
 * Issue 8: a project out of payments test mode sells through Stripe. create-purchase-url keeps its
 * shape and leads to this server's Stripe checkout page; its pay button makes one Checkout Session per
 * code at a (loopback fake) Stripe and redirects there; the signed webhook of the paid session grants
 * the product, visible through the payments endpoints. Stripe errors reach the buyer as a clear page
 * and grant nothing; without Stripe settings the contract's STRIPE_ACCOUNT_INFO_NOT_FOUND stays.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPurchases, projects, purchaseCodes } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  checkoutSessionEvent,
  createPurchaseUrl,
  createStripeTestSetup,
  deliverWebhook,
  openPage,
  pressPay,
  readCredits,
  type StripeTestSetup,
  startCheckout,
  stripePayments,
} from "../../testing/stripe-testing";
import { createTestAuthApi, type TestUser } from "../../testing/test-auth-api";

let s: StripeTestSetup;

beforeAll(async () => {
  s = await createStripeTestSetup();
});
afterAll(() => s.close());

const newBuyer = (): Promise<TestUser> => s.t.signUpUser(s.projectId);
const purchase = (buyer: TestUser, productId: string, extra: Record<string, unknown> = {}) =>
  createPurchaseUrl(s, {
    customer_type: "user",
    customer_id: buyer.userId,
    product_id: productId,
    ...extra,
  });
const sessionRequests = () =>
  s.fake.requests.filter((request) => request.path === "/v1/checkout/sessions");
async function purchasesOf(buyer: TestUser) {
  return s.t.db
    .select()
    .from(productPurchases)
    .where(eq(productPurchases.customerId, buyer.userId));
}

describe("Stripe checkout (happy)", () => {
  it("create-purchase-url leads to this server's Stripe checkout page; nothing is asked of Stripe yet", async () => {
    const buyer = await newBuyer();
    const before = s.fake.requests.length;
    const url = await purchase(buyer, "starter", { return_url: "http://localhost:3000/done" });
    expect(url.origin).toBe(s.t.baseUrl);
    expect(url.pathname).toMatch(
      new RegExp(`^/api/v1/payments/stripe-checkout/${s.projectId}_[0-9a-z]{45}$`),
    );
    expect(url.searchParams.get("return_url")).toBe("http://localhost:3000/done");
    expect(s.fake.requests.length).toBe(before);

    const page = await openPage(s, url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("<strong>Starter</strong>");
    expect(html).toContain('<input type="hidden" name="price_id" value="once">');
    expect(html).toContain("Pay 9.99 USD");
    expect(s.fake.requests.length).toBe(before);
  });

  it("pay → Checkout Session at Stripe → signed webhook → product and items granted once", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "starter", { return_url: "http://localhost:3000/done" });
    const sessionId = await startCheckout(s, url, "once");

    const request = sessionRequests().at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${s.fake.secretKey}`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers["idempotency-key"]).toMatch(/^purchase-code-[0-9a-f-]{36}-once$/);
    const [pending] = (await s.t.db.select().from(purchaseCodes)).filter(
      (row) => row.stripeCheckoutSessionId === sessionId,
    );
    expect(pending?.customerId).toBe(buyer.userId);
    expect(request?.form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "999",
      "line_items[0][price_data][product_data][name]": "Starter",
      success_url: "http://localhost:3000/done",
      cancel_url: `${s.t.baseUrl}${url.pathname}`,
      client_reference_id: pending?.id,
      "metadata[purchase_code_id]": pending?.id,
      "metadata[project_id]": s.projectId,
      "metadata[customer_type]": "user",
      "metadata[customer_id]": buyer.userId,
      "metadata[product_id]": "starter",
      "metadata[price_id]": "once",
    });
    // Redirected to Stripe, but nothing is granted before Stripe says it is paid.
    expect(await readCredits(s, buyer.userId)).toBe(0);
    expect(await purchasesOf(buyer)).toEqual([]);

    const event = checkoutSessionEvent(s, sessionId);
    const delivered = await deliverWebhook(s, event);
    expect({ status: delivered.status, body: await delivered.json() }).toEqual({
      status: 200,
      body: { received: true, outcome: "granted" },
    });
    expect(await readCredits(s, buyer.userId)).toBe(100);
    const owned = await purchasesOf(buyer);
    expect(owned.map((row) => ({ product: row.productId, source: row.source }))).toEqual([
      { product: "starter", source: "stripe" },
    ]);

    // Stripe resends: the same event again, and later a re-signed copy, grant nothing more.
    const again = await deliverWebhook(s, event);
    expect(await again.json()).toEqual({ received: true, outcome: "already_granted" });
    s.t.clock.advance(60_000);
    const resent = await deliverWebhook(s, event);
    expect(await resent.json()).toEqual({ received: true, outcome: "already_granted" });
    expect(await readCredits(s, buyer.userId)).toBe(100);
    expect(await purchasesOf(buyer)).toHaveLength(1);

    // The code is spent, and the product is owned.
    expect((await openPage(s, url)).status).toBe(404);
    await expectKnownError(
      await s.t.request("/payments/purchases/create-purchase-url", {
        method: "POST",
        accessType: "server",
        projectId: s.projectId,
        body: { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
      }),
      "PRODUCT_ALREADY_GRANTED",
      400,
    );
  });

  it("a repeating price is a subscription session; one session per code, however often the buyer presses", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "pro");
    const html = await (await openPage(s, url)).text();
    // USD comes before EUR in the reference's currency order; server-only prices are not offered.
    expect(html).toContain("Pay 6.00 USD every month");
    expect(html).toContain("Pay 5000 JPY every year");
    expect(html).not.toContain('value="internal"');

    const sessionId = await startCheckout(s, url, "monthly");
    const form = sessionRequests().at(-1)?.form ?? {};
    expect(form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "600",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "1",
      "subscription_data[metadata][customer_id]": buyer.userId,
      "subscription_data[metadata][price_id]": "monthly",
      success_url: `${s.t.baseUrl}${url.pathname}/complete`,
    });

    const count = sessionRequests().length;
    const page = await (await openPage(s, url)).text();
    expect(page).toContain("Continue to payment");
    expect(page).not.toContain("price_id");
    const back = await pressPay(s, url);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(s.fake.sessions.get(sessionId)?.url);
    const otherPrice = await pressPay(s, url, "yearly");
    expect(otherPrice.headers.get("location")).toBe(s.fake.sessions.get(sessionId)?.url);
    expect(sessionRequests().length).toBe(count);

    const done = await openPage(s, new URL(`${url.href}/complete`));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your payment was received");

    await deliverWebhook(s, checkoutSessionEvent(s, sessionId));
    expect(await readCredits(s, buyer.userId)).toBe(1000);
  });

  it("two presses at once share one Checkout Session (Stripe's idempotency key)", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "refill");
    const before = s.fake.sessions.size;
    const [first, second] = await Promise.all([pressPay(s, url, "once"), pressPay(s, url, "once")]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get("location")).toBe(second.headers.get("location"));
    expect(s.fake.sessions.size).toBe(before + 1);
  });

  it("a delayed payment method grants when the money arrives, not at completion", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "refill");
    const sessionId = await startCheckout(s, url, "once");
    const completed = await deliverWebhook(
      s,
      checkoutSessionEvent(s, sessionId, { paymentStatus: "unpaid" }),
    );
    expect(await completed.json()).toEqual({ received: true, outcome: "awaiting_payment" });
    expect(await readCredits(s, buyer.userId)).toBe(0);
    const succeeded = await deliverWebhook(
      s,
      checkoutSessionEvent(s, sessionId, { type: "checkout.session.async_payment_succeeded" }),
    );
    expect(await succeeded.json()).toEqual({ received: true, outcome: "granted" });
    expect(await readCredits(s, buyer.userId)).toBe(10);
  });
});

describe("Stripe checkout (error)", () => {
  it("a Stripe API error gives the buyer a clear page, stores no session and grants nothing", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "starter");
    s.fake.failNext(400, "Invalid currency: usd is not enabled on this account");
    const refused = await pressPay(s, url, "once");
    expect(refused.status).toBe(502);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await refused.text();
    expect(html).toContain("Payment could not be started");
    expect(html).toContain("nothing was charged");
    // Stripe's own words (which may name account settings) stay in the log.
    expect(html).not.toContain("Invalid currency");
    const rows = await s.t.db.select().from(purchaseCodes);
    const mine = rows.filter((row) => row.customerId === buyer.userId);
    expect(mine.map((row) => [row.stripeCheckoutSessionId, row.usedAt])).toEqual([[null, null]]);
    expect(await readCredits(s, buyer.userId)).toBe(0);

    // The same link works once Stripe does.
    expect((await pressPay(s, url, "once")).status).toBe(303);
  });

  it("a wrong secret key at Stripe is the same clear page", async () => {
    const t2 = await createTestAuthApi({
      env: {
        STRIPE_SECRET_KEY: "sk_test_not_the_right_key",
        STRIPE_WEBHOOK_SECRET: "whsec_test_other",
        STRIPE_API_BASE: s.fake.apiBase,
      },
    });
    try {
      const project = await t2.createProject({ config: { payments: stripePayments } });
      const buyer = await t2.signUpUser(project.id);
      const response = await t2.request("/payments/purchases/create-purchase-url", {
        accessType: "server",
        projectId: project.id,
        body: { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
      });
      const url = new URL(((await response.json()) as { url: string }).url);
      const refused = await t2.app.request(url.pathname, {
        method: "POST",
        headers: { origin: url.origin, "content-type": "application/x-www-form-urlencoded" },
        body: "price_id=once",
      });
      expect(refused.status).toBe(502);
      expect(s.fake.requests.at(-1)?.headers.authorization).toBe(
        "Bearer sk_test_not_the_right_key",
      );
    } finally {
      await t2.close();
    }
  });

  it("unknown, foreign-site, unpriced and already-owned checkouts never reach Stripe", async () => {
    const before = s.fake.requests.length;
    const unknown = new URL(`${s.t.baseUrl}/api/v1/payments/stripe-checkout/${s.projectId}_nope`);
    expect((await openPage(s, unknown)).status).toBe(404);
    expect((await pressPay(s, unknown, "once")).status).toBe(404);

    const buyer = await newBuyer();
    const url = await purchase(buyer, "starter");
    const crossSite = await openPage(s, url, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "price_id=once",
    });
    expect(crossSite.status).toBe(403);
    const fetchSite = await openPage(s, url, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    const noPrice = await pressPay(s, url);
    expect(noPrice.status).toBe(400);
    expect(await noPrice.text()).toContain("Please choose one of the prices offered.");
    expect((await pressPay(s, url, "internal")).status).toBe(400);

    // A second link made before the first was paid: the product is owned by the time it is used.
    const secondUrl = await purchase(buyer, "starter");
    const sessionId = await startCheckout(s, url, "once");
    await deliverWebhook(s, checkoutSessionEvent(s, sessionId));
    const countAfterFirst = s.fake.requests.length;
    const owned = await pressPay(s, secondUrl, "once");
    expect(owned.status).toBe(409);
    expect(await owned.text()).toContain("already owns this product");
    expect(s.fake.requests.length).toBe(countAfterFirst);
    expect(s.fake.requests.length - before).toBe(1);
  });

  it("a second paid session for an owned product is not granted again; the operator is told to refund", async () => {
    const buyer = await newBuyer();
    const first = await purchase(buyer, "starter");
    const second = await purchase(buyer, "starter");
    const firstSession = await startCheckout(s, first, "once");
    const secondSession = await startCheckout(s, second, "once");
    await deliverWebhook(s, checkoutSessionEvent(s, firstSession));
    const paidTwice = await deliverWebhook(s, checkoutSessionEvent(s, secondSession));
    expect(await paidTwice.json()).toEqual({
      received: true,
      outcome: "customer_already_owns_product",
    });
    expect(await readCredits(s, buyer.userId)).toBe(100);
    expect(await purchasesOf(buyer)).toHaveLength(1);
    // The code is spent, so Stripe's resends stop at "already granted".
    const resent = await deliverWebhook(s, checkoutSessionEvent(s, secondSession));
    expect(await resent.json()).toEqual({ received: true, outcome: "already_granted" });
  });

  it("products without a price Stripe can charge are refused at create-purchase-url, storing nothing", async () => {
    const buyer = await newBuyer();
    const before = (await s.t.db.select().from(purchaseCodes)).length;
    for (const body of [
      { product_id: "free" },
      {
        product_inline: {
          display_name: "Deal",
          customer_type: "user",
          prices: { once: { USD: "not money" } },
          included_items: {},
        },
      },
    ]) {
      await expectTextError(
        await s.t.request("/payments/purchases/create-purchase-url", {
          accessType: "server",
          projectId: s.projectId,
          body: { customer_type: "user", customer_id: buyer.userId, ...body },
        }),
        400,
        "This product has no price Stripe can charge: a price needs an amount in one of USD, EUR, GBP, JPY, INR, AUD, CAD and must not be server-only.",
      );
    }
    expect((await s.t.db.select().from(purchaseCodes)).length).toBe(before);
  });

  it("a project switched to test mode closes its Stripe checkout page", async () => {
    const buyer = await newBuyer();
    const url = await purchase(buyer, "refill");
    const [project] = await s.t.db.select().from(projects).where(eq(projects.id, s.projectId));
    const config = project?.config as Record<string, unknown>;
    const payments = config.payments as Record<string, unknown>;
    await s.t.db
      .update(projects)
      .set({ config: { ...config, payments: { ...payments, testMode: true } } })
      .where(eq(projects.id, s.projectId));
    // Written past the API: wait until its project cache has heard of the change.
    await s.t.api.projects.catchUp();
    try {
      expect((await openPage(s, url)).status).toBe(404);
      expect((await pressPay(s, url, "once")).status).toBe(404);
    } finally {
      await s.t.db
        .update(projects)
        .set({ config: { ...config, payments } })
        .where(eq(projects.id, s.projectId));
      await s.t.api.projects.catchUp();
    }
  });
});

describe("Stripe settings", () => {
  it("without both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, STRIPE_ACCOUNT_INFO_NOT_FOUND stays", async () => {
    const settings: Record<string, string>[] = [{}, { STRIPE_SECRET_KEY: "sk_test_only_the_key" }];
    for (const env of settings) {
      const t2 = await createTestAuthApi({ env });
      try {
        const project = await t2.createProject({ config: { payments: stripePayments } });
        const buyer = await t2.signUpUser(project.id);
        await expectKnownError(
          await t2.request("/payments/purchases/create-purchase-url", {
            accessType: "server",
            projectId: project.id,
            body: { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
          }),
          "STRIPE_ACCOUNT_INFO_NOT_FOUND",
          404,
        );
        expect(await t2.db.select().from(purchaseCodes)).toEqual([]);
      } finally {
        await t2.close();
      }
    }
  });
});
