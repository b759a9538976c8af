// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { knownError, type RenderedHandler, renderHandler } from "../handler-test-harness";

const code = "v".repeat(45);
let page: RenderedHandler | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

describe("/handler/email-verification", () => {
  it("redeems the link's code once and says the address is verified", async () => {
    page = await renderHandler("email-verification", {
      search: `code=${code}`,
      routes: { "POST /contact-channels/verify": () => Response.json({ success: true }) },
    });
    expect(page.requestsTo("POST /contact-channels/verify")).toEqual([
      { method: "POST", path: "/contact-channels/verify", body: { code } },
    ]);
    expect(page.container.querySelector("h1")?.textContent).toBe("E-mail verified");
    expect(page.container.querySelector('[role="status"]')?.textContent).toBe(
      "Your e-mail address has been verified.",
    );
  });

  it.each([
    ["VERIFICATION_CODE_EXPIRED", 400, "Link expired", true],
    ["VERIFICATION_CODE_ALREADY_USED", 409, "Link already used", false],
    ["VERIFICATION_CODE_NOT_FOUND", 404, "Invalid link", true],
  ])("shows %s as its own state", async (errorCode, status, title, offersNewLink) => {
    page = await renderHandler("email-verification", {
      search: `code=${code}`,
      routes: { "POST /contact-channels/verify": () => knownError(errorCode, "x", status) },
    });
    expect(page.container.querySelector("h1")?.textContent).toBe(title);
    expect(page.container.querySelector('[role="alert"]')).not.toBeNull();
    const hrefs = [...page.container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs.includes("/handler/account-settings")).toBe(offersNewLink);
  });

  it("says a link without a code is incomplete and sends nothing", async () => {
    page = await renderHandler("email-verification");
    expect(page.container.querySelector("h1")?.textContent).toBe("Invalid link");
    expect(page.requests.filter((r) => r.path.startsWith("/contact-channels"))).toEqual([]);
  });
});
