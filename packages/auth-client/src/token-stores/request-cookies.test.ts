import { describe, expect, it } from "vitest";
import { makeAccessToken, projectId, startMs } from "../testing/fake-server";
import { encodeCookieValue } from "./cookie-format";
import { createRequestCookieTokenStore } from "./request-cookies";

const refreshToken = "k3v9x2m4q8w1e5r7t0y6u3i9o2p4a8s1d5f7g0h3j6k9l2";
const refreshName = `hexclave-refresh-${projectId}--default`;
const refreshCookie = (token: string) =>
  `${refreshName}=${encodeCookieValue(JSON.stringify({ refresh_token: token, updated_at_millis: 1 }))}`;

describe("request-cookie token store", () => {
  it("reads the session from the Cookie header of a Request", () => {
    const accessToken = makeAccessToken();
    const request = new Request("http://site.test/", {
      headers: {
        cookie: `${refreshCookie(refreshToken)}; hexclave-access=${encodeCookieValue(JSON.stringify([refreshToken, accessToken]))}`,
      },
    });
    const store = createRequestCookieTokenStore({ projectId, request });
    expect(store.read()).toEqual({ refreshToken, accessToken });
    expect(store.getSetCookieHeaders()).toEqual([]);
  });

  it("accepts a raw cookie header string and an x-stack-auth header", () => {
    expect(
      createRequestCookieTokenStore({ projectId, request: refreshCookie("abc") }).read(),
    ).toEqual({ refreshToken: "abc", accessToken: null });
    const headers = new Headers({
      "x-stack-auth": JSON.stringify({ accessToken: "a", refreshToken: "r" }),
    });
    expect(createRequestCookieTokenStore({ projectId, request: headers }).read()).toEqual({
      accessToken: "a",
      refreshToken: "r",
    });
  });

  it("produces Set-Cookie headers after a refresh during rendering", () => {
    const request = new Request("https://site.test/", {
      headers: { cookie: `__Host-${refreshCookie(refreshToken)}` },
    });
    const store = createRequestCookieTokenStore({ projectId, request, now: () => startMs });
    const accessToken = makeAccessToken();
    store.write({ refreshToken, accessToken });
    const expires1y = new Date(startMs + 365 * 864e5).toUTCString();
    const expires1d = new Date(startMs + 864e5).toUTCString();
    expect(store.getSetCookieHeaders()).toEqual([
      `__Host-${refreshName}={%22refresh_token%22:%22${refreshToken}%22%2C%22updated_at_millis%22:${startMs}}; Path=/; Expires=${expires1y}; Max-Age=31536000; Secure; SameSite=Lax`,
      `hexclave-access=[%22${refreshToken}%22%2C%22${accessToken}%22]; Path=/; Expires=${expires1d}; Max-Age=86400; Secure; SameSite=Lax`,
    ]);
  });

  it("deletes the cookies the request carried when the session ends", () => {
    const store = createRequestCookieTokenStore({
      projectId,
      request: `${refreshCookie(refreshToken)}; stack-refresh=old`,
      now: () => startMs,
    });
    store.write({ refreshToken: null, accessToken: null });
    expect(store.getSetCookieHeaders()).toEqual([
      `${refreshName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax`,
      "stack-refresh=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax",
    ]);
  });

  it("takes https from x-forwarded-proto", () => {
    const request = new Request("http://internal:3000/", {
      headers: { "x-forwarded-proto": "https", cookie: refreshCookie("r") },
    });
    const store = createRequestCookieTokenStore({ projectId, request });
    store.write({ refreshToken: "r2", accessToken: null });
    expect(store.getSetCookieHeaders()[0]).toMatch(/^__Host-hexclave-refresh-/);
  });
});
