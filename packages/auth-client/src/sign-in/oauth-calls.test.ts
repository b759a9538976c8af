/**
 * The OAuth authorize URL of an app on the page's own origin (`baseUrl: ""`, as the site's
 * browser app): it is resolved against the page's location. Issue 7: the browser journey found
 * "Sign in with ..." failing with "Failed to construct 'URL': Invalid URL" on the site.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClientApp } from "../client-app";
import { createFakeDocument } from "../testing/fake-document";
import { createMemoryTokenStore } from "../token-stores/memory";

const projectId = "6f0d2f4e-1c1a-4d5e-9a7b-2b3c4d5e6f70";

function newSameOriginApp() {
  return createClientApp({
    projectId,
    publishableClientKey: "pck_test",
    baseUrl: "",
    tokenStore: createMemoryTokenStore(),
    fetch: async () => new Response("not expected", { status: 500 }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OAuth authorize URL of a same-origin app", () => {
  it("is resolved against the page's location, and the browser is sent there", async () => {
    const assigned: string[] = [];
    vi.stubGlobal("location", {
      href: "https://site.test/handler/sign-in",
      protocol: "https:",
      assign: (url: string) => assigned.push(url),
    });
    const app = newSameOriginApp();
    await app.signInWithOAuth("loopback", {
      redirectUrl: "https://site.test/handler/oauth-callback",
      document: createFakeDocument(),
    });
    expect(assigned).toHaveLength(1);
    const url = new URL(assigned[0] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://site.test/api/v1/auth/oauth/authorize/loopback",
    );
    expect(url.searchParams.get("client_id")).toBe(projectId);
    expect(url.searchParams.get("redirect_uri")).toBe("https://site.test/handler/oauth-callback");
  });

  it("needs an absolute base URL outside a browser", async () => {
    vi.stubGlobal("location", undefined);
    await expect(
      newSameOriginApp().getOAuthAuthorization("loopback", {
        redirectUrl: "https://site.test/handler/oauth-callback",
        document: createFakeDocument(),
      }),
    ).rejects.toThrow("An absolute baseUrl is required outside a browser.");
  });
});
