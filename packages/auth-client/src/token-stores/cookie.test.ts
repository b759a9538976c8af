import { describe, expect, it } from "vitest";
import { createFakeDocument } from "../testing/fake-document";
import { makeAccessToken, projectId, startMs } from "../testing/fake-server";
import { createCookieTokenStore } from "./cookie";
import { getCustomRefreshCookieName, parseCookieHeader } from "./cookie-format";

const refreshToken = "k3v9x2m4q8w1e5r7t0y6u3i9o2p4a8s1d5f7g0h3j6k9l2";
const accessToken = makeAccessToken();
const refreshName = `hexclave-refresh-${projectId}--default`;

function setup(secure = false) {
  const document = createFakeDocument(() => startMs);
  const store = createCookieTokenStore({
    projectId,
    document,
    isSecure: () => secure,
    now: () => startMs,
    pollIntervalMs: 0,
  });
  return { document, store };
}

const inOneYear = new Date(startMs + 365 * 864e5).toUTCString();
const inOneDay = new Date(startMs + 864e5).toUTCString();

describe("cookie token store: writing", () => {
  it("writes the SDK's names, js-cookie encoding and attributes on http", () => {
    const { document, store } = setup();
    store.write({ refreshToken, accessToken });
    expect(document.assignments).toEqual([
      `${refreshName}={%22refresh_token%22:%22${refreshToken}%22%2C%22updated_at_millis%22:${startMs}}; path=/; expires=${inOneYear}; sameSite=Lax`,
      `hexclave-access=[%22${refreshToken}%22%2C%22${accessToken}%22]; path=/; expires=${inOneDay}; sameSite=Lax`,
    ]);
    expect(store.read()).toEqual({ refreshToken, accessToken });
  });

  it("uses the __Host- name and Secure on https, after probing partitioned-cookie support", () => {
    const { document, store } = setup(true);
    store.write({ refreshToken, accessToken });
    const probe = document.assignments.filter((a) => a.startsWith("__Host-stack-temporary-chips-"));
    // The fake jar keeps one cookie per name, so the SDK's probe finds no CHIPS support.
    expect(probe.length).toBeGreaterThan(0);
    const assignments = document.assignments.filter((a) => !probe.includes(a));
    expect(assignments[0]).toBe(
      `__Host-${refreshName}={%22refresh_token%22:%22${refreshToken}%22%2C%22updated_at_millis%22:${startMs}}; path=/; expires=${inOneYear}; secure; sameSite=Lax`,
    );
    expect(assignments[1]).toMatch(/; secure; sameSite=Lax$/);
  });

  it("writes partitioned cookies when told to (CHIPS), like the SDK", () => {
    const document = createFakeDocument(() => startMs);
    const store = createCookieTokenStore({
      projectId,
      document,
      isSecure: () => true,
      now: () => startMs,
      partitioned: true,
      pollIntervalMs: 0,
    });
    store.write({ refreshToken, accessToken });
    expect(document.assignments[0]).toMatch(/; secure; sameSite=None; partitioned$/);
  });

  it("deletes both cookies (both partition variants) on sign-out", () => {
    const { document, store } = setup();
    store.write({ refreshToken, accessToken });
    document.assignments.length = 0;
    store.write({ refreshToken: null, accessToken: null });
    const past = new Date(startMs - 864e5).toUTCString();
    expect(document.assignments).toEqual([
      `${refreshName}=; path=/; partitioned; expires=${past}`,
      `${refreshName}=; path=/; expires=${past}`,
      `hexclave-access=; path=/; partitioned; expires=${past}`,
      `hexclave-access=; path=/; expires=${past}`,
    ]);
    expect(document.cookie).toBe("");
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
  });

  it("deletes legacy and custom-domain refresh cookies and stack-access on the next write", () => {
    const { document, store } = setup();
    const custom = getCustomRefreshCookieName(projectId, "Example.org");
    document.cookie = `stack-refresh-${projectId}=old`;
    document.cookie = "stack-access=[%22old%22%2C%22x%22]";
    document.cookie = `${custom}={%22refresh_token%22:%22old%22}`;
    expect(store.read().refreshToken).toBe("old");
    store.write({ refreshToken, accessToken });
    expect(Object.keys(parseCookieHeader(document.cookie)).sort()).toEqual(
      ["hexclave-access", refreshName].sort(),
    );
    expect(document.assignments).toContain(
      `${custom}=; path=/; domain=example.org; expires=${new Date(startMs - 864e5).toUTCString()}`,
    );
  });
});

describe("cookie token store: reading", () => {
  it("URL-decodes values and ignores an access cookie of another refresh token", () => {
    const { document, store } = setup();
    document.cookie = `${refreshName}=${encodeURIComponent(JSON.stringify({ refresh_token: refreshToken, updated_at_millis: 1 }))}`;
    document.cookie = `hexclave-access=${encodeURIComponent(JSON.stringify(["other", accessToken]))}`;
    expect(store.read()).toEqual({ refreshToken, accessToken: null });
    document.cookie = `hexclave-access=${encodeURIComponent(JSON.stringify([refreshToken, accessToken]))}`;
    expect(store.read()).toEqual({ refreshToken, accessToken });
  });

  it("prefers the newest structured cookie, then legacy raw names, then legacy structured ones", () => {
    const { document, store } = setup();
    const structured = (token: string, at: number) =>
      encodeURIComponent(JSON.stringify({ refresh_token: token, updated_at_millis: at }));
    document.cookie = `__Host-stack-refresh-${projectId}--default=${structured("legacy-structured", 9)}`;
    expect(store.read().refreshToken).toBe("legacy-structured");
    document.cookie = "stack-refresh=legacy-raw";
    expect(store.read().refreshToken).toBe("legacy-raw");
    document.cookie = `${refreshName}=${structured("older", 1)}`;
    document.cookie = `__Host-${refreshName}=${structured("newer", 2)}`;
    expect(store.read().refreshToken).toBe("newer");
  });

  it("tells subscribers about changes made by someone else (another tab, the SDK)", async () => {
    const document = createFakeDocument(() => startMs);
    const store = createCookieTokenStore({ projectId, document, pollIntervalMs: 5 });
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    document.cookie = `${refreshName}=${encodeURIComponent(JSON.stringify({ refresh_token: "x" }))}`;
    await new Promise((resolve) => setTimeout(resolve, 30));
    unsubscribe();
    expect(calls).toBe(1);
  });
});
