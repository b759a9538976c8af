import { createFaq } from "@heritage/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { waitForPageScript } from "./hydration";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

const PUBLIC_URL = "https://heritage.example";

/** The not-found page in each language. */
const notFoundLanguages = [
  {
    code: "en",
    path: "/no/such/page",
    title: "Oops! Page not found",
    returnHome: "Return to Home",
    home: "/",
  },
  {
    code: "de",
    path: "/de/gibt-es-nicht",
    title: "Hoppla! Diese Seite wurde nicht gefunden.",
    returnHome: "Zur Startseite",
    home: "/de",
  },
  {
    code: "bs",
    path: "/bs/ne/postoji",
    title: "Ups! Stranica nije pronađena",
    returnHome: "Povratak na početnu",
    home: "/bs",
  },
] as const;

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

  for (const language of notFoundLanguages) {
    it(`answers an unknown path with 404 "${language.title}", logged, in the page's language (${language.code})`, async () => {
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
        const response = await page.goto(`${server.url}${language.path}`);
        expect(response?.status()).toBe(404);
        await expect.poll(() => page.locator("h1").textContent()).toBe(language.title);
        await expect(page.locator("html").getAttribute("lang")).resolves.toBe(language.code);
        await page.getByRole("link", { name: language.returnHome, exact: true }).click();
        await page.waitForURL(`${server.url}${language.home}`);
      } finally {
        spy.mockRestore();
      }
      expect(logged.join("")).toContain(`"path":"${language.path}"`);
      const html = await (await fetch(`${server.url}${language.path}`)).text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      // No other language has this page, and it is no page to point search engines at.
      expect(headOf(html)).not.toContain('rel="alternate"');
      expect(headOf(html)).not.toContain('rel="canonical"');
      await context.close();
    });
  }

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

  it("answers each page at one URL: other spellings are 301s to it, query kept (issue 19, defect 7)", async () => {
    for (const [typed, canonical] of [
      ["/DE/about", "/de/about"],
      ["/Bs/Contact?ref=flyer", "/bs/contact?ref=flyer"],
      ["/en/about", "/about"],
      ["/EN", "/"],
      ["/de/", "/de"],
      ["/bs/", "/bs"],
      ["/about/", "/about"],
      ["/project/balkan-stories/", "/project/balkan-stories"],
    ]) {
      const response = await fetch(`${server.url}${typed}`, { redirect: "manual" });
      expect([typed, response.status, response.headers.get("location")]).toEqual([
        typed,
        301,
        canonical,
      ]);
    }
    // The canonical forms answer themselves, each naming itself as canonical.
    for (const path of ["/", "/de", "/bs/about"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect([path, response.status]).toEqual([path, 200]);
      expect(headOf(await response.text())).toContain(
        `<link rel="canonical" href="${PUBLIC_URL}${path}"/>`,
      );
    }
  });

  it("lists every public page in every language in the sitemap, and keeps crawlers out of admin", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of ["", "/about", "/project/balkan-stories"]) {
      for (const prefix of ["", "/de", "/bs"]) {
        expect(sitemap).toContain(
          `<loc>${PUBLIC_URL}${prefix}${path || (prefix ? "" : "/")}</loc>`,
        );
      }
    }
    // The default copy's contact details and legal notices are placeholders: those pages are
    // noindex and left out until an admin replaces them (issue 19, defect 10).
    for (const path of ["/contact", "/impressum", "/datenschutz"]) {
      for (const prefix of ["", "/de", "/bs"]) {
        expect(sitemap).not.toContain(`<loc>${PUBLIC_URL}${prefix}${path}</loc>`);
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
    // The server keeps the rendered page for the next anonymous visitor (PAGE_CACHE_MB).
    await expect
      .poll(async () => (await fetch(`${server.url}/`)).headers.get("x-page-cache"))
      .toBe("hit");
    // The contact form carries the time it was served: no shared cache may keep it.
    const contact = await fetch(`${server.url}/contact`);
    expect(contact.headers.get("cache-control")).toBe("private, no-cache");
    expect(contact.headers.get("x-page-cache")).toBeNull();

    await createFaq(server.running.database.db, {
      question: "Can I visit your archive?",
      answer: "Yes, by appointment.",
    });
    // Written behind the server's back, as another process would: the server hears of it through
    // the database's announcement (a write through the content API empties the cache at once).
    await server.contentChangesHeard();
    const changed = await fetch(`${server.url}/`, { headers: { "if-none-match": etag ?? "" } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("Can I visit your archive?");
    // Rendered anew (the change emptied the page cache) or stored by the answer just above.
    const fresh = await fetch(`${server.url}/`);
    expect(await fresh.text()).toContain("Can I visit your archive?");

    // A browser's reload revalidates too (304), and the page it keeps still runs its script under
    // the policy it was stored with: no CSP error, and its links work.
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
    await waitForPageScript(page);
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
