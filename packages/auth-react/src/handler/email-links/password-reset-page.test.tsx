// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  fieldError,
  getButton,
  getInput,
  knownError,
  type RenderedHandler,
  renderHandler,
  submit,
  typeInto,
} from "../handler-test-harness";

const code = "c".repeat(45);
let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

const validCode = {
  "POST /auth/password/reset/check-code": () => Response.json({ success: true }),
};

async function fillPasswords(current: RenderedHandler, password: string, repeat: string) {
  await typeInto(getInput(current.container, "New password"), password);
  await typeInto(getInput(current.container, "Repeat new password"), repeat);
  await submit(getButton(current.container, "Reset password"));
}

describe("/handler/password-reset: the link's code", () => {
  it("says the link is incomplete without a code, asking the server nothing", async () => {
    page = await renderHandler("password-reset");
    expect(page.container.querySelector("h1")?.textContent).toBe("Invalid link");
    expect(page.requestsTo("POST /auth/password/reset/check-code")).toEqual([]);
  });

  it.each([
    [
      "VERIFICATION_CODE_EXPIRED",
      400,
      "Link expired",
      "This link has expired. Please ask for a new one.",
    ],
    [
      "VERIFICATION_CODE_ALREADY_USED",
      409,
      "Link already used",
      "This link has already been used.",
    ],
    ["VERIFICATION_CODE_NOT_FOUND", 404, "Invalid link", "This link is not valid."],
  ])("checks the code on load: %s", async (errorCode, status, title, message) => {
    page = await renderHandler("password-reset", {
      search: `code=${code}`,
      routes: {
        "POST /auth/password/reset/check-code": () => knownError(errorCode, "server text", status),
      },
    });
    expect(page.requestsTo("POST /auth/password/reset/check-code")[0]?.body).toEqual({ code });
    expect(page.container.querySelector("h1")?.textContent).toBe(title);
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain(message);
    expect(page.container.querySelector("a")?.getAttribute("href")).toBe(
      "/handler/forgot-password",
    );
  });
});

describe("/handler/password-reset: the new password", () => {
  it("enforces the length rules and the repetition before sending", async () => {
    page = await renderHandler("password-reset", { search: `code=${code}`, routes: validCode });
    const password = getInput(page.container, "New password");
    await fillPasswords(page, "short", "short");
    expect(fieldError(password)).toBe("Password too short. Minimum length is 8.");
    expect(document.activeElement).toBe(password);
    await fillPasswords(page, "x".repeat(71), "x".repeat(71));
    expect(fieldError(password)).toBe("Password too long. Maximum length is 70.");
    await fillPasswords(page, "long enough 1", "long enough 2");
    const repeat = getInput(page.container, "Repeat new password");
    expect(fieldError(repeat)).toBe("Passwords do not match.");
    expect(document.activeElement).toBe(repeat);
    expect(page.requestsTo("POST /auth/password/reset")).toEqual([]);
  });

  it("resets the password and leads to sign-in, keeping the return target", async () => {
    page = await renderHandler("password-reset", {
      search: `code=${code}&after_auth_return_to=%2Fadmin%2Fusers`,
      routes: { ...validCode, "POST /auth/password/reset": () => Response.json({ success: true }) },
    });
    await fillPasswords(page, "a new password", "a new password");
    expect(page.requestsTo("POST /auth/password/reset")[0]?.body).toEqual({
      code,
      password: "a new password",
    });
    expect(page.container.querySelector("h1")?.textContent).toBe("Password reset");
    const link = page.container.querySelector("a");
    expect(link?.textContent).toBe("Sign in");
    expect(link?.getAttribute("href")).toBe(
      "/handler/sign-in?after_auth_return_to=%2Fadmin%2Fusers",
    );
  });

  it("shows the server's length answer on the field, and a code used meanwhile as such", async () => {
    let answer = knownError(
      "PASSWORD_TOO_SHORT",
      "Password too short. Minimum length is 10.",
      400,
      {
        min_length: 10,
      },
    );
    page = await renderHandler("password-reset", {
      search: `code=${code}`,
      routes: { ...validCode, "POST /auth/password/reset": () => answer },
    });
    await fillPasswords(page, "nine char", "nine char");
    expect(fieldError(getInput(page.container, "New password"))).toBe(
      "Password too short. Minimum length is 10.",
    );
    answer = knownError("VERIFICATION_CODE_ALREADY_USED", "used", 409);
    await fillPasswords(page, "a longer password", "a longer password");
    expect(page.container.querySelector("h1")?.textContent).toBe("Link already used");
  });
});
