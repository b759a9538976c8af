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

const signInOk = { "POST /auth/password/sign-in": () => Response.json(wireTokens()) };

async function signIn(current: RenderedHandler) {
  await typeInto(getInput(current.container, "Email"), "ana@example.org");
  await typeInto(getInput(current.container, "Password"), "long enough");
  await submit(getButton(current.container, "Sign In"));
}

describe("/handler/sign-in", () => {
  it("requires both fields, focusing the first empty one", async () => {
    page = await renderHandler("sign-in");
    await submit(getButton(page.container, "Sign In"));
    const email = getInput(page.container, "Email");
    expect(fieldError(email)).toBe("Please enter your e-mail address.");
    expect(fieldError(getInput(page.container, "Password"))).toBe("Please enter your password.");
    expect(document.activeElement).toBe(email);
  });

  it("shows a wrong password in an alert that takes the focus", async () => {
    page = await renderHandler("sign-in", {
      routes: {
        "POST /auth/password/sign-in": () =>
          knownError("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."),
      },
    });
    await signIn(page);
    const alert = page.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe("Wrong e-mail or password.");
    expect(document.activeElement).toBe(alert);
    expect(page.navigations).toEqual([]);
  });

  it("returns to a same-origin after_auth_return_to without its hash", async () => {
    page = await renderHandler("sign-in", {
      search: `after_auth_return_to=${encodeURIComponent("http://localhost:3000/admin/users?tab=2#x")}`,
      routes: signInOk,
    });
    await signIn(page);
    expect(page.navigations).toEqual([{ to: "/admin/users?tab=2", replace: true }]);
  });

  it.each([
    "https://evil.example/admin",
    "//evil.example/admin",
    "/\\evil.example",
    "javascript:alert(1)",
  ])("ignores the untrusted target %s and goes to the after-sign-in URL", async (target) => {
    page = await renderHandler("sign-in", {
      search: `after_auth_return_to=${encodeURIComponent(target)}`,
      routes: signInOk,
      urls: { afterSignIn: "/admin" },
    });
    await signIn(page);
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });

  it("keeps the return target on its links, and offers sign-up only when the project allows it", async () => {
    page = await renderHandler("sign-in", { search: "after_auth_return_to=%2Fadmin" });
    const hrefs = () =>
      [...(page?.container.querySelectorAll("a") ?? [])].map((a) => a.getAttribute("href"));
    expect(hrefs()).toEqual([
      "/handler/forgot-password?after_auth_return_to=%2Fadmin",
      "/handler/sign-up?after_auth_return_to=%2Fadmin",
    ]);
    await page.unmount();
    page = await renderHandler("sign-in", {
      routes: {
        "GET /projects/current": () => Response.json(wireProject({ sign_up_enabled: false })),
      },
    });
    expect(hrefs()).toEqual(["/handler/forgot-password"]);
  });

  it("offers no password form when the project has passwords off", async () => {
    page = await renderHandler("sign-in", {
      routes: {
        "GET /projects/current": () => Response.json(wireProject({ credential_enabled: false })),
      },
    });
    expect(page.container.querySelector("form")).toBeNull();
    expect(text(page.container)).toContain("No sign-in method is enabled for this project.");
  });

  it("moves a signed-in visitor on at once", async () => {
    page = await renderHandler("sign-in", { signedIn: true, urls: { afterSignIn: "/admin" } });
    expect(page.navigations).toEqual([{ to: "/admin", replace: true }]);
  });

  it("lets an anonymous visitor sign in to a real account instead of sending them away", async () => {
    page = await renderHandler("sign-in", {
      signedIn: true,
      urls: { afterSignIn: "/admin" },
      routes: { "GET /users/me": () => Response.json(wireUser({ is_anonymous: true })) },
    });
    expect(page.navigations).toEqual([]);
    expect(getButton(page.container, "Sign In")).not.toBeNull();
  });
});
