import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import {
  getSignedInUser,
  getSiteSession,
  hasSiteSessionCookie,
  requireSiteAdmin,
} from "./site-session.server";

const projectId = "6f0d2f4e-1c1a-4d5e-9a7b-2b3c4d5e6f70";
const refreshToken = "r".repeat(45);

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: "ES256" })}.${base64Url(claims)}.c2ln`;
}

const goodToken = makeToken({ sub: "user-1", email: "ana@example.org", name: "Ana" });
const expiredToken = makeToken({ sub: "user-1", exp: 1 });

const context = {
  siteAuth: {
    projectId,
    publishableClientKey: "pck",
    secretServerKey: "ssk",
    // Only `goodToken` verifies, as the platform's verifier would for a valid, unexpired token;
    // the role comes from the user's record, not from the token.
    verifyAccessToken: async (token: string) =>
      token === goodToken ? { userId: "user-1", role: "editor" } : null,
  },
} as unknown as AppLoadContext;

function requestWith(tokens: { refresh?: string; access?: string }): Request {
  const cookies: string[] = [];
  if (tokens.refresh) {
    cookies.push(
      `hexclave-refresh-${projectId}--default=${encodeURIComponent(
        JSON.stringify({ refresh_token: tokens.refresh, updated_at_millis: 1 }),
      )}`,
    );
  }
  if (tokens.access && tokens.refresh) {
    cookies.push(
      `hexclave-access=${encodeURIComponent(JSON.stringify([tokens.refresh, tokens.access]))}`,
    );
  }
  return new Request("http://127.0.0.1:1/admin", { headers: { cookie: cookies.join("; ") } });
}

describe("the site session read from the request cookies", () => {
  it("is signed in with a verified access token, names the user from its claims and gives their role", async () => {
    const request = requestWith({ refresh: refreshToken, access: goodToken });
    expect(hasSiteSessionCookie(request, context)).toBe(true);
    expect(await getSiteSession(request, context)).toEqual({
      status: "signed-in",
      user: { id: "user-1", email: "ana@example.org", displayName: "Ana", role: "editor" },
    });
    expect(await getSignedInUser(request, context)).toEqual({
      id: "user-1",
      email: "ana@example.org",
      displayName: "Ana",
      role: "editor",
    });
  });

  it("is unknown with a refresh token but an expired access token (no refresh on public pages)", async () => {
    const request = requestWith({ refresh: refreshToken, access: expiredToken });
    expect(await getSiteSession(request, context)).toEqual({ status: "unknown" });
    expect(await getSignedInUser(request, context)).toBeNull();
  });

  it("is signed out without cookies, or with cookies of another project", async () => {
    const none = new Request("http://127.0.0.1:1/");
    expect(hasSiteSessionCookie(none, context)).toBe(false);
    expect(await getSiteSession(none, context)).toEqual({ status: "signed-out" });
    const other = new Request("http://127.0.0.1:1/", {
      headers: {
        cookie: `hexclave-refresh-other--default=${encodeURIComponent(JSON.stringify({ refresh_token: refreshToken }))}`,
      },
    });
    expect(await getSiteSession(other, context)).toEqual({ status: "signed-out" });
  });

  it("refuses an admin action without a session, without calling the auth API", async () => {
    const result = await requireSiteAdmin(new Request("http://127.0.0.1:1/admin/users"), context);
    expect(result.ok).toBe(false);
  });
});
