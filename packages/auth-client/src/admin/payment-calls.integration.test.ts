/**
 * Payments through the client library against the real auth server: items on user objects and team
 * handles (client and server access), server quantity changes (increase, overdraw, try-decrease,
 * expiry), checkout URLs that lead to the test-mode checkout and grant on confirm, the same server
 * calls on the admin app, and the contract errors arriving as known errors.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

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
    team_plan: {
      displayName: "Team plan",
      customerType: "team",
      includedItems: { seats: { quantity: 5 } },
    },
  },
} as const;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    config: { payments, teams: { allowClientTeamCreation: true } },
  });
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);
const newServerApp = () =>
  createServerApp({
    projectId: project.id,
    secretServerKey: project.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
let counter = 0;
async function signedInClient() {
  counter += 1;
  const app = createClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
  const email = `payer-${counter}@example.com`;
  expect((await app.signUpWithCredential({ email, password: "pay password" })).status).toBe("ok");
  const user = await app.getUser();
  if (!user) throw new Error("no user after sign-up");
  return { app, user };
}
/** Confirms a test-mode checkout as the browser's form POST would. */
async function confirmCheckout(url: string): Promise<Response> {
  const parsed = new URL(url);
  return api.app.request(parsed.pathname, { method: "POST", headers: { origin: parsed.origin } });
}

describe("payments (client library)", () => {
  it("server access: user items change through the item object and updateItemQuantity", async () => {
    const server = newServerApp();
    const user = await server.createUser({ primaryEmail: "items@example.com" });
    const item = await user.getItem("credits");
    expect({ id: item.id, name: item.displayName, q: item.quantity }).toEqual({
      id: "credits",
      name: "Credits",
      q: 0,
    });
    await item.increaseQuantity(10);
    expect(await item.tryDecreaseQuantity(4)).toBe(true);
    expect(await item.tryDecreaseQuantity(7)).toBe(false);
    expect((await user.getItem("credits")).quantity).toBe(6);
    await item.decreaseQuantity(8);
    const overdrawn = await server.getItem({ userId: user.id, itemId: "credits" });
    expect({ q: overdrawn.quantity, left: overdrawn.nonNegativeQuantity }).toEqual({
      q: -2,
      left: 0,
    });

    await server.updateItemQuantity(
      { userId: user.id, itemId: "credits" },
      { delta: 50, expiresAt: new Date(api.clock().getTime() + 1000), description: "promo" },
    );
    expect((await user.getItem("credits")).quantity).toBe(48);
    api.clock.advance(2000);
    expect((await user.getItem("credits")).quantity).toBe(-2);

    await server.updateItemQuantity({ customCustomerId: "org-9", itemId: "tokens" }, { delta: 3 });
    expect((await server.getItem({ customCustomerId: "org-9", itemId: "tokens" })).quantity).toBe(
      3,
    );
    const listed = (await server.getUserById(user.id))?.getItem;
    expect(typeof listed).toBe("function");
  });

  it("errors arrive as the contract's known errors", async () => {
    const server = newServerApp();
    const user = await server.createUser({ primaryEmail: "errors@example.com" });
    await expect(user.getItem("nope")).rejects.toSatisfy((e) => isKnownError(e, "ITEM_NOT_FOUND"));
    // Spec §5: a call without userId, teamId or customCustomerId fails before any request.
    await expect(server.getItem({ itemId: "credits" } as never)).rejects.toThrow(
      "A payments call needs a userId, teamId or customCustomerId",
    );
    await expect(server.getItem({ userId: user.id, itemId: "seats" })).rejects.toSatisfy((e) =>
      isKnownError(e, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH"),
    );
    await expect(
      server.updateItemQuantity({ userId: user.id, itemId: "credits" }, { delta: -1 }),
    ).rejects.toSatisfy((e) => isKnownError(e, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT"));
    await expect(user.createCheckoutUrl({ productId: "team_plan" })).rejects.toSatisfy((e) =>
      isKnownError(e, "PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH"),
    );
  });

  it("client access: the signed-in user's items and checkout, granted by the test-mode page", async () => {
    const { user } = await signedInClient();
    expect((await user.getItem("credits")).quantity).toBe(0);
    const url = await user.createCheckoutUrl({
      productId: "starter",
      returnUrl: "http://localhost:3000/after",
    });
    expect(url.startsWith(`${api.baseUrl}/api/v1/payments/test-mode-checkout/`)).toBe(true);
    const done = await confirmCheckout(url);
    expect({ status: done.status, location: done.headers.get("location") }).toEqual({
      status: 303,
      location: "http://localhost:3000/after",
    });
    expect((await user.getItem("credits")).quantity).toBe(100);
    await expect(user.createCheckoutUrl({ productId: "starter" })).rejects.toSatisfy((e) =>
      isKnownError(e, "PRODUCT_ALREADY_GRANTED"),
    );
    // Client items have no quantity-changing calls.
    expect("increaseQuantity" in (await user.getItem("credits"))).toBe(false);
  });

  it("teams: the creator (team_admin) reads items and buys for the team; the server sees them", async () => {
    const { app } = await signedInClient();
    const team = await app.createTeam({ displayName: "Buyers" });
    expect((await team.getItem("seats")).quantity).toBe(0);
    await confirmCheckout(await team.createCheckoutUrl({ productId: "team_plan" }));
    expect((await team.getItem("seats")).quantity).toBe(5);
    const serverTeam = await newServerApp().getTeam(team.id);
    const seats = await serverTeam?.getItem("seats");
    await seats?.increaseQuantity(2);
    expect((await team.getItem("seats")).quantity).toBe(7);
    // Plain data still compares and serialises without the calls.
    expect(Object.keys(team)).not.toContain("getItem");
    expect(JSON.stringify(team)).not.toContain("getItem");
  });
});

describe("payments (admin app)", () => {
  it("has the server's payment calls: items, quantity changes and checkout URLs", async () => {
    const admin = createAdminApp({
      projectId: project.id,
      superSecretAdminKey: project.keys.superSecretAdminKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const { user } = await signedInClient();
    const ref = { userId: user.id, itemId: "credits" };
    expect((await admin.getItem(ref)).quantity).toBe(0);
    await admin.updateItemQuantity(ref, { delta: 7, description: "admin grant" });
    expect((await admin.getItem(ref)).quantity).toBe(7);
    const overdraw = await admin.updateItemQuantity(ref, { delta: -8 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isKnownError(overdraw, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT")).toBe(true);
    expect((await admin.getItem(ref)).quantity).toBe(7);

    const url = await admin.createCheckoutUrl({ userId: user.id }, { productId: "starter" });
    expect((await confirmCheckout(url)).status).toBe(200);
    expect((await admin.getItem(ref)).quantity).toBe(107);
  });
});
