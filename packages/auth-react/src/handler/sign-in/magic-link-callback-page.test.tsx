// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fieldError,
  getButton,
  getInput,
  knownError,
  type RenderedHandler,
  renderHandler,
  submit,
  text,
  typeInto,
  wireProject,
  wireTokens,
} from "../handler-test-harness";
import { readMfaAttempt } from "./mfa-attempt";

const code = "m".repeat(45);
const signedIn = () => Response.json({ ...wireTokens(), is_new_user: false });
let page: RenderedHandler | null = null;
beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await page?.unmount();
  page = null;
});

const magicLinkProject = {
  "GET /projects/current": () =>
    Response.json(wireProject({ magic_link_enabled: true, credential_enabled: false })),
};

describe("sign-in with an e-mailed code on /handler/sign-in", () => {
  it("mails a link to the callback page, then signs in with the typed code and the nonce", async () => {
    const nonce = "n".repeat(39);
    page = await renderHandler("sign-in", {
      search: "after_auth_return_to=%2Fadmin",
      routes: {
        ...magicLinkProject,
        "POST /auth/otp/send-sign-in-code": () => Response.json({ nonce }),
        "POST /auth/otp/sign-in": signedIn,
      },
    });
    expect(page.container.querySelector('input[type="password"]')).toBeNull();
    await submit(getButton(page.container, "Email me a sign-in code"));
    expect(fieldError(getInput(page.container, "Email for a sign-in code"))).toBe(
      "Please enter your e-mail address.",
    );
    await typeInto(getInput(page.container, "Email for a sign-in code"), "ana@example.org");
    await submit(getButton(page.container, "Email me a sign-in code"));
    expect(page.requestsTo("POST /auth/otp/send-sign-in-code")[0]?.body).toEqual({
      email: "ana@example.org",
      callback_url: "http://localhost:3000/handler/magic-link-callback",
    });
    expect(text(page.container)).toContain(
      "We have sent a sign-in link and code to ana@example.org.",
    );
    await typeInto(getInput(page.container, "Code from the e-mail"), "abc");
    await submit(getButton(page.container, "Sign in with code"));
    expect(page.requestsTo("POST /auth/otp/sign-in")).toEqual([]);
    await typeInto(getInput(page.container, "Code from the e-mail"), "abc 123");
    await submit(getButton(page.container, "Sign in with code"));
    expect(page.requestsTo("POST /auth/otp/sign-in")[0]?.body).toEqual({ code: `ABC123${nonce}` });
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });
});

describe("/handler/magic-link-callback", () => {
  it("redeems the link's code once and moves on to the return target", async () => {
    page = await renderHandler("magic-link-callback", {
      search: `code=${code}&after_auth_return_to=%2Fadmin%2Fusers`,
      routes: { "POST /auth/otp/sign-in": signedIn },
    });
    expect(page.requestsTo("POST /auth/otp/sign-in")).toEqual([
      { method: "POST", path: "/auth/otp/sign-in", body: { code } },
    ]);
    expect(page.navigations).toEqual([{ to: "/admin/users", replace: true }]);
  });

  it.each([
    ["VERIFICATION_CODE_EXPIRED", "Link expired"],
    ["VERIFICATION_CODE_ALREADY_USED", "Link already used"],
    ["VERIFICATION_CODE_NOT_FOUND", "Invalid link"],
  ])("shows %s as its own state", async (errorCode, title) => {
    page = await renderHandler("magic-link-callback", {
      search: `code=${code}`,
      routes: { "POST /auth/otp/sign-in": () => knownError(errorCode, "x") },
    });
    expect(page.container.querySelector("h1")?.textContent).toBe(title);
    expect(page.navigations).toEqual([]);
  });

  it("sends a user with TOTP on to /handler/mfa", async () => {
    page = await renderHandler("magic-link-callback", {
      search: `code=${code}`,
      routes: {
        "POST /auth/otp/sign-in": () =>
          knownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", "x", 400, {
            attempt_code: "a".repeat(45),
          }),
      },
    });
    expect(page.navigations).toEqual([{ to: "/handler/mfa", replace: false }]);
    expect(readMfaAttempt()).toBe("a".repeat(45));
  });
});
