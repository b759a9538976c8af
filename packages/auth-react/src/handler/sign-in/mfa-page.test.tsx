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
  typeInto,
  wireTokens,
} from "../handler-test-harness";
import { readMfaAttempt } from "./mfa-attempt";

const attemptCode = "a".repeat(45);
let page: RenderedHandler | null = null;
beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await page?.unmount();
  page = null;
});

function mfaRequired() {
  return knownError(
    "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
    "Multi-factor authentication is required for this user.",
    400,
    { attempt_code: attemptCode },
  );
}

async function enterCode(current: RenderedHandler, code: string) {
  await typeInto(getInput(current.container, "Code"), code);
  await submit(getButton(current.container, "Verify"));
}

describe("signing in a user with TOTP", () => {
  it("sends the password sign-in on to /handler/mfa, keeping the attempt out of the URL", async () => {
    page = await renderHandler("sign-in", {
      search: "after_auth_return_to=%2Fadmin",
      routes: { "POST /auth/password/sign-in": () => mfaRequired() },
    });
    await typeInto(getInput(page.container, "Email"), "ana@example.org");
    await typeInto(getInput(page.container, "Password"), "long enough");
    await submit(getButton(page.container, "Sign In"));
    expect(page.navigations).toEqual([
      { to: "/handler/mfa?after_auth_return_to=%2Fadmin", replace: false },
    ]);
    expect(readMfaAttempt()).toBe(attemptCode);
    expect(page.container.querySelector('[role="alert"]')).toBeNull();
  });
});

describe("/handler/mfa", () => {
  it("asks to sign in first when no sign-in waits for a second factor", async () => {
    page = await renderHandler("mfa");
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      "There is no sign-in waiting for a second factor. Please sign in first.",
    );
  });

  it("checks the code's form, then shows a wrong code on the field", async () => {
    sessionStorage.setItem("heritage-auth-mfa-attempt-code", attemptCode);
    page = await renderHandler("mfa", {
      routes: {
        "POST /auth/mfa/sign-in": () => knownError("INVALID_TOTP_CODE", "Invalid TOTP code"),
      },
    });
    const code = getInput(page.container, "Code");
    await enterCode(page, "12345");
    expect(fieldError(code)).toBe("Please enter the 6-digit code from your app.");
    expect(page.requestsTo("POST /auth/mfa/sign-in")).toEqual([]);
    await enterCode(page, "123 456");
    expect(page.requestsTo("POST /auth/mfa/sign-in")[0]?.body).toEqual({
      type: "totp",
      code: attemptCode,
      totp: "123456",
    });
    expect(fieldError(code)).toBe("This code is not correct. Please try the current one.");
    expect(document.activeElement).toBe(code);
  });

  it("finishes the sign-in and moves on to the return target", async () => {
    sessionStorage.setItem("heritage-auth-mfa-attempt-code", attemptCode);
    page = await renderHandler("mfa", {
      search: "after_auth_return_to=%2Fadmin%2Fusers",
      routes: {
        "POST /auth/mfa/sign-in": () => Response.json({ ...wireTokens(), is_new_user: false }),
      },
    });
    await enterCode(page, "654321");
    expect(page.navigations).toEqual([{ to: "/admin/users", replace: true }]);
    expect(readMfaAttempt()).toBeNull();
  });

  it("says an expired attempt must sign in again", async () => {
    sessionStorage.setItem("heritage-auth-mfa-attempt-code", attemptCode);
    page = await renderHandler("mfa", {
      routes: {
        "POST /auth/mfa/sign-in": () => knownError("VERIFICATION_CODE_EXPIRED", "expired"),
      },
    });
    await enterCode(page, "654321");
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      "This sign-in has expired. Please sign in again.",
    );
    expect(readMfaAttempt()).toBeNull();
  });
});
