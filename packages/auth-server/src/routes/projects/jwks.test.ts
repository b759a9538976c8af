/**
 * Access tokens and their keys (contract §1.5): exactly the 18 claims, ES256 with a kid published in
 * the JWKS, an active and a next key pair per audience (two keys each, as the reference publishes),
 * rotation that signs with the already published next key and keeps old keys published until
 * their tokens expire; plus `GET /projects/current` (§1.9).
 */
import { accessTokenClaimsSchema, clientProjectSchema } from "@heritage/auth-protocol";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateSigningKeys } from "../../keys/signing-keys";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

async function fetchJwks(projectId: string, query = "") {
  const response = await t.request(`/projects/${projectId}/.well-known/jwks.json${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { keys: { kid: string; kty: string; alg: string }[] };
}

describe("access tokens (happy)", () => {
  it("carry exactly the 18 claims and verify against the project's JWKS", async () => {
    // An hour ahead of the wall clock, so that `iat` shows whose clock the token was issued by.
    t.clock.advance(3_600_000);
    const user = await t.signUpUser();
    const jwks = await fetchJwks("internal");
    const { payload, protectedHeader } = await jwtVerify(
      user.accessToken,
      createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
      {
        issuer: `${t.baseUrl}/api/v1/projects/internal`,
        audience: "internal",
        currentDate: t.clock(),
      },
    );
    expect(protectedHeader).toEqual({ alg: "ES256", kid: expect.any(String) });
    const claims = accessTokenClaimsSchema.parse(payload);
    expect(Object.keys(payload)).toHaveLength(18);
    expect(claims).toMatchObject({
      sub: user.userId,
      project_id: "internal",
      branch_id: "main",
      role: "authenticated",
      email: user.email,
      email_verified: false,
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
      name: null,
    });
    expect(claims.exp - claims.iat).toBe(600);
    // Issued at the server's clock (a test clock here), not the wall clock of the signer.
    expect(claims.iat).toBe(Math.floor(t.clock().getTime() / 1000));
    expect(claims.selected_team_id).toEqual(expect.any(String));
  });

  it("uses separate keys for anonymous users, published on request", async () => {
    const anonymous = (await (
      await t.request("/users", { accessType: "server", body: { is_anonymous: true } })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: anonymous.id } })
    ).json()) as { access_token: string };
    const { kid } = decodeProtectedHeader(session.access_token);
    const normal = await fetchJwks("internal");
    expect(normal.keys.map((key) => key.kid)).not.toContain(kid);
    expect(normal.keys).toHaveLength(2);
    const withRestricted = await fetchJwks("internal", "?include_restricted=true");
    expect(withRestricted.keys).toHaveLength(4);
    const all = await fetchJwks("internal", "?include_anonymous=true");
    expect(all.keys.map((key) => key.kid)).toContain(kid);
    expect(all.keys).toHaveLength(6);
    expect(new Set(all.keys.map((key) => key.kid)).size).toBe(6);
    const { payload } = await jwtVerify(
      session.access_token,
      createLocalJWKSet(all as Parameters<typeof createLocalJWKSet>[0]),
      { currentDate: t.clock() },
    );
    expect(payload).toMatchObject({
      aud: "internal:anon",
      iss: `${t.baseUrl}/api/v1/projects-anonymous-users/internal`,
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: "anonymous" },
    });
  });

  it("rotates keys: old tokens keep verifying, the old key leaves the JWKS after they expire", async () => {
    const before = await t.signUpUser();
    const oldKid = decodeProtectedHeader(before.accessToken).kid;
    const published = (await fetchJwks("internal")).keys.map((key) => key.kid);
    expect(published).toHaveLength(2);
    const nextKid = published.find((kid) => kid !== oldKid);
    await rotateSigningKeys(t.db, t.secrets, t.clock());
    // Processes re-read the active keys at most 60 s after a rotation.
    t.clock.advance(61_000);
    const jwks = await fetchJwks("internal");
    expect(jwks.keys.map((key) => key.kid)).toContain(oldKid);
    expect(jwks.keys).toHaveLength(3);
    const me = await t.request("/users/me", {
      accessType: "client",
      accessToken: before.accessToken,
    });
    expect(me.status).toBe(200);
    const after = await t.signUpUser();
    const newKid = decodeProtectedHeader(after.accessToken).kid;
    // The new tokens are signed with the key a verifier's cached key set already had.
    expect(newKid).toBe(nextKid);
    expect(jwks.keys.map((key) => key.kid)).toContain(newKid);
    t.clock.advance(11 * 60 * 1000);
    const later = await fetchJwks("internal");
    expect(later.keys.map((key) => key.kid)).not.toContain(oldKid);
    expect(later.keys).toHaveLength(2);
  });
});

describe("JWKS (error)", () => {
  it("answers an unknown project with a plain 404 and sets a public cache header otherwise", async () => {
    await expectTextError(
      await t.request("/projects/no-such-project/.well-known/jwks.json"),
      404,
      "Project not found",
    );
    const response = await t.request("/projects/internal/.well-known/jwks.json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    await expectKnownError(
      await t.request("/projects/internal/.well-known/jwks.json?x=1"),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("redirects the anonymous-users path with 307", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await t.request("/projects-anonymous-users/internal/.well-known/jwks.json", {
        method,
      });
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe(
        "/api/v1/projects/internal/.well-known/jwks.json?include_anonymous=true",
      );
    }
  });
});

describe("GET /projects/current (happy)", () => {
  it("returns the client project object of the internal project", async () => {
    const response = await t.request("/projects/current", {
      accessType: "client",
      spelling: "hexclave",
    });
    expect(clientProjectSchema.parse(await response.json())).toEqual({
      id: "internal",
      display_name: "Stack Dashboard",
      config: {
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: false,
        passkey_enabled: false,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: false,
        allow_user_api_keys: false,
        allow_team_api_keys: false,
        allow_localhost: true,
        enabled_oauth_providers: [],
        domains: [],
      },
    });
    // The reference's own dialect has no allow_localhost in the client project (SDK 2.8.108 reads it).
    const asStack = await t.request("/projects/current", { accessType: "client" });
    expect(((await asStack.json()) as { config: object }).config).not.toHaveProperty(
      "allow_localhost",
    );
  });

  it("lists trusted domains sorted", async () => {
    const project = await t.createProject({
      config: {
        domains: {
          trustedDomains: {
            b: { baseUrl: "https://b.example.com", handlerPath: "/handler" },
            a: { baseUrl: "https://a.example.com", handlerPath: "/auth" },
          },
        },
      },
    });
    const response = await t.request("/projects/current", {
      accessType: "client",
      projectId: project.id,
      spelling: "hexclave",
    });
    const body = clientProjectSchema.parse(await response.json());
    expect(body.config.domains).toEqual([
      { domain: "https://a.example.com", handler_path: "/auth" },
      { domain: "https://b.example.com", handler_path: "/handler" },
    ]);
  });
});

describe("GET /projects/current (error)", () => {
  it("needs an access type", async () => {
    await expectKnownError(await t.request("/projects/current"), "ACCESS_TYPE_REQUIRED", 400);
  });
});
