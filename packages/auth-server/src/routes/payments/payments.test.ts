/**
 * `/payments/items/...` and `/payments/purchases/create-purchase-url` (contract §3.6): quantities per
 * user, team and custom customer, update-quantity with negative balances, expiry and descriptions,
 * every contract error, access levels, and that rejected requests store nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemQuantityChanges, purchaseCodes } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let user: TestUser;
let otherUser: TestUser;
let teamId: string;

const payments = {
  items: {
    credits: { displayName: "Credits", customerType: "user" },
    seats: { displayName: "Seats", customerType: "team" },
    tokens: { displayName: "Tokens", customerType: "custom" },
  },
  products: {
    starter: {
      displayName: "Starter",
      customerType: "user",
      includedItems: { credits: { quantity: 100 } },
    },
    refill: {
      displayName: "Refill",
      customerType: "user",
      stackable: true,
      includedItems: { credits: { quantity: 10 } },
    },
    team_plan: {
      displayName: "Team plan",
      customerType: "team",
      includedItems: { seats: { quantity: 5 } },
    },
    hidden: { displayName: "Hidden", customerType: "user", serverOnly: true },
  },
} as const;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { payments } })).id;
  user = await t.signUpUser(projectId);
  otherUser = await t.signUpUser(projectId);
  const team = await t.request("/teams", {
    method: "POST",
    accessType: "server",
    projectId,
    body: { display_name: "Payers", creator_user_id: user.userId },
  });
  teamId = ((await team.json()) as { id: string }).id;
  const join = await t.request(`/team-memberships/${teamId}/${otherUser.userId}`, {
    method: "POST",
    accessType: "server",
    projectId,
    body: {},
  });
  expect(join.status).toBe(201);
});
afterAll(() => t.close());

const asServer = () => ({ accessType: "server" as const, projectId });
const asClient = (who: TestUser) => ({
  accessType: "client" as const,
  projectId,
  accessToken: who.accessToken,
});

function getItem(type: string, id: string, item: string, options: object = asServer()) {
  return t.request(`/payments/items/${type}/${id}/${item}`, options);
}
function update(
  type: string,
  id: string,
  item: string,
  body: unknown,
  allowNegative: string | null = "false",
  options: object = asServer(),
) {
  const query = allowNegative === null ? "" : `?allow_negative=${allowNegative}`;
  return t.request(`/payments/items/${type}/${id}/${item}/update-quantity${query}`, {
    method: "POST",
    body,
    ...options,
  });
}
async function quantity(type: string, id: string, item: string): Promise<number> {
  const response = await getItem(type, id, item);
  expect(response.status).toBe(200);
  return ((await response.json()) as { quantity: number }).quantity;
}
async function ledgerRows(customerId: string) {
  return t.db
    .select()
    .from(itemQuantityChanges)
    .where(
      and(
        eq(itemQuantityChanges.projectId, projectId),
        eq(itemQuantityChanges.customerId, customerId),
      ),
    );
}

describe("GET /payments/items", () => {
  it("answers id, display name and zero for a customer without changes", async () => {
    const response = await getItem("user", user.userId, "credits");
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { id: "credits", display_name: "Credits", quantity: 0 },
    });
  });

  it("knows unknown items, wrong customer types and missing customers", async () => {
    const missing = await expectKnownError(
      await getItem("user", user.userId, "nope"),
      "ITEM_NOT_FOUND",
      404,
    );
    expect(missing.details).toEqual({ item_id: "nope" });
    const mismatch = await expectKnownError(
      await getItem("team", teamId, "credits"),
      "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH",
      400,
    );
    expect(mismatch.details).toEqual({
      item_id: "credits",
      customer_id: teamId,
      item_customer_type: "user",
      actual_customer_type: "team",
    });
    await expectKnownError(
      await getItem("user", "3c5e8f0a-0000-4000-8000-000000000000", "credits"),
      "USER_NOT_FOUND",
      404,
    );
    await expectKnownError(await getItem("user", "not-a-uuid", "credits"), "USER_NOT_FOUND", 404);
    await expectKnownError(
      await getItem("team", "3c5e8f0a-0000-4000-8000-000000000000", "seats"),
      "TEAM_NOT_FOUND",
      404,
    );
    const badType = await getItem("robot", user.userId, "credits");
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
  });

  it("client access: own user, teams it administers, never others or custom customers", async () => {
    expect((await getItem("user", user.userId, "credits", asClient(user))).status).toBe(200);
    await expectTextError(
      await getItem("user", user.userId, "credits", asClient(otherUser)),
      403,
      "Clients can only access their own user or team items.",
    );
    await expectTextError(
      await getItem("custom", "acme", "tokens", asClient(user)),
      403,
      "Clients can only access their own user or team items.",
    );
    expect((await getItem("team", teamId, "seats", asClient(user))).status).toBe(200);
    // A plain member holds team_member, not team_admin.
    await expectKnownError(
      await getItem("team", teamId, "seats", asClient(otherUser)),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    await expectKnownError(
      await getItem("user", user.userId, "credits", { accessType: "client", projectId }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
  });
});

describe("POST /payments/items/.../update-quantity", () => {
  it("adds and subtracts per customer, for users, teams and custom customers", async () => {
    const customer = await t.signUpUser(projectId);
    expect(await (await update("user", customer.userId, "credits", { delta: 30 })).json()).toEqual(
      {},
    );
    expect((await update("user", customer.userId, "credits", { delta: -12 })).status).toBe(200);
    expect(await quantity("user", customer.userId, "credits")).toBe(18);
    expect(await quantity("user", user.userId, "credits")).toBe(0);

    expect((await update("team", teamId, "seats", { delta: 3 })).status).toBe(200);
    expect(await quantity("team", teamId, "seats")).toBe(3);
    expect((await update("custom", "org-42", "tokens", { delta: 7 })).status).toBe(200);
    expect(await quantity("custom", "org-42", "tokens")).toBe(7);
    expect(await quantity("custom", "org-43", "tokens")).toBe(0);
  });

  it("refuses to go below zero unless allow_negative=true, storing nothing", async () => {
    const customer = await t.signUpUser(projectId);
    await update("user", customer.userId, "credits", { delta: 5 });
    const error = await expectKnownError(
      await update("user", customer.userId, "credits", { delta: -6 }),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
    expect(error.details).toEqual({
      item_id: "credits",
      customer_id: customer.userId,
      quantity: -6,
    });
    expect(await ledgerRows(customer.userId)).toHaveLength(1);
    expect((await update("user", customer.userId, "credits", { delta: -6 }, "true")).status).toBe(
      200,
    );
    expect(await quantity("user", customer.userId, "credits")).toBe(-1);
    // From a negative balance, only changes that end at zero or above pass without the flag.
    await expectKnownError(
      await update("user", customer.userId, "credits", { delta: 0 }),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
    expect((await update("user", customer.userId, "credits", { delta: 1 })).status).toBe(200);
    expect(await quantity("user", customer.userId, "credits")).toBe(0);
  });

  it("stores description and expiry; expired changes no longer count", async () => {
    const customer = await t.signUpUser(projectId);
    const expiresAt = new Date(t.clock().getTime() + 60_000);
    await update("user", customer.userId, "credits", {
      delta: 40,
      expires_at: expiresAt.toISOString(),
      description: "Trial credits",
    });
    await update("user", customer.userId, "credits", { delta: 2 });
    const [row] = (await ledgerRows(customer.userId)).filter((r) => r.delta === 40);
    expect({ description: row?.description, expiresAt: row?.expiresAt?.toISOString() }).toEqual({
      description: "Trial credits",
      expiresAt: expiresAt.toISOString(),
    });
    expect(await quantity("user", customer.userId, "credits")).toBe(42);
    t.clock.advance(61_000);
    expect(await quantity("user", customer.userId, "credits")).toBe(2);
    // The expired credits cannot be spent any more.
    await expectKnownError(
      await update("user", customer.userId, "credits", { delta: -3 }),
      "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      400,
    );
  });

  it("serialises concurrent decrements so the balance never goes below zero", async () => {
    const customer = await t.signUpUser(projectId);
    await update("user", customer.userId, "credits", { delta: 3 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => update("user", customer.userId, "credits", { delta: -1 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await quantity("user", customer.userId, "credits")).toBe(0);
  });

  it("validates item, customer, query and body, storing nothing on errors", async () => {
    const customer = await t.signUpUser(projectId);
    await expectKnownError(
      await update("user", customer.userId, "nope", { delta: 1 }),
      "ITEM_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await update("custom", "acme", "credits", { delta: 1 }),
      "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH",
      400,
    );
    await expectKnownError(
      await update("team", "3c5e8f0a-0000-4000-8000-000000000000", "seats", { delta: 1 }),
      "TEAM_NOT_FOUND",
      404,
    );
    for (const [body, allowNegative] of [
      [{ delta: 1 }, null],
      [{ delta: 1 }, "yes"],
      [{ delta: 1.5 }, "false"],
      [{}, "false"],
      [{ delta: 1, expires_at: "tomorrow" }, "false"],
      [{ delta: 1, extra: true }, "false"],
    ] as const) {
      const response = await update("user", customer.userId, "credits", body, allowNegative);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
    }
    expect(await ledgerRows(customer.userId)).toHaveLength(0);
  });

  it("is server or admin only", async () => {
    await expectKnownError(
      await update("user", user.userId, "credits", { delta: 1 }, "false", asClient(user)),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    const asAdmin = { accessType: "admin" as const, projectId };
    expect(
      (await update("user", otherUser.userId, "credits", { delta: 1 }, "false", asAdmin)).status,
    ).toBe(200);
    expect(await quantity("user", otherUser.userId, "credits")).toBe(1);
  });
});

function createUrl(body: unknown, options: object = asServer()) {
  return t.request("/payments/purchases/create-purchase-url", { method: "POST", body, ...options });
}
async function pendingCodes(): Promise<number> {
  return (await t.db.select().from(purchaseCodes).where(eq(purchaseCodes.projectId, projectId)))
    .length;
}

describe("POST /payments/purchases/create-purchase-url", () => {
  it("returns a test-mode checkout URL on this server with a one-time code", async () => {
    const response = await createUrl(
      {
        customer_type: "user",
        customer_id: user.userId,
        product_id: "starter",
        return_url: "http://localhost:3000/done",
      },
      asClient(user),
    );
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const parsed = new URL(url);
    expect(parsed.origin).toBe(t.baseUrl);
    expect(parsed.pathname).toMatch(
      new RegExp(`^/api/v1/payments/test-mode-checkout/${projectId}_[0-9a-z]{45}$`),
    );
    expect(parsed.searchParams.get("return_url")).toBe("http://localhost:3000/done");
    // Only the digest is stored.
    const code = decodeURIComponent(parsed.pathname.split("/").pop() ?? "").split("_")[1] ?? "";
    const rows = await t.db.select().from(purchaseCodes);
    expect(rows.some((row) => row.codeHash === code)).toBe(false);
  });

  it("accepts inline products from the server, the legacy offer_id name, and stackables", async () => {
    const inline = await createUrl({
      customer_type: "custom",
      customer_id: "org-1",
      product_inline: {
        display_name: "Custom deal",
        customer_type: "custom",
        prices: { once: { USD: "10" } },
        included_items: { tokens: { quantity: 50 } },
      },
    });
    expect(inline.status).toBe(200);
    const legacy = await createUrl({
      customer_type: "user",
      customer_id: user.userId,
      offer_id: "refill",
    });
    expect(legacy.status).toBe(200);
  });

  it("answers the contract errors and stores no pending checkout for them", async () => {
    const before = await pendingCodes();
    const base = { customer_type: "user", customer_id: user.userId };
    const missing = await expectKnownError(
      await createUrl({ ...base, product_id: "nope" }),
      "PRODUCT_DOES_NOT_EXIST",
      400,
    );
    expect(missing.details).toEqual({ product_id: "nope", context: null });
    const isItem = await expectKnownError(
      await createUrl({ ...base, product_id: "credits" }),
      "PRODUCT_DOES_NOT_EXIST",
      400,
    );
    expect(isItem.details).toEqual({ product_id: "credits", context: "item_exists" });
    const serverOnly = await expectKnownError(
      await createUrl({ ...base, product_id: "hidden" }, asClient(user)),
      "PRODUCT_DOES_NOT_EXIST",
      400,
    );
    expect(serverOnly.details).toEqual({ product_id: "hidden", context: "server_only" });
    const mismatch = await expectKnownError(
      await createUrl({ ...base, product_id: "team_plan" }),
      "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH",
      400,
    );
    expect(mismatch.details).toEqual({
      product_id: "team_plan",
      customer_id: user.userId,
      product_customer_type: "team",
      actual_customer_type: "user",
    });
    await expectKnownError(
      await createUrl({ ...base, product_id: "starter", return_url: "https://evil.example/x" }),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    await expectKnownError(
      await createUrl({
        customer_type: "user",
        customer_id: "3c5e8f0a-0000-4000-8000-000000000000",
        product_id: "starter",
      }),
      "USER_NOT_FOUND",
      404,
    );
    await expectTextError(
      await createUrl({ ...base }),
      400,
      "Must specify either product_id or product_inline!",
    );
    const inline = {
      display_name: "X",
      customer_type: "user",
      prices: {},
      included_items: {},
    };
    await expectTextError(
      await createUrl({ ...base, product_id: "starter", product_inline: inline }),
      400,
      "Cannot specify both product_id and product_inline!",
    );
    await expectTextError(
      await createUrl({ ...base, product_inline: inline }, asClient(user)),
      400,
      "Cannot specify product_inline when calling from client! Please call with a server API key, or use the product_id parameter.",
    );
    await expectTextError(
      await createUrl({ ...base, product_id: "starter" }, asClient(otherUser)),
      403,
      "Clients can only create purchase URLs for their own user or teams they have admin access to.",
    );
    await expectKnownError(
      await createUrl(
        { customer_type: "team", customer_id: teamId, product_id: "team_plan" },
        asClient(otherUser),
      ),
      "TEAM_PERMISSION_REQUIRED",
      401,
    );
    const schema = await createUrl({ ...base, product_id: "starter", surprise: 1 });
    expect(((await schema.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
    expect(await pendingCodes()).toBe(before);
  });

  it("NEW_PURCHASES_BLOCKED, and STRIPE_ACCOUNT_INFO_NOT_FOUND outside test mode", async () => {
    const blocked = await t.createProject({
      config: { payments: { ...payments, blockNewPurchases: true } },
    });
    const buyer = await t.signUpUser(blocked.id);
    await expectKnownError(
      await createUrl(
        { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
        { accessType: "server", projectId: blocked.id },
      ),
      "NEW_PURCHASES_BLOCKED",
      403,
    );
    const live = await t.createProject({ config: { payments: { ...payments, testMode: false } } });
    const liveBuyer = await t.signUpUser(live.id);
    await expectKnownError(
      await createUrl(
        { customer_type: "user", customer_id: liveBuyer.userId, product_id: "starter" },
        { accessType: "server", projectId: live.id },
      ),
      "STRIPE_ACCOUNT_INFO_NOT_FOUND",
      404,
    );
    const rows = await t.db.select().from(purchaseCodes);
    expect(rows.filter((r) => r.projectId === blocked.id || r.projectId === live.id)).toEqual([]);
  });
});
