/**
 * Passkeys (contract §2.15): registration and sign-in through the four endpoints, answered by a
 * software authenticator; the origin checks, challenge codes, stored credential and MFA after a
 * passkey. The same flow in a real browser: passkey.browser.test.ts.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyCredentials, projects } from "../../db/schema";
import { generateTotpCode } from "../../services/credentials/totp";
import { mergeProjectConfig } from "../../services/projects/project-config";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
} from "../../testing/software-authenticator";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

const origin = "http://localhost:5173";
const sentinel = "THIS_VALUE_WILL_BE_REPLACED.example.com";

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Passkey Project",
      config: { auth: { passkey: { allowSignIn: true } } },
    })
  ).id;
});
afterAll(() => t.close());

interface Initiated {
  options_json: { challenge: string } & Record<string, unknown>;
  code: string;
}

function post(path: string, body: unknown, options: { user?: TestUser; project?: string } = {}) {
  return t.request(`/auth/passkey${path}`, {
    accessType: "client",
    projectId: options.project ?? projectId,
    body,
    ...(options.user ? { accessToken: options.user.accessToken } : {}),
  });
}

async function initiate(path: string, user?: TestUser): Promise<Initiated> {
  const response = await post(path, {}, user ? { user } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as Initiated;
}

async function registerPasskey(user: TestUser, authenticator: SoftwareAuthenticator) {
  const { options_json, code } = await initiate("/initiate-passkey-registration", user);
  const response = await post(
    "/register",
    { credential: authenticator.register(options_json, origin), code },
    { user },
  );
  expect(response.status).toBe(200);
  return response;
}

async function countPasskeys(): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(passkeyCredentials);
  return row?.value ?? 0;
}

async function readMe(user: { accessToken: string }) {
  const response = await t.request("/users/me", {
    accessType: "client",
    projectId,
    accessToken: user.accessToken,
  });
  return (await response.json()) as Record<string, unknown>;
}

async function setPasskeysEnabled(enabled: boolean): Promise<void> {
  const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  await t.db
    .update(projects)
    .set({
      config: mergeProjectConfig(row?.config, { auth: { passkey: { allowSignIn: enabled } } }),
    })
    .where(eq(projects.id, projectId));
  // Written past the API: wait until its project cache has heard of the change.
  await t.api.projects.catchUp();
}

describe("registration (happy)", () => {
  it("offers the contract's registration options", async () => {
    const user = await t.signUpUser(projectId);
    const { options_json, code } = await initiate("/initiate-passkey-registration", user);
    expect(code).toMatch(/^[a-z0-9]{45}$/);
    expect(options_json).toEqual({
      rp: { id: sentinel, name: "Passkey Project" },
      user: {
        id: Buffer.from(user.userId, "utf8").toString("base64url"),
        name: user.email,
        displayName: user.email,
      },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      pubKeyCredParams: [
        { alg: -8, type: "public-key" },
        { alg: -7, type: "public-key" },
        { alg: -257, type: "public-key" },
      ],
      timeout: 60000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: "required",
        userVerification: "preferred",
        requireResidentKey: true,
      },
      extensions: { credProps: true },
    });
  });

  it("stores the passkey and reports passkey_auth_enabled to client and server", async () => {
    const user = await t.signUpUser(projectId);
    expect(await readMe(user)).toMatchObject({ passkey_auth_enabled: false });
    const authenticator = createSoftwareAuthenticator();
    const response = await registerPasskey(user, authenticator);
    expect(await response.json()).toEqual({ user_handle: authenticator.credentialId });
    expect(await readMe(user)).toMatchObject({ passkey_auth_enabled: true });
    const server = await t.request(`/users/${user.userId}`, { accessType: "server", projectId });
    expect(await server.json()).toMatchObject({ passkey_auth_enabled: true });
  });

  it("replaces the user's passkey with a new registration", async () => {
    const user = await t.signUpUser(projectId);
    const first = createSoftwareAuthenticator();
    const second = createSoftwareAuthenticator();
    await registerPasskey(user, first);
    await registerPasskey(user, second);
    const rows = await t.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, user.userId));
    expect(rows.map((row) => row.credentialId)).toEqual([second.credentialId]);
    const { options_json, code } = await initiate("/initiate-passkey-authentication");
    const body = await expectKnownError(
      await post("/sign-in", {
        authentication_response: first.authenticate(options_json, origin),
        code,
      }),
      "PASSKEY_AUTHENTICATION_FAILED",
      400,
    );
    expect(body.error).toBe("Passkey not found");
  });
});

describe("sign-in (happy)", () => {
  it("offers the contract's authentication options and signs the passkey's user in", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    await registerPasskey(user, authenticator);

    const { options_json, code } = await initiate("/initiate-passkey-authentication");
    expect(options_json).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      timeout: 60000,
      rpId: sentinel,
      userVerification: "preferred",
      allowCredentials: [],
    });
    const response = await post("/sign-in", {
      authentication_response: authenticator.authenticate(options_json, origin),
      code,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      is_new_user: false,
      user_id: user.userId,
    });
    expect(await readMe({ accessToken: tokens.access_token as string })).toMatchObject({
      id: user.userId,
    });
    const [row] = await t.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, user.userId));
    expect(row?.counter).toBe(1);
  });

  it("asks a TOTP user for the second factor, which then gives the tokens", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    await registerPasskey(user, authenticator);
    const secret = randomBytes(20).toString("base64");
    await t.request("/users/me", {
      method: "PATCH",
      accessType: "client",
      projectId,
      accessToken: user.accessToken,
      body: { totp_secret_base64: secret },
    });
    const { options_json, code } = await initiate("/initiate-passkey-authentication");
    const body = await expectKnownError(
      await post("/sign-in", {
        authentication_response: authenticator.authenticate(options_json, origin),
        code,
      }),
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      400,
    );
    const response = await t.request("/auth/mfa/sign-in", {
      accessType: "client",
      projectId,
      body: {
        type: "totp",
        totp: generateTotpCode(secret, t.clock()),
        code: body.details?.attempt_code,
      },
    });
    expect(await response.json()).toMatchObject({ user_id: user.userId, is_new_user: false });
  });

  it("removes the passkey when passkey_auth_enabled is set to false", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    await registerPasskey(user, authenticator);
    await expectTextError(
      await t.request("/users/me", {
        method: "PATCH",
        accessType: "client",
        projectId,
        accessToken: user.accessToken,
        body: { passkey_auth_enabled: true },
      }),
      400,
      "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method",
    );
    const response = await t.request("/users/me", {
      method: "PATCH",
      accessType: "client",
      projectId,
      accessToken: user.accessToken,
      body: { passkey_auth_enabled: false },
    });
    expect(await response.json()).toMatchObject({ passkey_auth_enabled: false });
    const { options_json, code } = await initiate("/initiate-passkey-authentication");
    await expectKnownError(
      await post("/sign-in", {
        authentication_response: authenticator.authenticate(options_json, origin),
        code,
      }),
      "PASSKEY_AUTHENTICATION_FAILED",
      400,
    );
  });
});

describe("registration (error)", () => {
  it("rejects untrusted origins, wrong RP ids, wrong types and wrong challenges, storing nothing", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    const before = await countPasskeys();
    const { options_json, code } = await initiate("/initiate-passkey-registration", user);
    const other = await initiate("/initiate-passkey-registration", user);
    const attempts: [Record<string, unknown>, string][] = [
      [
        authenticator.register(options_json, "https://evil.example.com"),
        "Passkey registration failed because the origin is not allowed",
      ],
      [
        authenticator.register(options_json, origin, { rpId: "example.com" }),
        "Passkey registration failed because the verification response is invalid",
      ],
      [
        authenticator.register(options_json, origin, { type: "webauthn.get" }),
        "Passkey registration failed because the verification response is invalid",
      ],
      [
        authenticator.register(other.options_json, origin),
        "Passkey registration failed because the verification response is invalid",
      ],
    ];
    for (const [credential, message] of attempts) {
      const body = await expectKnownError(
        await post("/register", { credential, code }, { user }),
        "PASSKEY_REGISTRATION_FAILED",
        400,
      );
      expect(body.error).toBe(message);
    }
    expect(await countPasskeys()).toBe(before);
    expect(await readMe(user)).toMatchObject({ passkey_auth_enabled: false });
    // The code was not used up by the failures.
    const response = await post(
      "/register",
      { credential: authenticator.register(options_json, origin), code },
      { user },
    );
    expect(response.status).toBe(200);
  });

  it("answers code errors: reused, expired, unknown, another user's", async () => {
    const user = await t.signUpUser(projectId);
    const otherUser = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    const { options_json, code } = await initiate("/initiate-passkey-registration", user);
    const credential = authenticator.register(options_json, origin);
    expect((await post("/register", { credential, code }, { user })).status).toBe(200);
    await expectKnownError(
      await post("/register", { credential, code }, { user }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
    await expectKnownError(
      await post("/register", { credential, code: "a".repeat(45) }, { user }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    const late = await initiate("/initiate-passkey-registration", user);
    t.clock.advance(65_001);
    await expectKnownError(
      await post(
        "/register",
        { credential: authenticator.register(late.options_json, origin), code: late.code },
        { user },
      ),
      "VERIFICATION_CODE_EXPIRED",
      400,
    );
    const foreign = await initiate("/initiate-passkey-registration", user);
    const body = await expectKnownError(
      await post(
        "/register",
        { credential: authenticator.register(foreign.options_json, origin), code: foreign.code },
        { user: otherUser },
      ),
      "PASSKEY_REGISTRATION_FAILED",
      400,
    );
    expect(body.error).toContain("another user");
  });

  it("rejects malformed bodies with SCHEMA_ERROR", async () => {
    const user = await t.signUpUser(projectId);
    const { options_json, code } = await initiate("/initiate-passkey-registration", user);
    const credential = createSoftwareAuthenticator().register(options_json, origin);
    for (const body of [
      { code },
      { credential, code: "short" },
      { credential: { ...credential, type: "password" }, code },
      { credential: { ...credential, response: {} }, code },
      { credential, code, extra: 1 },
    ]) {
      await expectKnownError(await post("/register", body, { user }), "SCHEMA_ERROR", 400);
    }
    await expectKnownError(
      await post("/initiate-passkey-registration", { extra: 1 }, { user }),
      "SCHEMA_ERROR",
      400,
    );
  });
});

describe("sign-in (error)", () => {
  it("rejects a bad signature, an untrusted origin and a wrong RP id; then the code still works", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    await registerPasskey(user, authenticator);
    const { options_json, code } = await initiate("/initiate-passkey-authentication");
    const { privateKey: otherKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const attempts: [Record<string, unknown>, string][] = [
      [
        authenticator.authenticate(options_json, origin, { signWith: otherKey }),
        "The signature of the authentication response could not be verified with the stored public key tied to this credential ID",
      ],
      [
        authenticator.authenticate(options_json, "https://evil.example.com"),
        "Passkey authentication failed because the origin is not allowed",
      ],
      [
        authenticator.authenticate(options_json, origin, { rpId: "example.com" }),
        "The signature of the authentication response could not be verified with the stored public key tied to this credential ID",
      ],
      [createSoftwareAuthenticator().authenticate(options_json, origin), "Passkey not found"],
    ];
    for (const [authentication_response, message] of attempts) {
      const body = await expectKnownError(
        await post("/sign-in", { authentication_response, code }),
        "PASSKEY_AUTHENTICATION_FAILED",
        400,
      );
      expect(body.error).toBe(message);
    }
    const authentication_response = authenticator.authenticate(options_json, origin);
    expect((await post("/sign-in", { authentication_response, code })).status).toBe(200);
    await expectKnownError(
      await post("/sign-in", { authentication_response, code }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });

  it("does not find a passkey of another project", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    await registerPasskey(user, authenticator);
    const other = await t.createProject({ config: { auth: { passkey: { allowSignIn: true } } } });
    const { options_json, code } = await initiateAuthenticationIn(other.id);
    const body = await expectKnownError(
      await post(
        "/sign-in",
        { authentication_response: authenticator.authenticate(options_json, origin), code },
        { project: other.id },
      ),
      "PASSKEY_AUTHENTICATION_FAILED",
      400,
    );
    expect(body.error).toBe("Passkey not found");
  });
});

async function initiateAuthenticationIn(project: string): Promise<Initiated> {
  const response = await post("/initiate-passkey-authentication", {}, { project });
  expect(response.status).toBe(200);
  return (await response.json()) as Initiated;
}

describe("access", () => {
  it("needs a signed-in user to register", async () => {
    const body = await expectKnownError(
      await post("/initiate-passkey-registration", {}),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("auth.user must be defined");
  });

  it("answers PASSKEY_AUTHENTICATION_NOT_ENABLED when the project has passkeys off", async () => {
    const user = await t.signUpUser(projectId);
    const authenticator = createSoftwareAuthenticator();
    const registration = await initiate("/initiate-passkey-registration", user);
    await registerPasskey(user, authenticator);
    const authentication = await initiate("/initiate-passkey-authentication");
    await setPasskeysEnabled(false);
    try {
      await expectKnownError(
        await post("/initiate-passkey-registration", {}, { user }),
        "PASSKEY_AUTHENTICATION_NOT_ENABLED",
        400,
      );
      await expectKnownError(
        await post("/initiate-passkey-authentication", {}),
        "PASSKEY_AUTHENTICATION_NOT_ENABLED",
        400,
      );
      await expectKnownError(
        await post(
          "/register",
          {
            credential: authenticator.register(registration.options_json, origin),
            code: registration.code,
          },
          { user },
        ),
        "PASSKEY_AUTHENTICATION_NOT_ENABLED",
        400,
      );
      await expectKnownError(
        await post("/sign-in", {
          authentication_response: authenticator.authenticate(authentication.options_json, origin),
          code: authentication.code,
        }),
        "PASSKEY_AUTHENTICATION_NOT_ENABLED",
        400,
      );
    } finally {
      await setPasskeysEnabled(true);
    }
  });

  it("is off for new projects by default", async () => {
    const other = await t.createProject();
    await expectKnownError(
      await post("/initiate-passkey-authentication", {}, { project: other.id }),
      "PASSKEY_AUTHENTICATION_NOT_ENABLED",
      400,
    );
  });
});
