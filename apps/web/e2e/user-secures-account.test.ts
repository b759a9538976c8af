/**
 * A user secures their account in /handler/account-settings, on the real server and database
 * (auth-platform spec: handler pages, MFA, passkeys, sessions; contract §2.5, §2.14, §2.15):
 * turns on two-factor authentication by scanning the QR code and then needs its code to sign in
 * (/handler/mfa, a wrong code refused), then turns it off and signs in without one; signs out a
 * session of another browser, which loses it; and registers a passkey with Chromium's virtual authenticator, then signs in with it alone (and
 * with it and the app's code once two-factor is on).
 * Every page reached passes axe, and each is driven by keyboard at least once.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Credentials,
  expectNoAxeViolations,
  newAdminPage,
} from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { newContext, recordErrors } from "./support/journey-helpers";
import { startTestServer, type TestServer } from "./support/test-server";
import {
  addVirtualAuthenticator,
  decodeBase32,
  hasFocusWithin,
  pressByKeyboard,
  readQrCode,
  signInByKeyboard,
  tabTo,
  totpCodeAt,
  typeIntoFocused,
  wrongTotpCode,
} from "./support/user-secures-account-steps";
import {
  createSiteUser,
  openSiteProjectApi,
  overrideSiteProjectConfig,
} from "./support/user-works-site-project";

const totpUser = { email: "careful.editor@example.org", password: "two-factor-horse" };
const sessionsUser = { email: "travelling.editor@example.org", password: "two-laptops-horse" };
const passkeyUser = { email: "passkey.editor@example.org", password: "screen-lock-horse" };

/** A wrong code is answered 400 by the auth API, which the browser logs; nothing else may be. */
const isExpectedConsoleError = (text: string) => text.includes("status of 400");

describe.skipIf(!hasChromium)("a user secures their account", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await openSiteProjectApi(server);
    // The site's project has only passwords on (server/site-auth); passkeys are the operator's choice.
    await overrideSiteProjectConfig(api, { "auth.passkey.allowSignIn": true });
    for (const user of [totpUser, sessionsUser, passkeyUser]) {
      await createSiteUser(api, { ...user, displayName: user.email.split("@")[0] ?? "" });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signInOnHandler(page: Page, user: Credentials): Promise<void> {
    await page.goto(`${server.url}/handler/sign-in`);
    await signInByKeyboard(page, user);
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${user.email}`).waitFor();
  }

  async function openAccountSettings(page: Page, origin = server.url): Promise<void> {
    await page.goto(`${origin}/handler/account-settings`);
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await page.getByRole("heading", { name: "Sessions" }).waitFor();
  }

  describe("two-factor authentication", () => {
    let page: Page;
    let errors: string[];
    let secret: Buffer;

    beforeAll(async () => {
      ({ page, errors } = await newAdminPage(browser));
    });

    it("turns it on by scanning the QR code and confirming the app's code", async () => {
      await page.goto(`${server.url}/handler/sign-in`);
      await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
      await expectNoAxeViolations(page, "/handler/sign-in");
      await signInByKeyboard(page, totpUser);
      await page.waitForURL(`${server.url}/admin`);

      await openAccountSettings(page);
      await expectNoAxeViolations(page, "/handler/account-settings");
      const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
      await pressByKeyboard(
        page,
        twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }),
      );
      const qrCode = twoFactor.getByRole("img", {
        name: "QR code of the key for your authenticator app",
      });
      await qrCode.waitFor();
      // The button pressed is gone: the focus stays in the section, on its heading.
      expect(await hasFocusWithin(twoFactor)).toBe(true);
      await expectNoAxeViolations(page, "/handler/account-settings, turning on two-factor");

      // What the phone reads is the otpauth link of the page, naming the site and the account.
      const scanned = new URL(await readQrCode(qrCode));
      const link = await page
        .getByRole("link", { name: "open it in the app" })
        .getAttribute("href");
      expect(scanned.href).toBe(link);
      expect(scanned.protocol).toBe("otpauth:");
      expect(scanned.host).toBe("totp");
      expect(decodeURIComponent(scanned.pathname)).toBe(`/Balkan Heritage site:${totpUser.email}`);
      expect(scanned.searchParams.get("issuer")).toBe("Balkan Heritage site");
      const scannedKey = scanned.searchParams.get("secret") ?? "";
      // The key typed by hand is the same one.
      const typedKey = (await page.locator("[data-totp-key]").textContent()) ?? "";
      expect(typedKey.replace(/\s/g, "")).toBe(scannedKey);
      secret = decodeBase32(scannedKey);
      expect(secret.length).toBeGreaterThanOrEqual(20);

      const code = page.getByLabel("Code from your app");
      await tabTo(page, code);
      await typeIntoFocused(page, code, totpCodeAt(secret, Date.now()));
      await page.keyboard.press("Enter");
      await page.getByText("Two-factor authentication is on.").waitFor();
      await page.getByText("On: signing in asks for a code from your authenticator app.").waitFor();
      expect(await hasFocusWithin(twoFactor)).toBe(true);
      await expectNoAxeViolations(page, "/handler/account-settings, two-factor on");
    });

    it("then asks for the app's code after the password, refusing a wrong one", async () => {
      await page.goto(`${server.url}/handler/sign-out`);
      await page.waitForURL(`${server.url}/login`);

      // Account settings send a signed-out visitor to sign in, and bring them back afterwards.
      await page.goto(`${server.url}/handler/account-settings`);
      const returnTo = `after_auth_return_to=${encodeURIComponent("/handler/account-settings")}`;
      await page.waitForURL(`${server.url}/handler/sign-in?${returnTo}`);
      await signInByKeyboard(page, totpUser);
      await page.waitForURL(`${server.url}/handler/mfa?${returnTo}`);
      await page.getByText("Enter the 6-digit code from your authenticator app.").waitFor();
      await expectNoAxeViolations(page, "/handler/mfa");

      const code = page.getByLabel("Code", { exact: true });
      await tabTo(page, code);
      await typeIntoFocused(page, code, wrongTotpCode(secret));
      await page.keyboard.press("Enter");
      await page.getByText("This code is not correct. Please try the current one.").waitFor();
      expect(await code.getAttribute("aria-invalid")).toBe("true");
      expect(page.url()).toBe(`${server.url}/handler/mfa?${returnTo}`);
      await expectNoAxeViolations(page, "/handler/mfa with a wrong code");

      await code.fill("");
      await tabTo(page, code);
      const currentCode = totpCodeAt(secret, Date.now());
      await typeIntoFocused(page, code, currentCode);
      await pressByKeyboard(page, page.getByRole("button", { name: "Verify" }));
      await page.waitForURL(`${server.url}/handler/account-settings`);
      await page.getByText("On: signing in asks for a code from your authenticator app.").waitFor();

      // A code works once: seen over the shoulder, it does not sign anyone in again.
      await page.goto(`${server.url}/handler/sign-out`);
      await page.waitForURL(`${server.url}/login`);
      await page.goto(`${server.url}/handler/sign-in`);
      await signInByKeyboard(page, totpUser);
      await page.waitForURL(`${server.url}/handler/mfa`);
      await tabTo(page, code);
      await typeIntoFocused(page, code, currentCode);
      await page.keyboard.press("Enter");
      await page.getByText("This code is not correct. Please try the current one.").waitFor();
      expect(page.url()).toBe(`${server.url}/handler/mfa`);
      expect(errors.filter((error) => !isExpectedConsoleError(error))).toEqual([]);
    });

    it("turns it off in the account settings, after which signing in needs no code", async () => {
      // This step's code was used above; the next step's is accepted too (clocks a little off).
      const code = page.getByLabel("Code", { exact: true });
      await code.fill("");
      await tabTo(page, code);
      await typeIntoFocused(page, code, totpCodeAt(secret, Date.now() + 30_000));
      await page.keyboard.press("Enter");
      await page.waitForURL(`${server.url}/admin`);

      await openAccountSettings(page);
      const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
      await pressByKeyboard(
        page,
        twoFactor.getByRole("button", { name: "Turn off two-factor authentication" }),
      );
      await twoFactor.getByText("Two-factor authentication is off.").waitFor();
      await twoFactor.getByText("Off: signing in needs no code from an app.").waitFor();
      expect(await hasFocusWithin(twoFactor)).toBe(true);
      await expectNoAxeViolations(page, "/handler/account-settings, two-factor turned off");

      await page.goto(`${server.url}/handler/sign-out`);
      await page.waitForURL(`${server.url}/login`);
      await page.goto(`${server.url}/handler/sign-in`);
      await signInByKeyboard(page, totpUser);
      await page.waitForURL(`${server.url}/admin`);
      await page.getByText(`Logged in as ${totpUser.email}`).waitFor();
      await openAccountSettings(page);
      await twoFactor.getByText("Off: signing in needs no code from an app.").waitFor();
      expect(errors.filter((error) => !isExpectedConsoleError(error))).toEqual([]);
    });
  });

  describe("sessions", () => {
    let laptop: BrowserContext;
    let phone: BrowserContext;

    beforeAll(async () => {
      [laptop, phone] = await Promise.all([newContext(browser), newContext(browser)]);
    });
    afterAll(async () => {
      await laptop?.close();
      await phone?.close();
    });

    it("marks the current session, which has no sign-out, and signs the other one out", async () => {
      const phonePage = await phone.newPage();
      const laptopPage = await laptop.newPage();
      const errors = recordErrors(laptopPage);
      await signInOnHandler(phonePage, sessionsUser);
      await signInOnHandler(laptopPage, sessionsUser);
      await openAccountSettings(phonePage);

      await openAccountSettings(laptopPage);
      const sessions = laptopPage.getByRole("region", { name: "Sessions" }).getByRole("listitem");
      await sessions.nth(1).waitFor();
      expect(await sessions.count()).toBe(2);
      const current = sessions.filter({ hasText: "(this session)" });
      expect(await current.count()).toBe(1);
      expect(await current.getByRole("button").count()).toBe(0);
      const other = sessions.filter({ hasNotText: "(this session)" });
      const signOutOther = other.getByRole("button", { name: /^Sign out: Signed in / });
      expect(await signOutOther.count()).toBe(1);
      await expectNoAxeViolations(laptopPage, "/handler/account-settings with two sessions");

      await pressByKeyboard(laptopPage, signOutOther, "Space");
      await laptopPage.getByText("The session has been signed out.").waitFor();
      expect(await hasFocusWithin(laptopPage.getByRole("region", { name: "Sessions" }))).toBe(true);
      await sessions.filter({ hasNotText: "(this session)" }).waitFor({ state: "detached" });
      expect(await sessions.count()).toBe(1);
      expect(await sessions.first().textContent()).toContain("(this session)");
      await expectNoAxeViolations(
        laptopPage,
        "/handler/account-settings, other session signed out",
      );

      // The phone's access token is stateless and outlives the session for its few minutes
      // (contract: revoking does not invalidate issued access tokens); once it has expired, the
      // phone cannot refresh it and is signed out. An hour later on the phone's clock:
      await phone.clock.install({ time: Date.now() + 60 * 60_000 });
      await phonePage.goto(`${server.url}/handler/account-settings`);
      await phonePage.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
      await phonePage.getByLabel("Email").waitFor();

      // The laptop's session, not signed out, lives on through the same hour: it refreshes.
      await laptop.clock.install({ time: Date.now() + 60 * 60_000 });
      await laptopPage.reload();
      await laptopPage.getByText("(this session)").waitFor();
      expect(laptopPage.url()).toBe(`${server.url}/handler/account-settings`);
      expect(errors).toEqual([]);
    });
  });

  describe("passkey", () => {
    let context: BrowserContext;
    let page: Page;
    let origin: string;

    beforeAll(async () => {
      // WebAuthn needs a domain as the relying party, not an IP address: the same server by name.
      origin = server.url.replace("127.0.0.1", "localhost");
      context = await newContext(browser);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it("registers a passkey in the account settings, then signs in with it alone", async () => {
      const errors = recordErrors(page);
      const credentials = await addVirtualAuthenticator(context, page);
      await page.goto(`${origin}/handler/sign-in`);
      await signInByKeyboard(page, passkeyUser);
      await page.waitForURL(`${origin}/admin`);

      await openAccountSettings(page, origin);
      const passkey = page.getByRole("region", { name: "Passkey" });
      await passkey
        .getByText("Sign in with your device's screen lock instead of a password.")
        .waitFor();
      await expectNoAxeViolations(page, "/handler/account-settings with passkeys allowed");
      await pressByKeyboard(page, passkey.getByRole("button", { name: "Add a passkey" }));
      await passkey
        .getByText("Your passkey has been saved. You can sign in with it now.")
        .waitFor();
      await passkey.getByRole("button", { name: "Replace passkey" }).waitFor();
      expect(await hasFocusWithin(passkey)).toBe(true);
      await expectNoAxeViolations(page, "/handler/account-settings, passkey saved");
      const [stored, ...others] = await credentials();
      expect(others).toEqual([]);
      expect(stored?.rpId).toBe("localhost");
      expect(stored?.isResidentCredential).toBe(true);

      await page.goto(`${origin}/handler/sign-out`);
      await page.waitForURL(`${origin}/login`);
      await page.goto(`${origin}/handler/sign-in`);
      const signInWithPasskey = page.getByRole("button", { name: "Sign in with a passkey" });
      await signInWithPasskey.waitFor();
      await expectNoAxeViolations(page, "/handler/sign-in with a passkey");
      await pressByKeyboard(page, signInWithPasskey);
      await page.waitForURL(`${origin}/admin`);
      await page.getByText(`Logged in as ${passkeyUser.email}`).waitFor();
      expect(errors).toEqual([]);
    });

    it("with two-factor on, a passkey sign-in goes on to /handler/mfa too", async () => {
      await openAccountSettings(page, origin);
      const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
      await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      const secret = decodeBase32(
        new URL(await readQrCode(twoFactor.getByRole("img"))).searchParams.get("secret") ?? "",
      );
      await twoFactor.getByLabel("Code from your app").fill(totpCodeAt(secret, Date.now()));
      await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();
      await twoFactor.getByText("Two-factor authentication is on.").waitFor();

      await page.goto(`${origin}/handler/sign-out`);
      await page.waitForURL(`${origin}/login`);
      await page.goto(`${origin}/handler/sign-in`);
      await pressByKeyboard(page, page.getByRole("button", { name: "Sign in with a passkey" }));
      await page.waitForURL(`${origin}/handler/mfa`);
      const code = page.getByLabel("Code", { exact: true });
      await tabTo(page, code);
      await typeIntoFocused(page, code, totpCodeAt(secret, Date.now()));
      await page.keyboard.press("Enter");
      await page.waitForURL(`${origin}/admin`);
      await page.getByText(`Logged in as ${passkeyUser.email}`).waitFor();
    });
  });
});
