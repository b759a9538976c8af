/**
 * A developer reads the API reference (issue 20, item 3): /api-docs lists the operations of the
 * server's OpenAPI document, grouped by family, with who may call each and its body's schema;
 * the page loads nothing from any other host, is not for search engines, and passes axe. Its
 * link leads to the document itself.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, robotsMeta } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { newContext, recordErrors } from "./support/journey-helpers";
import { startTestServer, type TestServer } from "./support/test-server";

describe.skipIf(!hasChromium)("a developer reads the API reference on /api-docs", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const requestedOrigins = new Set<string>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await (await newContext(browser)).newPage();
    errors = recordErrors(page);
    page.on("request", (request) => requestedOrigins.add(new URL(request.url()).origin));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lists the operations with who may call them, from the server alone", async () => {
    const response = await page.goto(`${server.url}/api-docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await robotsMeta(page)).toBe("noindex, nofollow");
    await page.getByRole("heading", { level: 1, name: "API reference" }).waitFor();

    const users = page.getByRole("region", { name: "users", exact: true });
    const readUser = users.getByRole("article", { name: "GET /api/v1/users/{user_id}" });
    await readUser.getByText("Read a user", { exact: true }).waitFor();
    await readUser.getByText(/Who may call: server access, admin access\./).waitFor();
    expect(await readUser.getByRole("row", { name: /user_id path/ }).count()).toBe(1);

    const createFaq = page
      .getByRole("region", { name: "content: faqs" })
      .getByRole("article", { name: "POST /functions/api-faqs" });
    await createFaq.getByText("Request body (application/json)").click();
    await createFaq
      .getByText(/"required": \[/)
      .first()
      .waitFor();

    await page.waitForLoadState("networkidle");
    expect([...requestedOrigins]).toEqual([new URL(server.url).origin]);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page, "/api-docs");
  });

  it("links to the OpenAPI document it was read from", async () => {
    const href = await page
      .getByRole("link", { name: "/api/v1/openapi.json" })
      .getAttribute("href");
    expect(href).toBe("/api/v1/openapi.json");
    const document = (await (await fetch(`${server.url}${href}`)).json()) as { openapi: string };
    expect(document.openapi).toBe("3.1.1");
  });
});
