// @vitest-environment jsdom
/**
 * Issue 33, item 1: "no English left in de/bs". Every handler page, in each state the fake API
 * can bring about (forms with their own and the server's errors, mailed links that are missing,
 * expired or used, the account settings with every section open), is rendered in German and in
 * Bosnian, and no text node, element text or aria-label/placeholder/title/alt attribute may be a
 * text of the English catalogue (its `{values}` standing for anything). Buttons named for what
 * they act on keep their visible text at the start of their name.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { teamRoutes } from "../account-settings/teams/teams-fake-api";
import {
  click,
  getButton,
  getInput,
  knownError,
  type RenderedHandler,
  renderHandler,
  settle,
  submit,
  typeInto,
  userId,
  wireProject,
} from "../handler-test-harness";
import { en } from "./en";
import { createHandlerI18n } from "./translator";

/**
 * Words that are the same in the language as in English, by nature (German "Code", "Passkey",
 * "Teams"); kept short and explicit.
 */
const sameAsEnglish: Record<string, readonly string[]> = {
  de: ["Code", "Passkey", "Teams"],
  bs: [],
};

/** An English catalogue text as a pattern: its placeholders (and plurals) match anything. */
function toPattern(template: string): RegExp {
  let source = "";
  let index = 0;
  while (index < template.length) {
    if (template[index] === "{") {
      let depth = 0;
      let end = index;
      for (; end < template.length; end++) {
        if (template[end] === "{") depth++;
        if (template[end] === "}" && --depth === 0) break;
      }
      source += "[\\s\\S]+";
      index = end + 1;
    } else {
      source += (template[index] as string).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      index++;
    }
  }
  return new RegExp(`^${source}$`);
}

const englishTexts = Object.values(en).map((text) => ({ text, pattern: toPattern(text) }));

/** Every text of `container` (text nodes, element texts, named attributes) that is English. */
function englishIn(container: HTMLElement, language: string): string[] {
  const found = new Set<string>();
  const check = (value: string | null | undefined) => {
    const text = value?.replace(/\s+/g, " ").trim();
    if (!text || sameAsEnglish[language]?.includes(text)) return;
    const english = englishTexts.find(({ pattern }) => pattern.test(text));
    if (english) found.add(`${text}  (en: ${english.text})`);
  };
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    check(node.textContent);
  }
  for (const element of container.querySelectorAll("*")) {
    check(element.textContent);
    for (const name of ["aria-label", "placeholder", "title", "alt"]) {
      check(element.getAttribute(name));
    }
  }
  return [...found];
}

let page: RenderedHandler | null = null;
beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await page?.unmount();
  page = null;
  window.history.replaceState(null, "", "/");
});

const code = "c".repeat(45);

it("finds the English of an English page (the check itself works)", async () => {
  page = await renderHandler("sign-in");
  expect(englishIn(page.container, "en")).toContain(
    "Sign in to your account  (en: Sign in to your account)",
  );
  expect(englishIn(page.container, "en").length).toBeGreaterThan(4);
});

describe.each(["de", "bs"])("every handler page in %s", (lang) => {
  const { t } = createHandlerI18n(lang);
  /**
   * Fails with the English texts found, so the message says what is left. Also: a button's
   * accessible name starts with its visible text in every language (axe
   * label-content-name-mismatch), as the English names do.
   */
  const expectNoEnglish = () => {
    const container = page?.container as HTMLElement;
    expect(englishIn(container, lang)).toEqual([]);
    for (const button of container.querySelectorAll("button[aria-label]")) {
      const name = button.getAttribute("aria-label") ?? "";
      expect(name.startsWith(button.textContent ?? ""), name).toBe(true);
    }
  };
  const heading = () => page?.container.querySelector("h1")?.textContent;
  const alert = () => page?.container.querySelector('[role="alert"]')?.textContent;

  it("sign-in with every method: the forms, their checks and the server's answers", async () => {
    page = await renderHandler("sign-in", {
      lang,
      routes: {
        "GET /projects/current": () =>
          Response.json(
            wireProject({
              enabled_oauth_providers: [{ id: "github" }],
              passkey_enabled: true,
              magic_link_enabled: true,
            }),
          ),
        "POST /auth/password/sign-in": () =>
          knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."),
        "POST /auth/otp/send-sign-in-code": () => Response.json({ nonce: "n".repeat(39) }),
        "POST /auth/otp/sign-in": () => knownError("VERIFICATION_CODE_EXPIRED", "expired"),
      },
    });
    expect(heading()).toBe(t("signIn.formTitle"));
    expect(
      getButton(page.container, t("signIn.withProvider", { provider: "GitHub" })),
    ).toBeTruthy();
    expectNoEnglish();

    await submit(getButton(page.container, t("signIn.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("common.email")), "ana@example.org");
    await typeInto(getInput(page.container, t("common.password")), "wrong password");
    await submit(getButton(page.container, t("signIn.submit")));
    expect(alert()).toBe(t("error.EMAIL_PASSWORD_MISMATCH"));
    expectNoEnglish();

    // The passkey: the fake server knows no passkey route, a failure without a code.
    await click(getButton(page.container, t("signIn.withPasskey")));
    expect(alert()).toBe(t("error.generic"));
    expectNoEnglish();

    const emailForCode = getInput(page.container, t("magicLink.emailLabel"));
    await typeInto(emailForCode, "not an address");
    await submit(getButton(page.container, t("magicLink.send")));
    expectNoEnglish();
    await typeInto(emailForCode, "ana@example.org");
    await submit(getButton(page.container, t("magicLink.send")));
    expect(page.container.textContent).toContain(t("magicLink.sent", { email: "ana@example.org" }));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("magicLink.codeLabel")), "abc");
    await submit(getButton(page.container, t("magicLink.signInWithCode")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("magicLink.codeLabel")), "abc123");
    await submit(getButton(page.container, t("magicLink.signInWithCode")));
    expectNoEnglish();
  });

  it("sign-in with no method enabled", async () => {
    page = await renderHandler("sign-in", {
      lang,
      routes: {
        "GET /projects/current": () => Response.json(wireProject({ credential_enabled: false })),
      },
    });
    expect(page.container.textContent).toContain(t("signIn.noMethod"));
    expectNoEnglish();
  });

  it("sign-up: its checks, a taken address, and sign-up switched off", async () => {
    page = await renderHandler("sign-up", {
      lang,
      routes: {
        "POST /auth/password/sign-up": () =>
          knownError("USER_EMAIL_ALREADY_EXISTS", "A user with email exists.", 409, {
            email: "ana@example.org",
          }),
      },
    });
    expect(heading()).toBe(t("signUp.formTitle"));
    expectNoEnglish();
    await submit(getButton(page.container, t("signUp.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("common.email")), "nope");
    await typeInto(getInput(page.container, t("common.password")), "short");
    await submit(getButton(page.container, t("signUp.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("common.email")), "ana@example.org");
    await typeInto(getInput(page.container, t("common.password")), "long enough");
    await typeInto(getInput(page.container, t("signUp.repeatPassword")), "other password");
    await submit(getButton(page.container, t("signUp.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("signUp.repeatPassword")), "long enough");
    await submit(getButton(page.container, t("signUp.submit")));
    expect(page.container.textContent).toContain(
      t("error.USER_EMAIL_ALREADY_EXISTS", { email: "ana@example.org" }),
    );
    expectNoEnglish();

    for (const config of [{ sign_up_enabled: false }, { credential_enabled: false }]) {
      await page.unmount();
      page = await renderHandler("sign-up", {
        lang,
        routes: { "GET /projects/current": () => Response.json(wireProject(config)) },
      });
      expect(heading()).toBe(t("signUp.title"));
      expectNoEnglish();
    }
    await page.unmount();
    page = await renderHandler("sign-up", {
      lang,
      routes: { "GET /projects/current": () => new Response("gone", { status: 404 }) },
    });
    expect(alert()).toBe(t("common.projectNotLoaded"));
    expectNoEnglish();
  });

  it("sign-out, the error page and an unknown page", async () => {
    page = await renderHandler("sign-out", { lang, signedIn: true });
    expect(heading()).toBe(t("signOut.title"));
    expectNoEnglish();

    for (const search of [
      "errorCode=OAUTH_PROVIDER_ACCESS_DENIED&message=The%20OAuth%20provider%20denied%20access.",
      "errorCode=SOMETHING_NEW&message=Some%20English%20words",
      "",
    ]) {
      await page.unmount();
      page = await renderHandler("error", { lang, search });
      expect(heading()).toBe(t("common.somethingWentWrong"));
      expect(alert()).not.toContain("English");
      expectNoEnglish();
    }
    await page.unmount();
    page = await renderHandler("no-such-page", { lang });
    expect(heading()).toBe(t("notFound.title"));
    expectNoEnglish();
  });

  it("forgot password: its checks, a refused callback and the mail sent", async () => {
    let answer = knownError("REDIRECT_URL_NOT_WHITELISTED", "Redirect URL not whitelisted.");
    page = await renderHandler("forgot-password", {
      lang,
      routes: { "POST /auth/password/send-reset-code": () => answer },
    });
    expectNoEnglish();
    await submit(getButton(page.container, t("forgotPassword.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("common.email")), "ana@example.org");
    await submit(getButton(page.container, t("forgotPassword.submit")));
    expect(alert()).toBe(t("error.REDIRECT_URL_NOT_WHITELISTED"));
    expectNoEnglish();
    answer = Response.json({ success: true });
    await submit(getButton(page.container, t("forgotPassword.submit")));
    expect(heading()).toBe(t("forgotPassword.sentTitle"));
    expectNoEnglish();
  });

  it("password reset: a missing or expired link, the form's checks, the password reset", async () => {
    page = await renderHandler("password-reset", { lang });
    expect(heading()).toBe(t("codeProblem.missing.title"));
    expectNoEnglish();
    await page.unmount();
    page = await renderHandler("password-reset", {
      lang,
      search: `code=${code}`,
      routes: {
        "POST /auth/password/reset/check-code": () =>
          knownError("VERIFICATION_CODE_EXPIRED", "expired"),
      },
    });
    expect(heading()).toBe(t("codeProblem.expired.title"));
    expectNoEnglish();
    await page.unmount();
    page = await renderHandler("password-reset", {
      lang,
      search: `code=${code}`,
      routes: {
        "POST /auth/password/reset/check-code": () => Response.json({ success: true }),
        "POST /auth/password/reset": () => Response.json({ success: true }),
      },
    });
    expect(heading()).toBe(t("passwordReset.formTitle"));
    expectNoEnglish();
    await submit(getButton(page.container, t("passwordReset.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("passwordReset.newPassword")), "x".repeat(71));
    await submit(getButton(page.container, t("passwordReset.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("passwordReset.newPassword")), "long enough");
    await typeInto(getInput(page.container, t("passwordReset.repeatNewPassword")), "long enough");
    await submit(getButton(page.container, t("passwordReset.submit")));
    expect(heading()).toBe(t("passwordReset.doneTitle"));
    expectNoEnglish();
  });

  it.each([
    ["verified", null],
    ["missing", undefined],
    ["expired", "VERIFICATION_CODE_EXPIRED"],
    ["used", "VERIFICATION_CODE_ALREADY_USED"],
    ["already verified", "EMAIL_ALREADY_VERIFIED"],
  ])("e-mail verification: %s", async (_state, errorCode) => {
    page = await renderHandler("email-verification", {
      lang,
      search: errorCode === undefined ? "" : `code=${code}`,
      routes: {
        "POST /contact-channels/verify": () =>
          errorCode ? knownError(errorCode, "x", 409) : Response.json({ success: true }),
      },
    });
    expect(heading()).not.toBe("");
    expectNoEnglish();
  });

  it("MFA: nothing waiting, then the form, its check, a wrong and an expired code", async () => {
    page = await renderHandler("mfa", { lang });
    expect(alert()).toBe(t("mfa.noAttempt"));
    expectNoEnglish();
    await page.unmount();
    sessionStorage.setItem("heritage-auth-mfa-attempt-code", "a".repeat(45));
    let answer = knownError("INVALID_TOTP_CODE", "The TOTP code is invalid.");
    page = await renderHandler("mfa", {
      lang,
      routes: { "POST /auth/mfa/sign-in": () => answer },
    });
    expect(heading()).toBe(t("mfa.title"));
    expectNoEnglish();
    await submit(getButton(page.container, t("mfa.submit")));
    expectNoEnglish();
    await typeInto(getInput(page.container, t("mfa.codeLabel")), "123456");
    await submit(getButton(page.container, t("mfa.submit")));
    expectNoEnglish();
    answer = knownError("TEAM_NOT_FOUND", "An answer the page does not expect.", 404, {
      team_id: "x",
    });
    await submit(getButton(page.container, t("mfa.submit")));
    expect(alert()).toBe(t("error.TEAM_NOT_FOUND"));
    answer = knownError("VERIFICATION_CODE_EXPIRED", "expired");
    await submit(getButton(page.container, t("mfa.submit")));
    expect(alert()).toBe(t("mfa.expired"));
    expectNoEnglish();
  });

  it("OAuth callback: nothing to finish, and the provider's refusal", async () => {
    window.history.replaceState(null, "", "/handler/oauth-callback?code=c&state=gone");
    page = await renderHandler("oauth-callback", { lang });
    expect(alert()).toBe(t("oauthCallback.nothingToFinish"));
    expectNoEnglish();
    await page.unmount();
    window.history.replaceState(
      null,
      "",
      "/handler/oauth-callback?errorCode=OAUTH_PROVIDER_ACCESS_DENIED&message=The%20OAuth%20provider%20denied%20access%20to%20the%20user.",
    );
    page = await renderHandler("oauth-callback", { lang });
    expect(alert()).toBe(t("error.OAUTH_PROVIDER_ACCESS_DENIED"));
    expectNoEnglish();
  });

  it("magic-link callback: a missing, an expired and a failing link", async () => {
    page = await renderHandler("magic-link-callback", { lang });
    expect(heading()).toBe(t("codeProblem.missing.title"));
    expectNoEnglish();
    for (const [errorCode, title] of [
      ["VERIFICATION_CODE_EXPIRED", t("codeProblem.expired.title")],
      ["SIGN_UP_NOT_ENABLED", t("common.somethingWentWrong")],
    ] as const) {
      await page.unmount();
      page = await renderHandler("magic-link-callback", {
        lang,
        search: `code=${code}`,
        routes: { "POST /auth/otp/sign-in": () => knownError(errorCode, "x") },
      });
      expect(heading()).toBe(title);
      expectNoEnglish();
    }
  });

  it("team invitation: missing code, signed out, invited, refused, joined", async () => {
    page = await renderHandler("team-invitation", { lang });
    expectNoEnglish();
    await page.unmount();
    page = await renderHandler("team-invitation", { lang, search: `code=${code}` });
    expect(heading()).toBe(t("teamInvitation.title"));
    expectNoEnglish();
    await page.unmount();
    let answer = knownError("TEAM_INVITATION_EMAIL_MISMATCH", "Sent to another address.", 403);
    page = await renderHandler("team-invitation", {
      lang,
      search: `code=${code}`,
      signedIn: true,
      routes: {
        "POST /team-invitations/accept/details": () =>
          Response.json({
            team_id: "dddddddd-dddd-4ddd-8ddd-dddddddddddd",
            team_display_name: "Archive",
          }),
        "POST /team-invitations/accept": () => answer,
      },
    });
    expect(page.container.textContent).toContain(t("teamInvitation.invited", { team: "Archive" }));
    expectNoEnglish();
    await click(getButton(page.container, t("teamInvitation.join")));
    expect(alert()).toBe(t("error.TEAM_INVITATION_EMAIL_MISMATCH"));
    expectNoEnglish();
    answer = Response.json({ success: true });
    await click(getButton(page.container, t("teamInvitation.join")));
    expect(page.container.textContent).toContain(t("teamInvitation.joined", { team: "Archive" }));
    expectNoEnglish();
  });

  it("account settings, signed out: on the way to sign-in", async () => {
    page = await renderHandler("account-settings", { lang });
    expect(page.container.textContent).toContain(t("account.redirecting"));
    expectNoEnglish();
  });

  it("account settings with every section, its checks, notices, a team's panel and dialogs", async () => {
    const otherSession = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
    const channelId = "22222222-2222-4222-8222-222222222222";
    const channel = (id: string, value: string, primary: boolean) => ({
      id,
      user_id: userId,
      value,
      type: "email",
      used_for_auth: primary,
      is_verified: primary,
      is_primary: primary,
    });
    const ipInfo = {
      ip: "203.0.113.7",
      countryCode: null,
      regionCode: null,
      cityName: null,
      latitude: null,
      longitude: null,
      tzIdentifier: null,
    };
    let userKeys: Record<string, unknown>[] = [
      {
        id: "cccccccc-cccc-4ccc-8ccc-ccccccccccc1",
        description: "Backups",
        created_at_millis: Date.UTC(2024, 0, 1),
        expires_at_millis: Date.UTC(2031, 5, 1),
        is_public: false,
        type: "user",
        user_id: userId,
        value: { last_four: "wxyz" },
      },
    ];
    const teams = teamRoutes({ canCreate: true, teamKeys: true });
    page = await renderHandler("account-settings", {
      lang,
      signedIn: true,
      routes: {
        ...teams,
        "GET /projects/current": () =>
          Response.json(
            wireProject({
              passkey_enabled: true,
              allow_user_api_keys: true,
              allow_team_api_keys: true,
              client_team_creation_enabled: true,
            }),
          ),
        "GET /contact-channels": () =>
          Response.json({
            items: [
              channel("11111111-1111-4111-8111-111111111111", "ana@example.org", true),
              channel(channelId, "old@example.org", false),
            ],
            is_paginated: false,
          }),
        [`POST /contact-channels/me/${channelId}/send-verification-code`]: () =>
          Response.json({ success: true }),
        "GET /auth/sessions": () =>
          Response.json({
            items: [
              {
                id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
                user_id: userId,
                created_at: 1_700_000_000_000,
                last_used_at: 1_700_000_100_000,
                is_impersonation: false,
                is_current_session: true,
              },
              {
                id: otherSession,
                user_id: userId,
                created_at: 1_690_000_000_000,
                last_used_at: 1_690_000_100_000,
                is_impersonation: false,
                is_current_session: false,
                last_used_at_end_user_ip_info: ipInfo,
              },
            ],
            is_paginated: false,
          }),
        [`DELETE /auth/sessions/${otherSession}`]: () =>
          knownError("CANNOT_DELETE_CURRENT_SESSION", "Cannot delete the current session."),
        "GET /user-api-keys": () => Response.json({ items: userKeys, is_paginated: false }),
        "POST /user-api-keys": ({ body }) => {
          const key = {
            id: "cccccccc-cccc-4ccc-8ccc-ccccccccccc2",
            description: body?.description,
            created_at_millis: Date.now(),
            is_public: false,
            type: "user",
            user_id: userId,
          };
          userKeys = [...userKeys, { ...key, value: { last_four: "new1" } }];
          return Response.json({ ...key, value: "sk_user_new_value_new1" });
        },
      },
    });
    expect(heading()).toBe(t("account.title"));
    expect(page.container.textContent).toContain(t("apiKeys.title"));
    expect(page.container.textContent).toContain(t("passkey.title"));
    expectNoEnglish();

    // A team's panel, and deleting the team up to its question.
    await click(getButton(page.container, t("teams.manage")));
    expect(page.container.textContent).toContain(t("teamMembers.title", { team: "Archive" }));
    expectNoEnglish();
    await click(getButton(page.container, t("teamDelete.delete")));
    expect(page.container.textContent).toContain(t("teamDelete.question", { team: "Archive" }));
    expectNoEnglish();

    // Each form's own checks.
    await typeInto(getInput(page.container, t("profile.displayName")), "n".repeat(300));
    await submit(getButton(page.container, t("profile.save")));
    await submit(getButton(page.container, t("emails.add")));
    await submit(getButton(page.container, t("passwordSection.change")));
    await submit(getButton(page.container, t("apiKeys.create")));
    await submit(getButton(page.container, t("teams.create")));
    await typeInto(
      getInput(page.container, t("teamInvitations.inviteLabel", { team: "Archive" })),
      "nope",
    );
    await submit(getButton(page.container, t("teamInvitations.send")));
    expect(page.container.textContent).toContain(t("validation.nameTooLong", { max: 256 }));
    expectNoEnglish();

    // Notices and the server's answers.
    await click(
      getButton(page.container, t("emails.sendVerificationTo", { email: "old@example.org" })),
    );
    expect(page.container.textContent).toContain(
      t("emails.verificationSent", { email: "old@example.org" }),
    );
    await click(getButton(page.container, t("sessions.signOut")));
    expect(page.container.textContent).toContain(t("error.CANNOT_DELETE_CURRENT_SESSION"));
    await click(getButton(page.container, t("passkey.add")));
    expectNoEnglish();

    // A new key shown once; copying it fails here (jsdom has no clipboard).
    await typeInto(getInput(page.container, t("apiKeys.descriptionLabel")), "Deploys");
    await submit(getButton(page.container, t("apiKeys.create")));
    expect(page.container.textContent).toContain(t("apiKeys.newKey"));
    await click(getButton(page.container, t("apiKeys.copy")));
    expectNoEnglish();

    // Two-factor authentication set up, with a code that is not the key's.
    await click(getButton(page.container, t("mfaSection.turnOn")));
    expect(page.container.querySelector("img[data-totp-qr-code]")?.getAttribute("alt")).toBe(
      t("mfaSection.qrCodeAlt"),
    );
    expectNoEnglish();
    await typeInto(getInput(page.container, t("mfaSection.codeLabel")), "000000");
    await submit(getButton(page.container, t("mfaSection.confirm")));
    for (let round = 0; round < 100; round++) {
      if (page.container.textContent?.includes(t("mfaSection.wrongCode"))) break;
      await settle();
    }
    expect(page.container.textContent).toContain(t("mfaSection.wrongCode"));
    expectNoEnglish();
  });
});
