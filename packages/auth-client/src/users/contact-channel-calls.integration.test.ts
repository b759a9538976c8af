/**
 * Managing the signed-in user's e-mail addresses through the client library against the real auth
 * server (`@heritage/auth-server/testing`), with verification codes read from the outbox.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const callbackUrl = "http://localhost:3000/handler/email-verification";

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Heritage" });
});
afterAll(async () => {
  await api?.close();
});

function newClientApp() {
  return createClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  });
}

async function signedUp(email: string) {
  const app = newClientApp();
  const result = await app.signUpWithCredential({ email, password: "first password" });
  expect(result.status).toBe("ok");
  return app;
}

describe("contact channels of the signed-in user", () => {
  it("adds, verifies, makes primary and deletes an address", async () => {
    const app = await signedUp("first@example.org");
    const added = await app.createContactChannel({
      value: "second@example.org",
      usedForAuth: false,
    });
    if (added.status !== "ok") throw new Error("adding failed");
    expect(added.data).toMatchObject({
      value: "second@example.org",
      isPrimary: false,
      isVerified: false,
      usedForAuth: false,
    });

    const sent = await app.sendContactChannelVerificationEmail(added.data.id, { callbackUrl });
    expect(sent.status).toBe("ok");
    const code = await api.readCodeFromOutbox("second@example.org", "Verify your email");
    expect((await app.verifyEmail(code)).status).toBe("ok");

    const primary = await app.updateContactChannel(added.data.id, { isPrimary: true });
    expect(primary.status === "ok" && primary.data.isPrimary).toBe(true);
    expect((await app.getUser())?.primaryEmail).toBe("second@example.org");

    const [old] = (await app.listContactChannels()).filter((c) => c.value === "first@example.org");
    if (!old) throw new Error("the first address is gone");
    expect(old.isPrimary).toBe(false);
    expect((await app.deleteContactChannel(old.id)).status).toBe("ok");
    expect((await app.listContactChannels()).map((c) => c.value)).toEqual(["second@example.org"]);
  });

  it("returns the server's errors as results and changes nothing", async () => {
    const app = await signedUp("taken@example.org");
    const other = await signedUp("someone@example.org");
    const taken = await other.createContactChannel({
      value: "taken@example.org",
      usedForAuth: true,
    });
    expect(taken.status === "error" && taken.error.code).toBe(
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    );
    expect((await other.listContactChannels()).map((c) => c.value)).toEqual([
      "someone@example.org",
    ]);
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(app.deleteContactChannel(missing)).rejects.toThrow();
    expect((await app.listContactChannels()).length).toBe(1);
  });
});
