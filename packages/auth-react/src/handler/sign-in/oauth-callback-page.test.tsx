// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  getButton,
  type RenderedHandler,
  renderHandler,
  text,
  wireProject,
  wireTokens,
} from "../handler-test-harness";

let page: RenderedHandler | null = null;
beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await page?.unmount();
  page = null;
  window.history.replaceState(null, "", "/");
});

/** The browser as it comes back from the provider, with the verifier cookie of the flow. */
function arriveFromProvider(query: string, state = "st4te") {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser that kept the cookie
  document.cookie = `hexclave-oauth-outer-${state}=verifier-verifier-verifier-verifier-verif; path=/`;
  window.history.replaceState(null, "", `/handler/oauth-callback?${query}`);
}

function tokenAnswer(afterCallbackRedirectUrl: string | null) {
  return () =>
    Response.json({
      ...wireTokens(),
      is_new_user: false,
      after_callback_redirect_url: afterCallbackRedirectUrl,
    });
}

describe("OAuth buttons on /handler/sign-in", () => {
  it("offers each enabled provider and the passkey, besides the password", async () => {
    page = await renderHandler("sign-in", {
      routes: {
        "GET /projects/current": () =>
          Response.json(
            wireProject({
              enabled_oauth_providers: [{ id: "github" }, { id: "google" }],
              passkey_enabled: true,
            }),
          ),
      },
    });
    expect(getButton(page.container, "Sign in with GitHub")).toBeTruthy();
    expect(getButton(page.container, "Sign in with Google")).toBeTruthy();
    expect(getButton(page.container, "Sign in with a passkey")).toBeTruthy();
    expect(getButton(page.container, "Sign In")).toBeTruthy();
  });
});

describe("/handler/oauth-callback", () => {
  it("redeems the code with the verifier and returns to the same-origin target", async () => {
    arriveFromProvider("code=the-code&state=st4te");
    page = await renderHandler("oauth-callback", {
      routes: {
        "POST /auth/oauth/token": tokenAnswer("http://localhost:3000/admin/users#section"),
      },
      urls: { afterSignIn: "/admin" },
    });
    expect(page.requestsTo("POST /auth/oauth/token")[0]?.body).toMatchObject({
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: "http://localhost:3000/handler/oauth-callback",
    });
    expect(page.navigations).toEqual([{ to: "/admin/users", replace: true }]);
  });

  it("goes to the after-sign-in URL instead of another origin", async () => {
    arriveFromProvider("code=the-code&state=st4te");
    page = await renderHandler("oauth-callback", {
      routes: { "POST /auth/oauth/token": tokenAnswer("https://evil.example/") },
      urls: { afterSignIn: "/admin" },
    });
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });

  it("shows the provider's refusal sent back in the URL", async () => {
    arriveFromProvider(
      "errorCode=OAUTH_PROVIDER_ACCESS_DENIED&message=The%20OAuth%20provider%20denied%20access.",
    );
    page = await renderHandler("oauth-callback");
    expect(page.container.querySelector('[role="alert"]')).not.toBeNull();
    expect(page.navigations).toEqual([]);
    expect(page.requestsTo("POST /auth/oauth/token")).toEqual([]);
  });

  it("says there is nothing to finish on a reload (no verifier any more)", async () => {
    window.history.replaceState(null, "", "/handler/oauth-callback?code=c&state=gone");
    page = await renderHandler("oauth-callback");
    expect(text(page.container)).toContain("There is no sign-in to finish here.");
  });
});
