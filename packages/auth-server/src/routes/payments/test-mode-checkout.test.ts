/**
 * The built-in test-mode checkout (contract §3.6 without a payment provider): the page shows the
 * purchase, a POST confirms it once and grants the product with its included items; cross-site
 * confirms, spent, expired and unknown codes grant nothing; test mode switched off closes the page.
 * What was bought is listed by `GET /payments/products/{customer_type}/{customer_id}`.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPurchases, projects } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let buyer: TestUser;

const payments = {
  items: { credits: { displayName: "Credits", customerType: "user" } },
  products: {
    starter: {
      displayName: "Starter <b>pack</b>",
      customerType: "user",
      includedItems: { credits: { quantity: 100 } },
    },
    refill: {
      displayName: "Refill",
      customerType: "user",
      stackable: true,
      includedItems: { credits: { quantity: 10 } },
    },
  },
} as const;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { payments } })).id;
});
afterAll(() => t.close());

const asServer = () => ({ accessType: "server" as const, projectId });

async function purchaseUrl(productId: string, who: TestUser, returnUrl?: string): Promise<URL> {
  const response = await t.request("/payments/purchases/create-purchase-url", {
    method: "POST",
    ...asServer(),
    body: {
      customer_type: "user",
      customer_id: who.userId,
      product_id: productId,
      ...(returnUrl ? { return_url: returnUrl } : {}),
    },
  });
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { url: string }).url);
}
/** The page path relative to the API mount (`/api/v1` on the test app). */
function open(url: URL, init?: RequestInit) {
  return t.app.request(`${url.pathname}${url.search}`, init);
}
function confirm(url: URL, headers: Record<string, string> = {}) {
  return open(url, { method: "POST", headers });
}
async function credits(who: TestUser): Promise<number> {
  const response = await t.request(`/payments/items/user/${who.userId}/credits`, asServer());
  return ((await response.json()) as { quantity: number }).quantity;
}
async function purchasesOf(who: TestUser) {
  return t.db.select().from(productPurchases).where(eq(productPurchases.customerId, who.userId));
}

describe("test-mode checkout", () => {
  beforeAll(async () => {
    buyer = await t.signUpUser(projectId);
  });

  it("shows the purchase (escaped) on a page that cannot be framed or cached", async () => {
    const url = await purchaseUrl("starter", buyer);
    const page = await open(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain("Starter &lt;b&gt;pack&lt;/b&gt;");
    expect(html).not.toContain("<b>pack</b>");
    expect(html).toContain(buyer.userId);
    expect(html).toContain("credits: 100");
    expect(html).toMatch(/<form method="post">/);
    // Showing the page grants nothing.
    expect(await credits(buyer)).toBe(0);
  });

  it("grants the product and its items once, then the code is spent", async () => {
    const url = await purchaseUrl("starter", buyer);
    const done = await confirm(url, { "sec-fetch-site": "same-origin", origin: t.baseUrl });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Purchase complete");
    expect(await credits(buyer)).toBe(100);
    const purchases = await purchasesOf(buyer);
    expect(purchases.map((p) => [p.productId, p.source])).toEqual([["starter", "test_mode"]]);

    expect((await confirm(url)).status).toBe(404);
    expect((await open(url)).status).toBe(404);
    expect(await credits(buyer)).toBe(100);
    // A non-stackable product is owned now: no new purchase URL for it.
    await expectKnownError(
      await t.request("/payments/purchases/create-purchase-url", {
        method: "POST",
        ...asServer(),
        body: { customer_type: "user", customer_id: buyer.userId, product_id: "starter" },
      }),
      "PRODUCT_ALREADY_GRANTED",
      400,
    );
  });

  it("redirects to the stored return URL, not to one added to the link", async () => {
    const who = await t.signUpUser(projectId);
    const url = await purchaseUrl("refill", who, "http://localhost:3000/thanks");
    url.searchParams.set("return_url", "https://evil.example/");
    const done = await confirm(url);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("http://localhost:3000/thanks");
    expect(await credits(who)).toBe(10);
  });

  it("stackable products can be bought again; two pending URLs of one product grant once", async () => {
    const who = await t.signUpUser(projectId);
    await confirm(await purchaseUrl("refill", who));
    await confirm(await purchaseUrl("refill", who));
    expect(await credits(who)).toBe(20);

    const first = await purchaseUrl("starter", who);
    const second = await purchaseUrl("starter", who);
    expect((await confirm(first)).status).toBe(200);
    const owned = await confirm(second);
    expect(owned.status).toBe(409);
    expect(await owned.text()).toContain("already owns this product");
    // The refused grant rolled back, so the code stays unspent, yet it still grants no second copy.
    expect((await open(second)).status).toBe(200);
    expect((await confirm(second)).status).toBe(409);
    expect(await credits(who)).toBe(120);
    expect((await purchasesOf(who)).filter((p) => p.productId === "starter")).toHaveLength(1);
  });

  it("GET /payments/products lists what was bought, a page at a time, to its owner only", async () => {
    const who = await t.signUpUser(projectId);
    const other = await t.signUpUser(projectId);
    await confirm(await purchaseUrl("starter", who));
    await confirm(await purchaseUrl("refill", who));
    await confirm(await purchaseUrl("refill", who));
    const list = (query = "", options: object = asServer()) =>
      t.request(`/payments/products/user/${who.userId}${query}`, options);

    const all = await list();
    expect(all.status).toBe(200);
    expect(await all.json()).toEqual({
      items: [
        {
          id: "refill",
          quantity: 2,
          product: {
            display_name: "Refill",
            customer_type: "user",
            stackable: true,
            server_only: false,
            included_items: { credits: { quantity: 10, expires: "never" } },
            client_metadata: null,
            client_read_only_metadata: null,
            server_metadata: null,
            prices: {},
          },
          type: "one_time",
          subscription: null,
        },
        expect.objectContaining({ id: "starter", quantity: 1 }),
      ],
      is_paginated: true,
      pagination: { next_cursor: null },
    });

    const first = (await (await list("?limit=1")).json()) as {
      items: { id: string }[];
      pagination: { next_cursor: string };
    };
    expect(first.items.map((item) => item.id)).toEqual(["refill"]);
    expect(first.pagination.next_cursor).toBe("starter");
    const second = await list(`?limit=1&cursor=${first.pagination.next_cursor}`);
    expect(((await second.json()) as { items: { id: string }[] }).items[0]?.id).toBe("starter");
    const badCursor = await list("?cursor=nothing");
    expect([badCursor.status, await badCursor.text()]).toEqual([400, "Invalid cursor"]);
    expect((await list("?limit=0")).status).toBe(400);

    const own = { accessType: "client" as const, projectId, accessToken: who.accessToken };
    expect((await list("", own)).status).toBe(200);
    const foreign = await list("", { ...own, accessToken: other.accessToken });
    expect([foreign.status, await foreign.text()]).toEqual([
      403,
      "Clients can only access their own user or team products.",
    ]);
    const empty = await t.request(`/payments/products/user/${other.userId}`, asServer());
    expect(((await empty.json()) as { items: unknown[] }).items).toEqual([]);
    await expectKnownError(
      await t.request(`/payments/products/team/${who.userId}`, asServer()),
      "TEAM_NOT_FOUND",
      404,
    );
  });

  it("refuses confirms from other sites and grants nothing", async () => {
    const who = await t.signUpUser(projectId);
    const url = await purchaseUrl("starter", who);
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of crossSite) {
      const refused = await confirm(url, headers);
      expect(refused.status).toBe(403);
    }
    expect(await credits(who)).toBe(0);
    // The code is still good for the real page.
    expect((await confirm(url, { origin: t.baseUrl })).status).toBe(200);
    expect(await credits(who)).toBe(100);
  });

  it("unknown, malformed, other-project and expired codes grant nothing", async () => {
    const who = await t.signUpUser(projectId);
    const url = await purchaseUrl("starter", who);
    const code = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    const base = url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1);
    const secret = code.slice(code.lastIndexOf("_") + 1);
    for (const bad of [`${projectId}_${"x".repeat(45)}`, "garbage", `internal_${secret}`, "_"]) {
      expect(
        (await t.app.request(`${base}${encodeURIComponent(bad)}`, { method: "POST" })).status,
      ).toBe(404);
    }
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await open(url)).status).toBe(404);
    expect((await confirm(url)).status).toBe(404);
    expect(await credits(who)).toBe(0);
  });

  it("closes when the project leaves test mode after the URL was made", async () => {
    const who = await t.signUpUser(projectId);
    const url = await purchaseUrl("starter", who);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const config = row?.config as { payments: Record<string, unknown> };
    await t.db
      .update(projects)
      .set({ config: { ...config, payments: { ...config.payments, testMode: false } } })
      .where(eq(projects.id, projectId));
    // Written past the API: wait until its project cache has heard of the change.
    await t.api.projects.catchUp();
    try {
      expect((await open(url)).status).toBe(404);
      expect((await confirm(url)).status).toBe(404);
      expect(await credits(who)).toBe(0);
    } finally {
      await t.db.update(projects).set({ config }).where(eq(projects.id, projectId));
      await t.api.projects.catchUp();
    }
  });
});
