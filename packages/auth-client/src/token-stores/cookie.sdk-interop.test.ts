/**
 * The official SDK (`@stackframe/js` 2.8.108) and our cookie store share one session: each reads what
 * the other writes. The SDK's own cookie code runs here against a fake `document.cookie`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFakeDocument, type FakeCookieDocument } from "../testing/fake-document";
import { jsonResponse, makeAccessToken, projectId } from "../testing/fake-server";
import { createCookieTokenStore } from "./cookie";

interface SdkTokens {
  refreshToken: string | null;
  accessToken: string | null;
}
// Internal parts of the SDK's client app that hold its cookie logic.
interface SdkClientApp {
  _getBrowserCookieTokenStore(): { get(): SdkTokens; set(tokens: SdkTokens): void };
  _getTokensFromCookies(cookies: Record<string, string>): SdkTokens;
  _getAllBrowserCookies(): Record<string, string>;
}

const refreshToken = "k3v9x2m4q8w1e5r7t0y6u3i9o2p4a8s1d5f7g0h3j6k9l2";
const accessToken = makeAccessToken();
const project = {
  id: projectId,
  display_name: "Heritage",
  config: {
    sign_up_enabled: true,
    credential_enabled: true,
    magic_link_enabled: false,
    passkey_enabled: false,
    client_team_creation_enabled: false,
    client_user_deletion_enabled: false,
    allow_user_api_keys: false,
    allow_team_api_keys: false,
    allow_localhost: true,
    enabled_oauth_providers: [],
    domains: [],
  },
};

let document: FakeCookieDocument;
const location = { protocol: "http:", hostname: "localhost", href: "http://localhost/" };

async function createSdkApp(): Promise<SdkClientApp> {
  const { StackClientApp } = await import("@stackframe/js");
  // The SDK polls its cookies every 100 ms; fake timers keep that interval from ever running.
  vi.useFakeTimers({ toFake: ["setInterval"] });
  try {
    const app = new StackClientApp({
      projectId,
      publishableClientKey: "pck_test",
      tokenStore: "cookie",
      baseUrl: "http://localhost:8102",
    }) as unknown as SdkClientApp;
    app._getBrowserCookieTokenStore();
    return app;
  } finally {
    vi.useRealTimers();
  }
}

beforeAll(() => {
  document = createFakeDocument();
  vi.stubGlobal("window", { location, document, addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal("document", document);
  // The SDK looks up the project's trusted domains after writing cookies.
  vi.stubGlobal("fetch", async (url: string) =>
    String(url).endsWith("/projects/current")
      ? jsonResponse(project)
      : new Response("not found", { status: 404 }),
  );
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const clearCookies = () => {
  for (const name of Object.keys(
    Object.fromEntries(document.cookie.split("; ").map((c) => c.split("="))),
  )) {
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
};

describe.each(["http:", "https:"])("on %s pages", (protocol) => {
  const ours = () =>
    createCookieTokenStore({
      projectId,
      document,
      isSecure: () => protocol === "https:",
      pollIntervalMs: 0,
    });

  it("we read the session the official SDK wrote", async () => {
    location.protocol = protocol;
    clearCookies();
    const sdk = await createSdkApp();
    sdk._getBrowserCookieTokenStore().set({ refreshToken, accessToken });
    const expectedName = `${protocol === "https:" ? "__Host-" : ""}hexclave-refresh-${projectId}--default`;
    expect(document.raw(expectedName)).toBeDefined();
    expect(ours().read()).toEqual({ refreshToken, accessToken });
  });

  it("the official SDK reads the session we wrote, and sees our sign-out", async () => {
    location.protocol = protocol;
    clearCookies();
    const sdk = await createSdkApp();
    const store = ours();
    store.write({ refreshToken, accessToken });
    expect(sdk._getTokensFromCookies(sdk._getAllBrowserCookies())).toEqual({
      refreshToken,
      accessToken,
    });
    store.write({ refreshToken: null, accessToken: null });
    expect(sdk._getTokensFromCookies(sdk._getAllBrowserCookies())).toEqual({
      refreshToken: null,
      accessToken: null,
    });
  });

  it("a token refreshed by one is used by the other", async () => {
    location.protocol = protocol;
    clearCookies();
    const sdk = await createSdkApp();
    const store = ours();
    store.write({ refreshToken, accessToken });
    const refreshed = makeAccessToken({ tag: "refreshed" });
    sdk._getBrowserCookieTokenStore().set({ refreshToken, accessToken: refreshed });
    expect(store.read()).toEqual({ refreshToken, accessToken: refreshed });
  });
});
