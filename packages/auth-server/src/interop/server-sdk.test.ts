/**
 * Interop: the official SDK's `StackServerApp` (secret server key) against this server over a
 * loopback port: creating, listing with paging, updating and deleting users.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let app: StackServerApp;

beforeAll(async () => {
  server = await startInteropServer();
  app = new StackServerApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    secretServerKey: server.t.internalProject.keys.secretServerKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
});
afterAll(async () => {
  await server.close();
});

describe("StackServerApp against the server (happy)", () => {
  it("creates users and lists them page by page", async () => {
    const created = [];
    for (let index = 0; index < 5; index++) {
      // The server's clock is frozen; move it so sign-up times differ.
      server.t.clock.advance(1000);
      created.push(
        await app.createUser({
          primaryEmail: `server-sdk-${index}@example.com`,
          primaryEmailAuthEnabled: true,
          password: "password123",
          displayName: `User ${index}`,
        }),
      );
    }
    expect(created[0]?.primaryEmail).toBe("server-sdk-0@example.com");
    expect(created[0]?.riskScores).toBeDefined();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await app.listUsers({ limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.map((user) => user.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(created.map((user) => user.id));

    const descending = await app.listUsers({ orderBy: "signedUpAt", desc: true });
    expect(descending.map((user) => user.id)).toEqual(created.map((user) => user.id).reverse());
    const found = await app.listUsers({ query: "server-sdk-3" });
    expect(found.map((user) => user.displayName)).toEqual(["User 3"]);
  });

  it("updates a user, and the new password works for sign-in", async () => {
    const user = await app.createUser({
      primaryEmail: "update-me@example.com",
      primaryEmailAuthEnabled: true,
      password: "first password",
    });
    await user.update({
      displayName: "Updated",
      serverMetadata: { role: "editor" },
      password: "second password",
    });
    const reread = await app.getUser(user.id);
    expect(reread?.displayName).toBe("Updated");
    expect(reread?.serverMetadata).toEqual({ role: "editor" });

    const client = new StackClientApp({
      projectId: "internal",
      publishableClientKey: server.t.internalProject.keys.publishableClientKey,
      baseUrl: server.baseUrl,
      tokenStore: "memory",
      noAutomaticPrefetch: true,
      devTool: false,
    });
    const old = await client.signInWithCredential({
      email: "update-me@example.com",
      password: "first password",
      noRedirect: true,
    });
    expect(old.status).toBe("error");
    const fresh = await client.signInWithCredential({
      email: "update-me@example.com",
      password: "second password",
      noRedirect: true,
    });
    expect(fresh.status).toBe("ok");
  });

  it("deletes a user", async () => {
    const user = await app.createUser({ primaryEmail: "delete-me@example.com" });
    await user.delete();
    expect(await app.getUser(user.id)).toBeNull();
  });
});
