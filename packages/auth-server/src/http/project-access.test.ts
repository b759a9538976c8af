/**
 * Request authentication (contract §1.3) through the real pipeline, using the probe `GET /api/v1`
 * and `GET /users/me` as targets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectKeySet, revokeProjectKeySet } from "../services/projects/project-keys";
import { defaultIdGenerators } from "../services/secrets/secrets";
import { expectKnownError, expectTextError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../testing/test-auth-api";

let t: TestAuthApi;
let production: TestAuthApi;
let admin: TestUser;
let adminTeamId: string;
let ownedProject: { id: string; keys: Awaited<ReturnType<TestAuthApi["createProject"]>>["keys"] };

async function probeText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return (await response.text()).split("\n\n")[1] ?? "";
}

beforeAll(async () => {
  t = await createTestAuthApi();
  production = await createTestAuthApi({ isDevelopment: false });
  admin = await t.signUpUser("internal");
  const me = (await (
    await t.request("/users/me", { accessType: "client", accessToken: admin.accessToken })
  ).json()) as { selected_team_id: string };
  adminTeamId = me.selected_team_id;
  ownedProject = await t.createProject({ displayName: "Owned", ownerTeamId: adminTeamId });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

describe("project access (happy)", () => {
  it("treats a request without access type as anonymous", async () => {
    expect(await probeText(await t.request(""))).toBe("Authentication: None");
  });

  it("accepts each access type with its key", async () => {
    for (const [accessType, label] of [
      ["client", "Client"],
      ["server", "Server"],
      ["admin", "Admin"],
    ] as const) {
      const text = await probeText(await t.request("", { accessType }));
      expect(text).toBe(`Authentication: ${label}\n  Project: internal\n  User: None`);
    }
  });

  it("accepts client access without a key, and the public-client sentinel as no key", async () => {
    expect(await probeText(await t.request("", { accessType: "client", keys: null }))).toContain(
      "Client",
    );
    const sentinel = await t.request("", {
      accessType: "client",
      keys: { publishableClientKey: "__stack_public_client__" },
    });
    expect(await probeText(sentinel)).toContain("Client");
  });

  it("reads the x-hexclave-* spelling first and treats empty values as absent", async () => {
    const hexclave = await t.request("", { accessType: "server", spelling: "hexclave" });
    expect(await probeText(hexclave)).toContain("Server");
    const emptyHexclave = await t.request("", {
      accessType: "server",
      headers: { "x-hexclave-secret-server-key": "" },
    });
    expect(await probeText(emptyHexclave)).toContain("Server");
  });

  it("ignores keys of other access types", async () => {
    const response = await t.request("", {
      accessType: "server",
      keys: {
        publishableClientKey: "wrong",
        secretServerKey: t.internalProject.keys.secretServerKey,
        superSecretAdminKey: "wrong",
      },
    });
    expect(await probeText(response)).toContain("Server");
  });

  it("resolves the user of the access token", async () => {
    const response = await t.request("", { accessType: "client", accessToken: admin.accessToken });
    expect(await probeText(response)).toContain(`User: ${admin.email}`);
  });

  it("serves /api/latest like /api/v1", async () => {
    const response = await t.request("/api/latest", { accessType: "client" });
    expect(await probeText(response)).toContain("Client");
  });

  it("lets an internal user administer a project their team owns (admin access token)", async () => {
    const response = await t.request("", {
      accessType: "admin",
      projectId: ownedProject.id,
      keys: null,
      adminAccessToken: admin.accessToken,
    });
    expect(await probeText(response)).toContain(`Admin\n  Project: ${ownedProject.id}`);
  });

  it("accepts the development override key in development", async () => {
    const response = await t.request("", {
      accessType: "admin",
      projectId: ownedProject.id,
      keys: null,
      headers: { "x-stack-development-override-key": t.internalProject.keys.superSecretAdminKey },
    });
    expect(await probeText(response)).toContain("Admin");
  });
});

describe("project access (error)", () => {
  it("rejects keys without an access type", async () => {
    const response = await t.request("", {
      headers: { "x-stack-publishable-client-key": t.internalProject.keys.publishableClientKey },
    });
    await expectKnownError(response, "PROJECT_KEY_WITHOUT_ACCESS_TYPE", 400);
  });

  it("requires an access type on endpoints that need one", async () => {
    await expectKnownError(await t.request("/users/me"), "ACCESS_TYPE_REQUIRED", 400);
  });

  it("rejects an unknown access type and a missing project id", async () => {
    const invalid = await t.request("", { headers: { "x-stack-access-type": "root" } });
    const body = await expectKnownError(invalid, "INVALID_ACCESS_TYPE", 400);
    expect(body.error).toBe(
      "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'root'.",
    );
    const noProject = await t.request("", { headers: { "x-stack-access-type": "server" } });
    const details = await expectKnownError(noProject, "ACCESS_TYPE_WITHOUT_PROJECT_ID", 400);
    expect(details.details).toEqual({ request_type: "server" });
  });

  it("rejects an unknown project", async () => {
    const response = await t.request("", { accessType: "client", projectId: "nope", keys: null });
    const body = await expectKnownError(response, "CURRENT_PROJECT_NOT_FOUND", 400);
    expect(body.details).toEqual({ project_id: "nope" });
  });

  it("rejects wrong, missing, revoked and expired keys", async () => {
    const wrong = { publishableClientKey: "x", secretServerKey: "x", superSecretAdminKey: "x" };
    await expectKnownError(
      await t.request("", { accessType: "client", keys: wrong }),
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      401,
    );
    await expectKnownError(
      await t.request("", { accessType: "server", keys: wrong }),
      "INVALID_SECRET_SERVER_KEY",
      401,
    );
    await expectKnownError(
      await t.request("", { accessType: "admin", keys: wrong }),
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      401,
    );
    await expectKnownError(
      await t.request("", { accessType: "server", keys: null }),
      "SERVER_AUTHENTICATION_REQUIRED",
      401,
    );
    await expectKnownError(
      await t.request("", { accessType: "admin", keys: null }),
      "ADMIN_AUTHENTICATION_REQUIRED",
      401,
    );

    const revoked = await createProjectKeySet(t.db, defaultIdGenerators, {
      projectId: ownedProject.id,
      keys: { secretServerKey: true },
    });
    // Written past the API: wait until its project cache has heard of each change.
    await t.api.projects.catchUp();
    const revokedKeys = { secretServerKey: revoked.keys.secretServerKey ?? "" };
    expect(
      (await t.request("", { accessType: "server", projectId: ownedProject.id, keys: revokedKeys }))
        .status,
    ).toBe(200);
    await revokeProjectKeySet(t.db, ownedProject.id, revoked.id, t.clock());
    await t.api.projects.catchUp();
    await expectKnownError(
      await t.request("", { accessType: "server", projectId: ownedProject.id, keys: revokedKeys }),
      "INVALID_SECRET_SERVER_KEY",
      401,
    );

    const expiring = await createProjectKeySet(t.db, defaultIdGenerators, {
      projectId: ownedProject.id,
      expiresAt: new Date(t.clock().getTime() + 60_000),
      keys: { publishableClientKey: true },
    });
    await t.api.projects.catchUp();
    const expiringKeys = { publishableClientKey: expiring.keys.publishableClientKey ?? "" };
    const request = () =>
      t.request("", { accessType: "client", projectId: ownedProject.id, keys: expiringKeys });
    expect((await request()).status).toBe(200);
    t.clock.advance(61_000);
    await expectKnownError(await request(), "INVALID_PUBLISHABLE_CLIENT_KEY", 401);
  });

  it("does not accept one project's keys for another project", async () => {
    const response = await t.request("", {
      accessType: "server",
      projectId: ownedProject.id,
      keys: { secretServerKey: t.internalProject.keys.secretServerKey },
    });
    await expectKnownError(response, "INVALID_SECRET_SERVER_KEY", 401);
  });

  it("requires a publishable key when the project says so", async () => {
    const strict = await t.createProject({
      config: { project: { requirePublishableClientKey: true } },
    });
    const response = await t.request("", {
      accessType: "client",
      projectId: strict.id,
      keys: null,
    });
    await expectKnownError(response, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", 401);
    const withKey = await t.request("", { accessType: "client", projectId: strict.id });
    expect(withKey.status).toBe(200);
  });

  it("rejects a branch other than main", async () => {
    const response = await t.request("", {
      accessType: "client",
      headers: { "x-stack-branch-id": "dev" },
    });
    const body = await expectKnownError(response, "BRANCH_DOES_NOT_EXIST", 400);
    expect(body.details).toEqual({ branch_id: "dev" });
  });

  it("names the allowed access types when the access type is insufficient", async () => {
    const body = await expectKnownError(
      await t.request("/users", { accessType: "client" }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    expect(body.error).toBe(
      "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    );
    expect(body.details).toEqual({
      actual_access_type: "client",
      allowed_access_types: ["server", "admin"],
    });
  });
});

describe("access tokens (security)", () => {
  it("rejects garbage and tampered tokens as unparsable, on every endpoint", async () => {
    await expectKnownError(
      await t.request("", { accessType: "client", accessToken: "not-a-jwt" }),
      "UNPARSABLE_ACCESS_TOKEN",
      401,
    );
    // The genuine token is verified first, so the process remembers it (by its signature).
    expect(
      (await t.request("/users/me", { accessType: "client", accessToken: admin.accessToken }))
        .status,
    ).toBe(200);
    const [header, payload, signature] = admin.accessToken.split(".");
    // Another payload under the remembered signature is checked in full, and refused.
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
        sub: "00000000-0000-4000-8000-000000000000",
      }),
    ).toString("base64url");
    await expectKnownError(
      await t.request("", {
        accessType: "client",
        accessToken: `${header}.${forgedPayload}.${signature}`,
      }),
      "UNPARSABLE_ACCESS_TOKEN",
      401,
    );
    // The same header and payload with another signature are checked in full too, and refused;
    // the genuine token is still answered.
    const otherSignature = `${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    await expectKnownError(
      await t.request("/users/me", {
        accessType: "client",
        accessToken: `${header}.${payload}.${otherSignature}`,
      }),
      "UNPARSABLE_ACCESS_TOKEN",
      401,
    );
    expect(
      (await t.request("/users/me", { accessType: "client", accessToken: admin.accessToken }))
        .status,
    ).toBe(200);
  });

  it("rejects an expired token with its details (clock moved, no sleeping)", async () => {
    const user = await t.signUpUser();
    // Verified once while valid: the process remembers it (issue 15), but not past its expiry.
    const valid = await t.request("/users/me", {
      accessType: "client",
      accessToken: user.accessToken,
    });
    expect(valid.status).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    const response = await t.request("/users/me", {
      accessType: "client",
      accessToken: user.accessToken,
    });
    const body = await expectKnownError(response, "ACCESS_TOKEN_EXPIRED", 401);
    expect(body.details).toMatchObject({
      project_id: "internal",
      user_id: user.userId,
      refresh_token_id: expect.any(String),
      expired_at_millis: expect.any(Number),
    });
  });

  it("rejects a token of another project", async () => {
    const other = await t.createProject();
    const user = await t.signUpUser(other.id);
    const response = await t.request("", { accessType: "client", accessToken: user.accessToken });
    const body = await expectKnownError(response, "INVALID_PROJECT_FOR_ACCESS_TOKEN", 401);
    expect(body.details).toEqual({ expected_project_id: "internal", actual_project_id: other.id });
  });

  it("rejects a token signed by another installation's keys", async () => {
    const user = await production.signUpUser();
    await expectKnownError(
      await t.request("", { accessType: "client", accessToken: user.accessToken }),
      "UNPARSABLE_ACCESS_TOKEN",
      401,
    );
  });

  it("accepts anonymous and restricted users' tokens only with the allow headers", async () => {
    const anonymous = (await (
      await t.request("/users", { accessType: "server", body: { is_anonymous: true } })
    ).json()) as { id: string };
    const anonymousSession = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: anonymous.id } })
    ).json()) as { access_token: string };
    const anonymousRequest = (headers: Record<string, string> = {}) =>
      t.request("", {
        accessType: "client",
        accessToken: anonymousSession.access_token,
        headers,
      });
    await expectKnownError(await anonymousRequest(), "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", 401);
    expect((await anonymousRequest({ "x-stack-allow-anonymous-user": "true" })).status).toBe(200);

    const restricted = await t.signUpUser();
    await t.request(`/users/${restricted.userId}`, {
      method: "PATCH",
      accessType: "server",
      body: { restricted_by_admin: true },
    });
    const session = (await (
      await t.request("/auth/sessions", {
        accessType: "server",
        body: { user_id: restricted.userId },
      })
    ).json()) as { access_token: string };
    const restrictedRequest = (headers: Record<string, string> = {}) =>
      t.request("", { accessType: "client", accessToken: session.access_token, headers });
    const body = await expectKnownError(
      await restrictedRequest(),
      "RESTRICTED_USER_NOT_ALLOWED",
      403,
    );
    expect(body.details).toEqual({ restricted_reason: { type: "restricted_by_administrator" } });
    expect((await restrictedRequest({ "x-stack-allow-restricted-user": "true" })).status).toBe(200);
    expect((await restrictedRequest({ "x-stack-allow-anonymous-user": "true" })).status).toBe(200);
  });

  it("continues without a user when the token's user was deleted", async () => {
    const user = await t.signUpUser();
    await t.request(`/users/${user.userId}`, { method: "DELETE", accessType: "server" });
    const response = await t.request("/users/me", {
      accessType: "client",
      accessToken: user.accessToken,
    });
    await expectKnownError(response, "CANNOT_GET_OWN_USER_WITHOUT_USER", 400);
  });
});

describe("admin access tokens (security)", () => {
  const adminRequest = (adminAccessToken: string, projectId = ownedProject.id) =>
    t.request("", { accessType: "admin", projectId, keys: null, adminAccessToken });

  it("rejects unparsable and expired admin access tokens", async () => {
    await expectKnownError(await adminRequest("garbage"), "UNPARSABLE_ADMIN_ACCESS_TOKEN", 401);
    const user = await t.signUpUser();
    t.clock.advance(11 * 60 * 1000);
    const body = await expectKnownError(
      await adminRequest(user.accessToken),
      "ADMIN_ACCESS_TOKEN_EXPIRED",
      401,
    );
    expect(body.details).toEqual({ expired_at_millis: expect.any(Number) });
  });

  it("rejects tokens of other projects and of users outside the owner team", async () => {
    const other = await t.createProject();
    const outsider = await t.signUpUser(other.id);
    await expectKnownError(
      await adminRequest(outsider.accessToken),
      "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      401,
    );
    const internalOutsider = await t.signUpUser("internal");
    await expectKnownError(
      await adminRequest(internalOutsider.accessToken),
      "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      401,
    );
  });

  it("rejects the token of a deleted user", async () => {
    const doomed = await t.signUpUser("internal");
    const team = (await (
      await t.request("/users/me", { accessType: "client", accessToken: doomed.accessToken })
    ).json()) as { selected_team_id: string };
    const project = await t.createProject({ ownerTeamId: team.selected_team_id });
    expect((await adminRequest(doomed.accessToken, project.id)).status).toBe(200);
    await t.request(`/users/${doomed.userId}`, { method: "DELETE", accessType: "server" });
    await expectTextError(
      await adminRequest(doomed.accessToken, project.id),
      401,
      "The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.",
    );
  });

  it("allows the development override key only in development, and only the right key", async () => {
    const headers = { "x-stack-development-override-key": "wrong" };
    await expectTextError(
      await t.request("", { accessType: "admin", keys: null, headers }),
      401,
      "Invalid development key override",
    );
    await expectTextError(
      await production.request("", {
        accessType: "admin",
        keys: null,
        headers: {
          "x-stack-development-override-key": production.internalProject.keys.superSecretAdminKey,
        },
      }),
      401,
      "Development key override is only allowed in development or test environments",
    );
  });
});
