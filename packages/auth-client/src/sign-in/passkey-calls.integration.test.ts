/**
 * Passkeys through the client library against the real auth server, with the browser's ceremonies
 * played by a software authenticator (the real `navigator.credentials` path runs in
 * passkey.browser.test.ts): the placeholder RP id is replaced, results and errors come back as
 * `AuthResult`s, and a session is stored after sign-in.
 */
import { randomBytes } from "node:crypto";
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { createSoftwareAuthenticator } from "@heritage/auth-server/testing/software-authenticator";
import type { RegistrationResponseJSON } from "@simplewebauthn/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppOptions, createAppCore } from "../app-core";
import { createClientApp } from "../client-app";
import { AuthProtocolError } from "../errors";
import { createMemoryTokenStore } from "../token-stores/memory";
import { getMfaAttemptCode } from "./mfa-calls";
import { createPasskeyCalls, type PasskeyCeremonies } from "./passkey-calls";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const origin = "http://localhost:4321";

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    displayName: "Heritage",
    config: { auth: { passkey: { allowSignIn: true } } },
  });
});
afterAll(async () => {
  await api?.close();
});

function appOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  return {
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
    ...overrides,
  };
}

type Authenticator = ReturnType<typeof createSoftwareAuthenticator>;

/** Ceremonies answered by a software authenticator at `origin`, recording the RP ids it was given. */
function softwareCeremonies(authenticator: Authenticator, rpIds: string[]): PasskeyCeremonies {
  return {
    async create(options) {
      rpIds.push(options.rp.id ?? "");
      return authenticator.register(options, origin) as unknown as RegistrationResponseJSON;
    },
    async get(options) {
      rpIds.push(options.rpId ?? "");
      return authenticator.authenticate(options, origin) as never;
    },
  };
}

/** A client app plus passkey calls over its core, with the given ceremonies. */
function passkeyClient(ceremonies: PasskeyCeremonies, overrides: Partial<AppOptions> = {}) {
  // One token store under both, so the app sees the session the passkey calls store.
  const options = appOptions({ tokenStore: createMemoryTokenStore(), ...overrides });
  const core = createAppCore(options, { accessType: "client", defaultTokenStore: "memory" });
  const app = createClientApp(options);
  return { app, core, ...createPasskeyCalls(core, ceremonies) };
}

async function signedUp(client: ReturnType<typeof passkeyClient>, email: string) {
  const result = await client.app.signUpWithCredential({ email, password: "password 1234" });
  expect(result.status).toBe("ok");
}

describe("registerPasskey and signInWithPasskey", () => {
  it("registers a passkey for the page's host and signs in with it", async () => {
    const authenticator = createSoftwareAuthenticator();
    const rpIds: string[] = [];
    const owner = passkeyClient(softwareCeremonies(authenticator, rpIds));
    await signedUp(owner, "passkey@example.org");
    expect(await owner.registerPasskey({ hostname: "localhost" })).toEqual({
      status: "ok",
      data: undefined,
    });
    expect((await owner.app.getUser())?.passkeyAuthEnabled).toBe(true);

    const visitor = passkeyClient(softwareCeremonies(authenticator, rpIds));
    const result = await visitor.signInWithPasskey({ hostname: "localhost" });
    expect(result).toEqual({
      status: "ok",
      data: { userId: expect.any(String), isNewUser: false },
    });
    expect((await visitor.app.getUser())?.primaryEmail).toBe("passkey@example.org");
    expect(rpIds).toEqual(["localhost", "localhost"]);
  });

  it("returns PASSKEY_WEBAUTHN_ERROR when the browser refuses, and registers nothing", async () => {
    const refusal = Object.assign(new Error("The operation either timed out or was not allowed."), {
      name: "NotAllowedError",
    });
    const refusing: PasskeyCeremonies = {
      create: () => Promise.reject(refusal),
      get: () => Promise.reject(refusal),
    };
    const client = passkeyClient(refusing);
    await signedUp(client, "refused@example.org");
    const registered = await client.registerPasskey({ hostname: "localhost" });
    expect(registered.status === "error" && registered.error.code).toBe("PASSKEY_WEBAUTHN_ERROR");
    expect(registered.status === "error" && registered.error.details).toEqual({
      message: "The operation either timed out or was not allowed.",
      code: "NotAllowedError",
    });
    expect((await client.app.getUser())?.passkeyAuthEnabled).toBe(false);
    const signedIn = await passkeyClient(refusing).signInWithPasskey({ hostname: "localhost" });
    expect(signedIn.status === "error" && signedIn.error.code).toBe("PASSKEY_WEBAUTHN_ERROR");
  });

  it("returns the server's errors as results (unknown passkey, MFA required)", async () => {
    const stranger = passkeyClient(softwareCeremonies(createSoftwareAuthenticator(), []));
    const unknown = await stranger.signInWithPasskey({ hostname: "localhost" });
    expect(
      unknown.status === "error" && isKnownError(unknown.error, "PASSKEY_AUTHENTICATION_FAILED"),
    ).toBe(true);
    expect(await stranger.app.getUser()).toBeNull();

    const authenticator = createSoftwareAuthenticator();
    const owner = passkeyClient(softwareCeremonies(authenticator, []));
    await signedUp(owner, "passkey-mfa@example.org");
    expect((await owner.registerPasskey({ hostname: "localhost" })).status).toBe("ok");
    await owner.app.enableTotpMfa(randomBytes(20).toString("base64"));
    const visitor = passkeyClient(softwareCeremonies(authenticator, []));
    const result = await visitor.signInWithPasskey({ hostname: "localhost" });
    expect(result.status === "error" && getMfaAttemptCode(result.error)).toMatch(/^[a-z0-9]{45}$/);
    expect(await visitor.app.getUser()).toBeNull();
  });

  it("needs a host name outside a browser", async () => {
    const client = passkeyClient(softwareCeremonies(createSoftwareAuthenticator(), []));
    await expect(client.signInWithPasskey()).rejects.toThrow(/host name/);
  });

  it("refuses a WebAuthn user id over 64 bytes before the browser sees it", async () => {
    const created: unknown[] = [];
    const ceremonies: PasskeyCeremonies = {
      create: async (options) => {
        created.push(options);
        throw new Error("not reached");
      },
      get: async () => {
        throw new Error("not reached");
      },
    };
    // A server that hands out a 65-byte user id.
    const fetchWithLongUserId: AppOptions["fetch"] = async (url, init) => {
      const response = await api.app.request(url, init);
      if (!url.endsWith("/initiate-passkey-registration")) return response;
      const body = (await response.json()) as { options_json: { user: { id: string } } };
      body.options_json.user.id = Buffer.alloc(65, 1).toString("base64url");
      return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
    };
    const client = passkeyClient(ceremonies, { fetch: fetchWithLongUserId });
    await signedUp(client, "long-id@example.org");
    await expect(client.registerPasskey({ hostname: "localhost" })).rejects.toBeInstanceOf(
      AuthProtocolError,
    );
    expect(created).toEqual([]);
  });
});
