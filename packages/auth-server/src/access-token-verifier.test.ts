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
