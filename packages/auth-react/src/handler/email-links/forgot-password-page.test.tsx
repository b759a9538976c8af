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
  text,
  typeInto,
} from "../handler-test-harness";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

describe("/handler/forgot-password", () => {
  it("asks for the e-mail, focusing the field, before sending anything", async () => {
    page = await renderHandler("forgot-password");
    const email = getInput(page.container, "Email");
    await submit(getButton(page.container, "Send reset link"));
    expect(fieldError(email)).toBe("Please enter your e-mail address.");
    expect(document.activeElement).toBe(email);
    await typeInto(email, "not-an-address");
    await submit(getButton(page.container, "Send reset link"));
    expect(fieldError(email)).toBe("Please enter a valid e-mail address.");
    expect(page.requestsTo("POST /auth/password/send-reset-code")).toEqual([]);
  });

  it("mails a link to the password-reset page and says so without revealing the account", async () => {
    page = await renderHandler("forgot-password", {
      search: "after_auth_return_to=%2Fadmin",
      routes: { "POST /auth/password/send-reset-code": () => Response.json({ success: true }) },
    });
    await typeInto(getInput(page.container, "Email"), " ana@example.org ");
    await submit(getButton(page.container, "Send reset link"));
    expect(page.requestsTo("POST /auth/password/send-reset-code")[0]?.body).toEqual({
      email: "ana@example.org",
      callback_url: "http://localhost:3000/handler/password-reset",
    });
    expect(page.container.querySelector("h1")?.textContent).toBe("Check your e-mail");
    // The button is gone with the form: focus moves to the new heading.
    expect(document.activeElement).toBe(page.container.querySelector("h1"));
    expect(page.container.querySelector('[role="status"]')?.textContent).toBe(
      "If an account signs in with ana@example.org, we have sent it a link to reset the password.",
    );
    expect(page.container.querySelector("a")?.getAttribute("href")).toBe(
      "/handler/sign-in?after_auth_return_to=%2Fadmin",
    );
  });

  it("shows the server's error in an alert that takes the focus", async () => {
    page = await renderHandler("forgot-password", {
      routes: {
        "POST /auth/password/send-reset-code": () =>
          knownError("REDIRECT_URL_NOT_WHITELISTED", "Redirect URL not whitelisted."),
      },
    });
    await typeInto(getInput(page.container, "Email"), "ana@example.org");
    await submit(getButton(page.container, "Send reset link"));
    const alert = page.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("Redirect URL not whitelisted.");
    expect(document.activeElement).toBe(alert);
    expect(text(page.container)).not.toContain("Check your e-mail");
  });
});
