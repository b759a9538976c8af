/**
 * Interop: payments through the official SDK (`@stackframe/js` 2.8.108) against this server over a
 * loopback port: `StackServerApp` items on users, teams and custom customers (`getItem`,
 * `increaseQuantity`, `decreaseQuantity`, `tryDecreaseQuantity`), checkout URLs from server users
 * and client users, and the contract errors as the SDK's own known-error classes.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { KnownErrors } from "@stackframe/stack-shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let project: Awaited<ReturnType<InteropServer["t"]["createProject"]>>;
let serverApp: StackServerApp;

beforeAll(async () => {
  server = await startInteropServer();
  project = await server.t.createProject({
    displayName: "Payments interop",
    config: {
      payments: {
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
        },
      },
    },
  });
  serverApp = new StackServerApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
});
afterAll(async () => {
  await server.close();
});

/**
 * The test-mode checkout's confirm, as the page's form POST sends it. The URL names the server's
 * configured public origin; the loopback port serves the same API.
 */
async function confirmCheckout(url: string): Promise<number> {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(server.t.baseUrl);
  const response = await fetch(`${server.baseUrl}${parsed.pathname}`, {
    method: "POST",
    headers: { origin: parsed.origin },
    redirect: "manual",
  });
  return response.status;
}

describe("payments through the SDK", () => {
  it("server user items: read, increase, decrease below zero, try-decrease", async () => {
    const user = await serverApp.createUser({ primaryEmail: "sdk-items@example.com" });
    const item = await user.getItem("credits");
    expect({ name: item.displayName, quantity: item.quantity }).toEqual({
      name: "Credits",
      quantity: 0,
    });
    await item.increaseQuantity(5);
    expect(await item.tryDecreaseQuantity(3)).toBe(true);
    expect(await item.tryDecreaseQuantity(3)).toBe(false);
    expect((await user.getItem("credits")).quantity).toBe(2);
    await item.decreaseQuantity(4);
    const after = await serverApp.getItem({ userId: user.id, itemId: "credits" });
    expect({ quantity: after.quantity, nonNegative: after.nonNegativeQuantity }).toEqual({
      quantity: -2,
      nonNegative: 0,
    });
  });

  it("team and custom customers", async () => {
    const team = await serverApp.createTeam({ displayName: "SDK payers" });
    // The SDK types `team.getItem` as a read-only item; the server app hands out the server item.
    expect((await team.getItem("seats")).quantity).toBe(0);
    const seats = await serverApp.getItem({ teamId: team.id, itemId: "seats" });
    await seats.increaseQuantity(4);
    expect((await team.getItem("seats")).quantity).toBe(4);
    const tokens = await serverApp.getItem({ customCustomerId: "org-sdk", itemId: "tokens" });
    await tokens.increaseQuantity(9);
    expect(
      (await serverApp.getItem({ customCustomerId: "org-sdk", itemId: "tokens" })).quantity,
    ).toBe(9);
  });

  it("contract errors are the SDK's known errors", async () => {
    const user = await serverApp.createUser({ primaryEmail: "sdk-item-errors@example.com" });
    await expect(user.getItem("nope")).rejects.toBeInstanceOf(KnownErrors.ItemNotFound);
    await expect(serverApp.getItem({ userId: user.id, itemId: "seats" })).rejects.toBeInstanceOf(
      KnownErrors.ItemCustomerTypeDoesNotMatch,
    );
    await expect(user.createCheckoutUrl({ productId: "nope" })).rejects.toBeInstanceOf(
      KnownErrors.ProductDoesNotExist,
    );
  });

  it("checkout URLs from a server user and a client user lead to the test-mode checkout", async () => {
    const user = await serverApp.createUser({
      primaryEmail: "sdk-buyer@example.com",
      password: "correct horse battery",
      primaryEmailAuthEnabled: true,
    });
    const url = await user.createCheckoutUrl({ productId: "starter" });
    expect(url.startsWith(`${server.t.baseUrl}/api/v1/payments/test-mode-checkout/`)).toBe(true);
    expect(await confirmCheckout(url)).toBe(200);
    expect((await user.getItem("credits")).quantity).toBe(100);
    await expect(user.createCheckoutUrl({ productId: "starter" })).rejects.toBeInstanceOf(
      KnownErrors.ProductAlreadyGranted,
    );

    const client = new StackClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      baseUrl: server.baseUrl,
      tokenStore: "memory",
      noAutomaticPrefetch: true,
      devTool: false,
    });
    const signUp = await client.signUpWithCredential({
      email: "sdk-client-buyer@example.com",
      password: "correct horse battery",
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe("ok");
    const me = await client.getUser({ or: "throw" });
    const clientUrl = await me.createCheckoutUrl({ productId: "starter" });
    expect(await confirmCheckout(clientUrl)).toBe(200);
    expect((await me.getItem("credits")).quantity).toBe(100);
  });
});
