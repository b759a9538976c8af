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
  wireProject,
  wireTokens,
  wireUser,
} from "../handler-test-harness";

let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

async function fill(current: RenderedHandler, email: string, password: string, repeat: string) {
  await typeInto(getInput(current.container, "Email"), email);
  await typeInto(getInput(current.container, "Password"), password);
  await typeInto(getInput(current.container, "Repeat password"), repeat);
  await submit(getButton(current.container, "Sign Up"));
}

describe("/handler/sign-up", () => {
  it("says so when the project has sign-up off", async () => {
    page = await renderHandler("sign-up", {
      routes: {
        "GET /projects/current": () => Response.json(wireProject({ sign_up_enabled: false })),
      },
    });
    expect(text(page.container)).toContain("Sign-up is not enabled for this project");
    expect(page.container.querySelector("form")).toBeNull();
  });

  it("checks the address, the length and the repetition before sending", async () => {
    page = await renderHandler("sign-up");
    await fill(page, "", "short", "short");
    const email = getInput(page.container, "Email");
    expect(fieldError(email)).toBe("Please enter your e-mail address.");
    expect(fieldError(getInput(page.container, "Password"))).toBe(
      "Password too short. Minimum length is 8.",
    );
    // Focus goes to the first field with a problem.
    expect(document.activeElement).toBe(email);
    await fill(page, "ana@example.org", "long enough", "long enougH");
    expect(fieldError(getInput(page.container, "Repeat password"))).toBe("Passwords do not match.");
    expect(page.requestsTo("POST /auth/password/sign-up")).toEqual([]);
  });

  it("signs up with a verification link and moves on to the return target", async () => {
    page = await renderHandler("sign-up", {
      search: "after_auth_return_to=%2Fwelcome%23top",
      routes: { "POST /auth/password/sign-up": () => Response.json(wireTokens()) },
      urls: { afterSignIn: "/admin" },
    });
    await fill(page, "ana@example.org", "long enough", "long enough");
    expect(page.requestsTo("POST /auth/password/sign-up")[0]?.body).toEqual({
      email: "ana@example.org",
      password: "long enough",
      verification_callback_url: "http://localhost:3000/handler/email-verification",
    });
    // The hash of the target is dropped (spec section 2).
    expect(page.navigations).toEqual([{ to: "/welcome", replace: true }]);
  });

  it("lets an anonymous visitor sign up (which upgrades them) and then moves on", async () => {
    let anonymous = true;
    page = await renderHandler("sign-up", {
      signedIn: true,
      urls: { afterSignIn: "/admin" },
      routes: {
        "GET /users/me": () => Response.json(wireUser({ is_anonymous: anonymous })),
        "POST /auth/password/sign-up": () => {
          anonymous = false;
          return Response.json(wireTokens());
        },
      },
    });
    expect(page.navigations).toEqual([]);
    await fill(page, "ana@example.org", "long enough", "long enough");
    expect(page.requestsTo("POST /auth/password/sign-up")).toHaveLength(1);
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });

  it("goes to the after-sign-up URL, which defaults to after sign-in", async () => {
    page = await renderHandler("sign-up", {
      routes: { "POST /auth/password/sign-up": () => Response.json(wireTokens()) },
      urls: { afterSignIn: "/admin" },
    });
    await fill(page, "ana@example.org", "long enough", "long enough");
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });

  it("shows a taken address on the e-mail field", async () => {
    page = await renderHandler("sign-up", {
      routes: {
        "POST /auth/password/sign-up": () =>
          knownError("USER_EMAIL_ALREADY_EXISTS", "x", 409, {
            email: "ana@example.org",
            would_work_if_email_was_verified: false,
          }),
      },
    });
    await fill(page, "ana@example.org", "long enough", "long enough");
    const email = getInput(page.container, "Email");
    expect(fieldError(email)).toContain("already exists");
    expect(document.activeElement).toBe(email);
    expect(page.navigations).toEqual([]);
  });
});
