/**
 * Sign-up rules applied where users sign up: password sign-up (and an anonymous user's upgrade by
 * it), sign-in codes, and OAuth (the callback sends SIGN_UP_REJECTED back to the app). A refused
 * sign-up writes nothing; a `restrict` rule makes a restricted user; making an anonymous user is
 * never subject to the rules.
 */
import { createHash, randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { followOAuthRedirects } from "../../testing/oauth-redirects";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let provider: TestOAuthProvider;

const rejected = "Your sign up was rejected by an administrator's sign-up rule.";
const callbackUrl = "http://localhost:12345/some-callback-url";

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  t = await createTestAuthApi({ clock });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A project with password, OTP and an OIDC provider, then these config keys set by an admin. */
async function projectWithRules(override: Record<string, unknown>): Promise<string> {
  return (await projectAndKeysWithRules(override)).id;
}

async function projectAndKeysWithRules(override: Record<string, unknown>) {
  const created = await t.createProject({
    config: {
      auth: {
        otp: { allowSignIn: true },
        oauth: {
          providers: {
            loopback: {
              type: "oidc",
              issuerUrl: provider.issuer,
              isShared: false,
              clientId: provider.clientId,
              clientSecret: provider.clientSecret,
            },
          },
        },
      },
    },
  });
  const patched = await t.request("/internal/config/override/environment", {
    accessType: "admin",
    projectId: created.id,
    method: "PATCH",
    body: { config_override_string: JSON.stringify(override) },
  });
  expect(patched.status).toBe(200);
  return created;
}

const reject = (condition: string, priority = 0) => ({
  enabled: true,
  priority,
  condition,
  action: { type: "reject", message: "Internal note: never shown" },
});

function passwordSignUp(projectId: string, email: string, headers: Record<string, string> = {}) {
  return t.request("/auth/password/sign-up", {
    accessType: "client",
    projectId,
    body: { email, password: "correct horse battery" },
    headers,
  });
}

async function userCount(projectId: string): Promise<number> {
  const [row] = await t.db
    .select({ value: count() })
    .from(users)
    .where(eq(users.projectId, projectId));
  return row?.value ?? 0;
}

async function adminUser(projectId: string, userId: string) {
  const response = await t.request(`/users/${userId}`, { accessType: "admin", projectId });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("password sign-up", () => {
  it("is refused by a matching reject rule, with the fixed message, and writes no user", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.blocked": reject('email.contains("blocked")'),
    });
    const body = await expectKnownError(
      await passwordSignUp(projectId, "blocked-1@example.com"),
      "SIGN_UP_REJECTED",
      403,
    );
    expect(body).toEqual({
      code: "SIGN_UP_REJECTED",
      error: rejected,
      details: { message: rejected },
    });
    expect(await userCount(projectId)).toBe(0);
    expect((await passwordSignUp(projectId, "fine@example.com")).status).toBe(200);
  });

  it("follows the default action, and an allow rule before it", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.company": {
        enabled: true,
        condition: 'emailDomain == "company.com"',
        action: { type: "allow" },
      },
      "auth.signUpRulesDefaultAction": "reject",
    });
    expect((await passwordSignUp(projectId, "ada@company.com")).status).toBe(200);
    await expectKnownError(
      await passwordSignUp(projectId, "ada@elsewhere.com"),
      "SIGN_UP_REJECTED",
      403,
    );
  });

  it("restricts the user a restrict rule matched, noting the rule privately", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.suspicious": {
        enabled: true,
        displayName: "Suspicious domain",
        condition: 'emailDomain == "suspicious.com"',
        action: { type: "restrict" },
      },
    });
    const response = await passwordSignUp(projectId, "eve@suspicious.com");
    expect(response.status).toBe(200);
    const { user_id: userId } = (await response.json()) as { user_id: string };
    expect(await adminUser(projectId, userId)).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_reason: null,
      restricted_by_admin_private_details:
        "Restricted by sign-up rule: suspicious (Suspicious domain)",
      is_restricted: true,
      restricted_reason: { type: "restricted_by_administrator" },
    });
  });

  it("sees the request's country", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.block-us": reject('countryCode == "US"'),
    });
    const fromUs = {
      "user-agent": "Mozilla/5.0",
      "x-forwarded-for": "203.0.113.7",
      "cf-ipcountry": "US",
    };
    await expectKnownError(
      await passwordSignUp(projectId, "us@example.com", fromUs),
      "SIGN_UP_REJECTED",
      403,
    );
    const fromCa = { ...fromUs, "cf-ipcountry": "CA" };
    expect((await passwordSignUp(projectId, "ca@example.com", fromCa)).status).toBe(200);
  });

  it("applies to an anonymous user's upgrade, never to making the anonymous user", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.blocked": reject('email.contains("blocked")'),
      "auth.signUpRulesDefaultAction": "allow",
    });
    const anonymous = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      projectId,
      body: {},
    });
    expect(anonymous.status).toBe(200);
    const { access_token: accessToken } = (await anonymous.json()) as { access_token: string };
    const upgrade = (email: string) =>
      t.request("/auth/password/sign-up", {
        accessType: "client",
        projectId,
        accessToken,
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { email, password: "correct horse battery" },
      });
    await expectKnownError(await upgrade("blocked@example.com"), "SIGN_UP_REJECTED", 403);
    expect((await upgrade("welcome@example.com")).status).toBe(200);
  });

  it("lets anonymous users be made while the default action rejects sign-ups", async () => {
    const projectId = await projectWithRules({ "auth.signUpRulesDefaultAction": "reject" });
    const anonymous = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      projectId,
      body: {},
    });
    expect(anonymous.status).toBe(200);
  });
});

describe("sign-in codes", () => {
  it("refuse a new address the rules reject, with the country of the request for the code", async () => {
    const projectId = await projectWithRules({
      "auth.signUpRules.block-de": reject('countryCode == "DE" && authMethod == "otp"'),
    });
    const fromDe = {
      "user-agent": "Mozilla/5.0",
      "x-forwarded-for": "203.0.113.8",
      "cf-ipcountry": "DE",
    };
    const email = "otp-de@example.com";
    const sent = await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId,
      body: { email, callback_url: callbackUrl },
      headers: fromDe,
    });
    expect(sent.status).toBe(200);
    const code = await t.readCodeFromOutbox(email, "Sign in to");
    const signIn = () =>
      t.request("/auth/otp/sign-in", { accessType: "client", projectId, body: { code } });
    await expectKnownError(await signIn(), "SIGN_UP_REJECTED", 403);
    expect(await userCount(projectId)).toBe(0);
    // The code was not used up: once the admin lifts the rule, it signs the user up.
    await t.request("/internal/config/override/environment", {
      accessType: "admin",
      projectId,
      method: "PATCH",
      body: { config_override_string: JSON.stringify({ "auth.signUpRules.block-de": null }) },
    });
    expect((await signIn()).status).toBe(200);
  });
});

describe("OAuth", () => {
  function authorizeUrl(projectId: string, publishableClientKey: string): string {
    const challenge = createHash("sha256")
      .update(randomBytes(32).toString("base64url"))
      .digest("base64url");
    const query = new URLSearchParams({
      client_id: projectId,
      client_secret: publishableClientKey,
      redirect_uri: "http://localhost:3000/handler/oauth-callback",
      scope: "legacy",
      state: "outer-state",
      grant_type: "authorization_code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      response_type: "code",
      type: "authenticate",
    });
    return `/api/v1/auth/oauth/authorize/loopback?${query}`;
  }

  it("sends SIGN_UP_REJECTED back to the app when the provider rule matches", async () => {
    const { id: projectId, keys } = await projectAndKeysWithRules({
      "auth.signUpRules.no-loopback": reject(
        'authMethod == "oauth" && oauthProvider == "loopback"',
      ),
    });
    provider.signInAs({ sub: "rule-1", email: "rule-1@example.org", email_verified: true });
    const hops = await followOAuthRedirects(t, authorizeUrl(projectId, keys.publishableClientKey));
    expect(hops.callback?.status).toBe(307);
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe("SIGN_UP_REJECTED");
    expect(hops.appRedirect?.searchParams.get("message")).toBe(rejected);
    expect(hops.callback?.headers.get("set-cookie")).toMatch(/stack-oauth-inner-/);
    expect(await userCount(projectId)).toBe(0);
  });

  it("signs up when the rules target another provider", async () => {
    const { id: projectId, keys } = await projectAndKeysWithRules({
      "auth.signUpRules.no-google": reject('oauthProvider == "google"'),
    });
    provider.signInAs({ sub: "rule-2", email: "rule-2@example.org", email_verified: true });
    const hops = await followOAuthRedirects(t, authorizeUrl(projectId, keys.publishableClientKey));
    expect(hops.callback?.status).toBe(303);
    expect(hops.appRedirect?.searchParams.get("code")).toBeTruthy();
    expect(await userCount(projectId)).toBe(1);
  });
});
