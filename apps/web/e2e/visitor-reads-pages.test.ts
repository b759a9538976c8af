import { createFaq } from "@heritage/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

const PUBLIC_URL = "https://heritage.example";

function headOf(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

describe.skipIf(!hasChromium)("a visitor (or a search engine) reads the content pages", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL });
    await seedContent(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("reads about, impressum and privacy in three languages, with localised titles", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    const titles: [string, string][] = [
      ["/about", "About Us"],
      ["/de/about", "Über uns"],
      ["/bs/about", "O nama"],
      ["/impressum", "Legal Notice"],
      ["/de/impressum", "Impressum"],
      ["/datenschutz", "Privacy Policy"],
      ["/de/datenschutz", "Datenschutz"],
      ["/bs/datenschutz", "Privatnost"],
    ];
    for (const [path, title] of titles) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("h1").textContent(), path).resolves.toBe(title);
    }
    await page.goto(`${server.url}/about`);
    await page.getByRole("heading", { name: "Our Mission" }).waitFor();
    await expect(page.locator("#values-title ~ ul > li").count()).resolves.toBe(3);
    await page.goto(`${server.url}/impressum`);
    for (const section of ["Legal Information", "Contact Information", "Responsible for Content"]) {
      await page.getByRole("heading", { name: section }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the loading texts while a page's data loads after a click", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/de`);
    await page.waitForLoadState("networkidle");
    let release: () => void = () => {};
    await page.route("**/*.data*", async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.continue();
    });
    await page.getByRole("navigation").getByRole("link", { name: "Über uns" }).first().click();
    await page.getByText("Inhalte werden geladen...").waitFor();
    release();
    await page.waitForURL(/\/de\/about$/);
    await page.locator("h1", { hasText: "Über uns" }).waitFor();

    await page.getByRole("link", { name: "Balkan Heritage, zur Startseite" }).click();
    await page.getByTestId("page-pending").waitFor();
    await page.getByText("Wird geladen...").first().waitFor();
    release();
    await page.locator("h1", { hasText: "Das kulturelle Erbe des Balkans bewahren" }).waitFor();

    await page.getByTestId("project-card").first().getByRole("link").click();
    await page.getByText("Projekt wird geladen...").waitFor();
    release();
    await page.waitForURL(/\/de\/project\//);
    await context.close();
  });

  it('answers unknown paths with 404 "Oops! Page not found", logged, in the page\'s language', async () => {
    const logged: string[] = [];
    const spy = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array) => {
        logged.push(String(chunk));
        return true;
      });
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      const response = await page.goto(`${server.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Oops! Page not found");
      const german = await page.goto(`${server.url}/de/gibt-es-nicht`);
      expect(german?.status()).toBe(404);
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
      await page.getByRole("link", { name: "Zur Startseite" }).last().click();
      await page.waitForURL(`${server.url}/de`);
    } finally {
      spy.mockRestore();
    }
    expect(logged.join("")).toContain('"path":"/no/such/page"');
    const html = await (await fetch(`${server.url}/no/such/page`)).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    await context.close();
  });

  it("carries title, description, canonical, hreflang alternates, Open Graph, Twitter and JSON-LD", async () => {
    const html = headOf(await (await fetch(`${server.url}/de/about`)).text());
    expect(html).toContain("<title>Über uns | Balkan Heritage</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/de/about"/>`);
    for (const [lang, path] of [
      ["en", "/about"],
      ["de", "/de/about"],
      ["bs", "/bs/about"],
      ["x-default", "/about"],
    ]) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${lang}" href="${PUBLIC_URL}${path}"/>`,
      );
    }
    expect(html).toContain('<meta property="og:title" content="Über uns | Balkan Heritage"/>');
    expect(html).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/de/about"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "{}";
    const graph = JSON.parse(jsonLd)["@graph"] as Record<string, unknown>[];
    const organization = graph.find((node) => node["@type"] === "NGO");
    expect(organization).toMatchObject({
      foundingDate: "2020",
      logo: `${PUBLIC_URL}/logo.png`,
      contactPoint: { email: "info@example.org" },
    });

    const home = headOf(await (await fetch(`${server.url}/`)).text());
    expect(home).toContain('<html lang="en"');
    expect(home).toContain("<title>Balkan Heritage: Preserving the Culture of the Balkans</title>");
  });

  it("lists every public page in every language in the sitemap, and keeps crawlers out of admin", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of [
      "",
      "/about",
      "/contact",
      "/impressum",
      "/datenschutz",
      "/project/balkan-stories",
    ]) {
      for (const prefix of ["", "/de", "/bs"]) {
        expect(sitemap).toContain(
          `<loc>${PUBLIC_URL}${prefix}${path || (prefix ? "" : "/")}</loc>`,
        );
      }
    }
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/project/balkan-youth"/>`,
    );
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Allow: /");
    for (const path of ["/admin", "/login", "/handler"])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("revalidates pages with ETag (304) and shows a content change on the next request", async () => {
    const first = await fetch(`${server.url}/`);
    const etag = first.headers.get("etag");
    // Strong from the page; gzip on the way makes it weak (W/), which If-None-Match still matches.
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await fetch(`${server.url}/`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);

    await createFaq(server.running.database.db, {
      question: "Can I visit your archive?",
      answer: "Yes, by appointment.",
    });
    const changed = await fetch(`${server.url}/`, { headers: { "if-none-match": etag ?? "" } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("Can I visit your archive?");

    // A browser's reload revalidates too (304), and the page it keeps still runs its scripts under
    // the policy it was stored with: no CSP error, client-side navigation works.
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    await page.goto(`${server.url}/about`);
    await page.waitForLoadState("networkidle");
    // Playwright reports the cached page's 200; the raw answer the server sent is in the DevTools
    // protocol's extra response info.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const documentRequests = new Set<string>();
    const documentStatuses: number[] = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.type === "Document") documentRequests.add(event.requestId);
    });
    cdp.on("Network.responseReceivedExtraInfo", (event) => {
      if (documentRequests.has(event.requestId)) documentStatuses.push(event.statusCode);
    });
    await page.reload();
    expect(documentStatuses).toEqual([304]);
    await page.waitForLoadState("networkidle");
    await page.getByRole("navigation").getByRole("link", { name: "Contact" }).first().click();
    await page.waitForURL(`${server.url}/contact`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("has no accessibility violations on about, impressum, privacy and the 404 page", async () => {
    await expectNoAxeViolations(browser, `${server.url}/about`);
    await expectNoAxeViolations(browser, `${server.url}/bs/impressum`);
    await expectNoAxeViolations(browser, `${server.url}/de/datenschutz`);
    await expectNoAxeViolations(browser, `${server.url}/missing`);
  });
});
