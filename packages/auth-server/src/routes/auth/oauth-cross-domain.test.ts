/**
 * The cross-domain hand-off (issue 32, item 1): `POST /auth/oauth/cross-domain/authorize` gives a
 * signed-in caller a one-time code for its own session; `POST /auth/oauth/token` redeems it with
 * PKCE for an access token of that same session and its refresh token.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthFlowCodes, sessions } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

const verifier = "W2LPAD4M4ES-3wBjzU6J5ApykmuxQy5VTs3oSmtboDM";
const challenge = createHash("sha256").update(verifier).digest("base64url");
const callback = "http://localhost:3000/handler/oauth-callback?stack_cross_domain_auth=1";
const afterCallback = "http://localhost:3000/after-sign-in";

beforeAll(async () => {
  t = await createTestAuthApi();
  project = await t.createProject();
});
afterAll(async () => {
  await t?.close();
});

function handoff(
  user: Partial<Pick<TestUser, "accessToken" | "refreshToken">>,
  body: Record<string, unknown> = {},
) {
  return t.request("/auth/oauth/cross-domain/authorize", {
    accessType: "client",
    projectId: project.id,
    ...(user.accessToken ? { accessToken: user.accessToken } : {}),
    ...(user.refreshToken ? { refreshToken: user.refreshToken } : {}),
    body: {
      redirect_uri: callback,
      state: "cross-domain-state",
      code_challenge: challenge,
      code_challenge_method: "S256",
      after_callback_redirect_url: afterCallback,
      ...body,
    },
  });
}

function exchange(code: string, codeVerifier = verifier) {
  return t.app.request("/api/v1/auth/oauth/token", {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: callback,
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
    }),
  });
}

async function codeFor(user: TestUser): Promise<string> {
  const response = await handoff(user);
  expect(response.status).toBe(200);
  const { redirect_url } = (await response.json()) as { redirect_url: string };
  const url = new URL(redirect_url);
  expect(`${url.origin}${url.pathname}`).toBe("http://localhost:3000/handler/oauth-callback");
  expect(url.searchParams.get("stack_cross_domain_auth")).toBe("1");
  expect(url.searchParams.get("state")).toBe("cross-domain-state");
  return url.searchParams.get("code") ?? "";
}

async function flowCodeCount() {
  return (await t.db.select().from(oauthFlowCodes)).length;
}

describe("cross-domain hand-off", () => {
  it("hands the caller's own session on: same refresh token, a working access token, once", async () => {
    const user = await t.signUpUser(project.id);
    const code = await codeFor(user);
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      refresh_token: user.refreshToken,
      is_new_user: false,
      after_callback_redirect_url: afterCallback,
      afterCallbackRedirectUrl: afterCallback,
    });
    const claims = decodeJwt(body.access_token as string);
    expect(claims.sub).toBe(user.userId);
    expect(claims.refresh_token_id).toBe(decodeJwt(user.accessToken).refresh_token_id);
    // One session for both domains.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(
      1,
    );
    await expectKnownError(await exchange(code), "INVALID_AUTHORIZATION_CODE", 400);
  });

  it("keeps the refresh token sealed in the stored code", async () => {
    const user = await t.signUpUser(project.id);
    await codeFor(user);
    const rows = await t.db.select().from(oauthFlowCodes);
    expect(JSON.stringify(rows.map((row) => row.data))).not.toContain(user.refreshToken);
  });

  it("refuses a wrong PKCE verifier", async () => {
    const user = await t.signUpUser(project.id);
    const code = await codeFor(user);
    await expectKnownError(
      await exchange(code, "this-is-an-invalid-pkce-verifier"),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
  });

  it("signs the user in afresh when the handed-on session ended before the exchange", async () => {
    const user = await t.signUpUser(project.id);
    const code = await codeFor(user);
    await t.db.delete(sessions).where(eq(sessions.userId, user.userId));
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { refresh_token: string };
    expect(body.refresh_token).not.toBe(user.refreshToken);
  });

  it("refuses untrusted redirect and after-callback URLs before storing a code", async () => {
    const user = await t.signUpUser(project.id);
    const before = await flowCodeCount();
    for (const body of [
      { redirect_uri: "https://evil.example.com/oauth/callback" },
      { after_callback_redirect_url: "https://evil.example.com/post-auth" },
    ]) {
      await expectKnownError(await handoff(user, body), "REDIRECT_URL_NOT_WHITELISTED", 400);
    }
    expect(await flowCodeCount()).toBe(before);
  });

  it("needs the signed-in user and the refresh token of that very session", async () => {
    const user = await t.signUpUser(project.id);
    await expectKnownError(
      await handoff({ refreshToken: user.refreshToken }),
      "USER_AUTHENTICATION_REQUIRED",
      401,
    );
    await expectTextError(
      await handoff({ accessToken: user.accessToken }),
      400,
      "Cross-domain auth handoff requires passing the current refresh token.",
    );
    const mismatch =
      "Cross-domain auth handoff refresh token does not match the authenticated session.";
    await expectTextError(
      await handoff({ accessToken: user.accessToken, refreshToken: "not-a-session" }),
      401,
      mismatch,
    );
    // Another session of the same user is not the access token's session.
    const other = await t.request("/auth/sessions", {
      accessType: "server",
      projectId: project.id,
      body: { user_id: user.userId },
    });
    const { refresh_token } = (await other.json()) as { refresh_token: string };
    await expectTextError(
      await handoff({ accessToken: user.accessToken, refreshToken: refresh_token }),
      401,
      mismatch,
    );
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(sessions.userId, user.userId));
    await expectTextError(
      await handoff(user),
      401,
      "Cross-domain auth handoff refresh token is not valid.",
    );
  });

  it("takes only S256 challenges of a verifier's length", async () => {
    const user = await t.signUpUser(project.id);
    const schema = await expectKnownError(
      await handoff(user, { code_challenge: "too-short" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(schema.error).toContain("body.code_challenge");
  });
});
