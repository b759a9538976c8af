import { isKnownError } from "@heritage/auth-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokenVerifier } from "./access-token-verifier";
import { createTestAuthApi, type TestAuthApi } from "./testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

describe("createAccessTokenVerifier (happy)", () => {
  it("verifies a user's token in-process", async () => {
    const user = await t.signUpUser();
    const verifier = createAccessTokenVerifier(t.db, { baseUrl: t.baseUrl, clock: t.clock });
    const result = await verifier.verify(user.accessToken, { projectId: "internal" });
    expect(result).toMatchObject({
      userId: user.userId,
      projectId: "internal",
      claims: { email: user.email },
    });
  });
});

describe("createAccessTokenVerifier (security)", () => {
  it("returns the known error for expired, foreign, malformed and anonymous tokens", async () => {
    const verifier = createAccessTokenVerifier(t.db, { baseUrl: t.baseUrl, clock: t.clock });
    const user = await t.signUpUser();
    const code = async (token: string, projectId = "internal") => {
      const result = await verifier.verify(token, { projectId });
      return isKnownError(result) ? result.code : "ok";
    };
    expect(await code(user.accessToken, "site")).toBe("INVALID_PROJECT_FOR_ACCESS_TOKEN");
    expect(await code("nonsense")).toBe("UNPARSABLE_ACCESS_TOKEN");
    const otherIssuer = createAccessTokenVerifier(t.db, {
      baseUrl: "https://elsewhere.example",
      clock: t.clock,
    });
    const foreign = await otherIssuer.verify(user.accessToken, { projectId: "internal" });
    expect(isKnownError(foreign) && foreign.code).toBe("UNPARSABLE_ACCESS_TOKEN");
    const anonymous = (await (
      await t.request("/users", { accessType: "server", body: { is_anonymous: true } })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: anonymous.id } })
    ).json()) as { access_token: string };
    expect(await code(session.access_token)).toBe("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    t.clock.advance(11 * 60 * 1000);
    expect(await code(user.accessToken)).toBe("ACCESS_TOKEN_EXPIRED");
  });
});

describe("createAccessTokenVerifier (requireLiveSession)", () => {
  it("refuses a still-unexpired token once its session is gone", async () => {
    const verifier = createAccessTokenVerifier(t.db, { baseUrl: t.baseUrl, clock: t.clock });
    const user = await t.signUpUser();
    const live = { projectId: "internal", requireLiveSession: true };
    await expect(verifier.verify(user.accessToken, live)).resolves.toMatchObject({
      userId: user.userId,
    });

    const signOut = await t.request("/auth/sessions/current", {
      method: "DELETE",
      accessType: "client",
      accessToken: user.accessToken,
    });
    expect(signOut.status).toBe(200);
    const afterSignOut = await verifier.verify(user.accessToken, live);
    expect(isKnownError(afterSignOut) && afterSignOut.code).toBe(
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    );
    // Without the option the token stays valid until it expires (contract §1.3).
    await expect(
      verifier.verify(user.accessToken, { projectId: "internal" }),
    ).resolves.toMatchObject({ userId: user.userId });
  });

  it("refuses the token of a deleted user", async () => {
    const verifier = createAccessTokenVerifier(t.db, { baseUrl: t.baseUrl, clock: t.clock });
    const user = await t.signUpUser();
    const removed = await t.request(`/users/${user.userId}`, {
      method: "DELETE",
      accessType: "server",
    });
    expect(removed.status).toBe(200);
    const result = await verifier.verify(user.accessToken, {
      projectId: "internal",
      requireLiveSession: true,
    });
    expect(isKnownError(result) && result.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
