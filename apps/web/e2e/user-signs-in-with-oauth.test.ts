/**
 * A user signs in with an OAuth provider: "Sign in with Loopback" on /handler/sign-in leads to the
 * provider's consent page (a loopback OpenID Connect provider, configured as a standard `oidc`
 * provider of the site's project), back through /handler/oauth-callback to the after-sign-in URL.
 * Refusing on the consent page (the provider answers `access_denied`) and an account the project
 * may not sign up end on the callback page's error state. Driven by keyboard, checked with axe
 * (auth-platform spec section 2, contract §2.16; issue 7).
 */
import { knownErrors } from "@heritage/auth-protocol";
import {
  startTestOAuthProvider,
  type TestOAuthProvider,
} from "@heritage/auth-server/testing/oauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/test-server";
import { pressOn } from "./support/user-works-keyboard";
import {
  openSiteProjectApi,
  overrideSiteProjectConfig,
  type SiteProjectApi,
} from "./support/user-works-site-project";

const admin = { email: "oauth.admin@example.org", password: "oauth-horse-battery" };
const providerAccount = {
  sub: "loopback-user-7",
  email: admin.email,
  email_verified: true,
  name: "OAuth Admin",
};

describe.skipIf(!hasChromium)("a user signs in with OAuth", () => {
  let server: TestServer;
  let provider: TestOAuthProvider;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let api: SiteProjectApi;

  beforeAll(async () => {
    [server, provider, browser] = await Promise.all([
      // The provider listens on loopback, which projects may not aim at unless the operator says so.
      startTestServer({
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        OUTGOING_ALLOW_PRIVATE_NETWORKS: "true",
      }),
      startTestOAuthProvider({ consentPage: true }),
      launchBrowser(),
    ]);
    api = await openSiteProjectApi(server);
    await overrideSiteProjectConfig(api, {
      "auth.oauth.providers.loopback": {
        type: "oidc",
        issuerUrl: provider.issuer,
        isShared: false,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      },
    });
    ({ page, errors } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  /** From /handler/sign-in (`search`: its query) to the provider's consent page, by keyboard. */
  async function startOAuthSignIn(search = "") {
    await page.goto(`${server.url}/handler/sign-in${search}`);
    const button = page.getByRole("button", { name: "Sign in with Loopback" });
    await button.waitFor();
    await pressOn(page, button, "Enter");
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/authorize`));
    await page
      .getByRole("heading", { name: "Allow access to your Loopback ID account?" })
      .waitFor();
  }

  it("offers the provider on the sign-in page", async () => {
    await page.goto(`${server.url}/handler/sign-in`);
    await page.getByRole("button", { name: "Sign in with Loopback" }).waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in with an OAuth provider");
  });

  it("signs in through the provider's consent page and lands on the after-sign-in URL", async () => {
    provider.signInAs(providerAccount);
    await startOAuthSignIn();
    await expectNoAxeViolations(page, "the provider's consent page");
    const request = provider.lastAuthorizationRequest;
    expect(request?.get("redirect_uri")).toBe(`${server.url}/api/v1/auth/oauth/callback/loopback`);
    expect(request?.get("code_challenge_method")).toBe("S256");

    // The callback page's own state lasts as long as the code exchange: hold it to audit the page.
    let releaseExchange = () => {};
    const exchangeHeld = new Promise<void>((resolve) => {
      releaseExchange = resolve;
    });
    await page.route("**/api/v1/auth/oauth/token", async (route) => {
      await exchangeHeld;
      await route.continue();
    });
    await pressOn(page, page.getByRole("button", { name: "Allow" }), "Enter");
    await page.waitForURL((url) => url.href.startsWith(`${server.url}/handler/oauth-callback?`));
    await page.getByRole("heading", { name: "Signing in" }).waitFor();
    await page.getByText("Finishing your sign-in...").waitFor();
    await expectNoAxeViolations(page, "/handler/oauth-callback, finishing the sign-in");
    releaseExchange();
    await page.waitForURL(`${server.url}/admin`);
    await page.unroute("**/api/v1/auth/oauth/token");
    await page.getByText(`Logged in as ${admin.email}`).waitFor();
    expect(provider.tokenRequests.map((token) => token.grantType)).toEqual(["authorization_code"]);

    // The provider account is now linked to the admin with that verified e-mail.
    const users = (await (await api.request("/users")).json()) as { items: { id: string }[] };
    expect(users.items).toHaveLength(1);
    const [only] = users.items;
    const user = (await (await api.request(`/users/${only?.id}`)).json()) as {
      primary_email: string;
      oauth_providers: { id: string; account_id: string }[];
    };
    expect(user.primary_email).toBe(admin.email);
    expect(user.oauth_providers).toEqual([
      expect.objectContaining({ id: "loopback", account_id: providerAccount.sub }),
    ]);
  });

  it("signs in again after signing out, back to the page the sign-in was asked for", async () => {
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await startOAuthSignIn(`?after_auth_return_to=${encodeURIComponent("/admin/projects")}`);
    await pressOn(page, page.getByRole("button", { name: "Allow" }), "Space");
    await page.waitForURL(`${server.url}/admin/projects`);
    // An admin screen, which only a signed-in admin sees.
    await page.getByRole("heading", { name: "Manage Projects" }).waitFor();
    const users = (await (await api.request("/users")).json()) as { items: unknown[] };
    expect(users.items).toHaveLength(1);
  });

  it("refusing on the consent page ends on the callback page's error state", async () => {
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await startOAuthSignIn();
    await pressOn(page, page.getByRole("button", { name: "Deny" }), "Enter");
    await page.waitForURL((url) => url.href.startsWith(`${server.url}/handler/oauth-callback`));
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(knownErrors.oauthProviderAccessDenied().message);
    await expectNoAxeViolations(page, "/handler/oauth-callback, access denied");

    // Still signed out, and the way back is a keyboard press away.
    await pressOn(page, page.getByRole("link", { name: "Back to sign in" }), "Enter");
    await page.waitForURL(`${server.url}/handler/sign-in`);
    await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
  });

  it("an account the project may not sign up ends on the error state too", async () => {
    provider.signInAs({ sub: "stranger-1", email: "stranger@example.org", email_verified: true });
    await startOAuthSignIn();
    await pressOn(page, page.getByRole("button", { name: "Allow" }), "Enter");
    await page.waitForURL((url) => url.href.startsWith(`${server.url}/handler/oauth-callback`));
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(knownErrors.signUpNotEnabled().message);
    await expectNoAxeViolations(page, "/handler/oauth-callback, sign-up not enabled");
    const users = (await (await api.request("/users")).json()) as { items: unknown[] };
    expect(users.items).toHaveLength(1);

    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/login`);
    expect(errors).toEqual([]);
  });
});
