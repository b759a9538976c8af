/**
 * `/internal/payments` (spec §7 Admin; admin only): payments setup makes the project's Stripe
 * connected account once and answers its onboarding link; account-info reads the account from
 * Stripe; account-session answers the embedded components' client secret; test-mode-purchase-session
 * grants a pending purchase of the admin's own project in test mode. Against the loopback fake
 * Stripe; without Stripe settings the reference's errors (STRIPE_ACCOUNT_INFO_NOT_FOUND). Server and
 * client access are refused, and refused requests change nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPurchases, projects } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createPurchaseUrl,
  createStripeTestSetup,
  type StripeTestSetup,
  stripePayments,
} from "../../testing/stripe-testing";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let s: StripeTestSetup;
let bare: TestAuthApi;

beforeAll(async () => {
  s = await createStripeTestSetup();
  bare = await createTestAuthApi();
});
afterAll(async () => {
  await s.close();
  await bare.close();
});

const asAdmin = (projectId: string) => ({ accessType: "admin" as const, projectId });

async function storedAccountId(t: TestAuthApi, projectId: string): Promise<string | null> {
  const [row] = await t.db
    .select({ id: projects.stripeAccountId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.id ?? null;
}

describe("Stripe Connect setup", () => {
  it("setup makes one connected account and answers its onboarding link; account-info follows Stripe", async () => {
    const { id } = await s.t.createProject({ config: { payments: stripePayments } });
    await expectKnownError(
      await s.t.request("/internal/payments/stripe/account-info", asAdmin(id)),
      "STRIPE_ACCOUNT_INFO_NOT_FOUND",
      404,
    );
    await expectTextError(
      await s.t.request("/internal/payments/stripe-widgets/account-session", {
        ...asAdmin(id),
        body: {},
      }),
      400,
      "Stripe account ID is not set",
    );

    const first = await s.t.request("/internal/payments/setup", { ...asAdmin(id), body: {} });
    expect(first.status).toBe(200);
    const { url } = (await first.json()) as { url: string };
    const accountId = await storedAccountId(s.t, id);
    expect(accountId).toMatch(/^acct_/);
    expect(url).toBe(
      `https://connect.stripe.test/setup/${accountId}?return=${encodeURIComponent(`${new URL(s.t.baseUrl).origin}/`)}`,
    );
    const created = s.fake.requests.filter((r) => r.path === "/v1/accounts").at(-1);
    expect(created?.form).toMatchObject({
      "controller[stripe_dashboard][type]": "none",
      "capabilities[card_payments][requested]": "true",
      "metadata[project_id]": id,
    });

    // A second setup (onboarding left half-way) reuses the account, with the return URL asked for.
    const again = await s.t.request("/internal/payments/setup", {
      ...asAdmin(id),
      body: { return_url: "https://admin.example.com/payments" },
    });
    expect(((await again.json()) as { url: string }).url).toContain(
      encodeURIComponent("https://admin.example.com/payments"),
    );
    expect(await storedAccountId(s.t, id)).toBe(accountId);
    expect(s.fake.accounts.size).toBe(1);

    const info = await s.t.request("/internal/payments/stripe/account-info", asAdmin(id));
    expect(await info.json()).toEqual({
      account_id: accountId,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
    });
    const account = s.fake.accounts.get(accountId ?? "");
    if (!account) throw new Error("no fake account");
    Object.assign(account, {
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
    });
    const onboarded = await s.t.request("/internal/payments/stripe/account-info", asAdmin(id));
    expect(await onboarded.json()).toMatchObject({ charges_enabled: true, payouts_enabled: true });

    const session = await s.t.request("/internal/payments/stripe-widgets/account-session", {
      ...asAdmin(id),
      body: {},
    });
    expect(session.status).toBe(200);
    expect((await session.json()) as { client_secret: string }).toEqual({
      client_secret: expect.stringMatching(/^accs_secret_/),
    });
    expect(s.fake.requests.at(-1)?.form).toMatchObject({
      account: accountId,
      "components[payments][enabled]": "true",
      "components[payouts][enabled]": "true",
    });
  });

  it("Stripe's refusal is a 502 with its message, and stores no account", async () => {
    const { id } = await s.t.createProject();
    s.fake.failNext(400, "Connect is not enabled on this platform");
    await expectTextError(
      await s.t.request("/internal/payments/setup", { ...asAdmin(id), body: {} }),
      502,
      "Stripe refused the request: Connect is not enabled on this platform",
    );
    expect(await storedAccountId(s.t, id)).toBeNull();
  });

  it("without Stripe settings every call answers STRIPE_ACCOUNT_INFO_NOT_FOUND", async () => {
    const { id } = await bare.createProject();
    for (const [path, body] of [
      ["/internal/payments/setup", {}],
      ["/internal/payments/stripe/account-info", undefined],
      ["/internal/payments/stripe-widgets/account-session", {}],
    ] as const) {
      await expectKnownError(
        await bare.request(path, { ...asAdmin(id), ...(body ? { body } : {}) }),
        "STRIPE_ACCOUNT_INFO_NOT_FOUND",
        404,
      );
    }
    expect(await storedAccountId(bare, id)).toBeNull();
  });

  it("refuses server and client access and bad bodies", async () => {
    const { id } = await s.t.createProject();
    const user = await s.t.signUpUser(id);
    const calls = [
      ["/internal/payments/setup", {}],
      ["/internal/payments/stripe/account-info", undefined],
      ["/internal/payments/stripe-widgets/account-session", {}],
      ["/internal/payments/test-mode-purchase-session", { full_code: "x_y", price_id: "once" }],
    ] as const;
    for (const [path, body] of calls) {
      const withBody = body ? { body } : {};
      await expectKnownError(
        await s.t.request(path, { accessType: "server", projectId: id, ...withBody }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
      await expectKnownError(
        await s.t.request(path, {
          accessType: "client",
          projectId: id,
          accessToken: user.accessToken,
          ...withBody,
        }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
    }
    await expectKnownError(
      await s.t.request("/internal/payments/setup", {
        ...asAdmin(id),
        body: { return_url: "javascript:alert(1)" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(await storedAccountId(s.t, id)).toBeNull();
  });
});

describe("POST /internal/payments/test-mode-purchase-session", () => {
  async function testModeProject() {
    const project = await s.t.createProject({
      config: { payments: { ...stripePayments, testMode: true } },
    });
    const buyer = await s.t.signUpUser(project.id);
    const url = await createPurchaseUrl(
      { ...s, projectId: project.id },
      { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
    );
    const fullCode = decodeURIComponent(url.pathname.split("/").at(-1) ?? "");
    return { projectId: project.id, buyer, fullCode };
  }
  const grant = (projectId: string, body: unknown) =>
    s.t.request("/internal/payments/test-mode-purchase-session", { ...asAdmin(projectId), body });
  const purchasesOf = (userId: string) =>
    s.t.db.select().from(productPurchases).where(eq(productPurchases.customerId, userId));

  it("grants the product once, at one of its prices, spending the code", async () => {
    const { projectId, buyer, fullCode } = await testModeProject();
    await expectTextError(
      await grant(projectId, { full_code: fullCode, price_id: "no-such-price" }),
      400,
      "Price not found on product associated with this purchase code",
    );
    expect(await purchasesOf(buyer.userId)).toEqual([]);

    const granted = await grant(projectId, { full_code: fullCode, price_id: "once" });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ success: true });
    const rows = await purchasesOf(buyer.userId);
    expect(rows.map((row) => [row.productId, row.source])).toEqual([["starter", "test_mode"]]);
    const credits = await s.t.request(`/payments/items/user/${buyer.userId}/credits`, {
      accessType: "server",
      projectId,
    });
    expect(((await credits.json()) as { quantity: number }).quantity).toBe(100);

    await expectKnownError(
      await grant(projectId, { full_code: fullCode, price_id: "once" }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    expect(await purchasesOf(buyer.userId)).toHaveLength(1);
  });

  it("refuses another project's code, test mode off, blocked purchases and unknown codes", async () => {
    const { projectId, buyer, fullCode } = await testModeProject();
    const other = await s.t.createProject({
      config: { payments: { ...stripePayments, testMode: true } },
    });
    await expectTextError(
      await grant(other.id, { full_code: fullCode, price_id: "once" }),
      400,
      "The purchase code belongs to another project",
    );
    await expectKnownError(
      await grant(projectId, { full_code: `${projectId}_unknown`, price_id: "once" }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await grant(projectId, { full_code: fullCode, price_id: "once", quantity: 2 }),
      "SCHEMA_ERROR",
      400,
    );

    const setPayments = async (payments: Record<string, unknown>) => {
      const response = await s.t.request("/internal/config/override/environment", {
        ...asAdmin(projectId),
        method: "PATCH",
        body: { config_override_string: JSON.stringify(payments) },
      });
      expect(response.status).toBe(200);
    };
    await setPayments({ "payments.blockNewPurchases": true });
    await expectKnownError(
      await grant(projectId, { full_code: fullCode, price_id: "once" }),
      "NEW_PURCHASES_BLOCKED",
      403,
    );
    await setPayments({ "payments.blockNewPurchases": false, "payments.testMode": false });
    await expectTextError(
      await grant(projectId, { full_code: fullCode, price_id: "once" }),
      403,
      "Test mode is not enabled for this project",
    );
    expect(await purchasesOf(buyer.userId)).toEqual([]);
  });
});
