import { createFaq } from "@heritage/content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser";
import { dependsOnEngine, itOnEmbeddedOnly } from "./support/engines";
import { waitForPageScript } from "./support/hydration";
import {
  expectNoAxeViolations,
  newContext,
  recordErrors,
  seedContent,
} from "./support/journey-helpers";
import { classesStyledBy, classesUsedBy, inlineStylesheet } from "./support/stylesheet-classes";
import { startTestServer, type TestServer } from "./support/test-server";

dependsOnEngine(
  "announcements",
  "a stored page turns over when a write made behind the server's back is announced by the database",
);
// That is the ETag step's subject; the other steps (loading states, markup, redirects, the sitemap,
// audits) show what the server renders, the same on both engines: the embedded database only.

const PUBLIC_URL = "https://heritage.example";

/** Loading texts of two languages (apps/web/app/i18n), quoted exactly. */
const loadingLanguages = [
  {
    code: "de",
    prefix: "/de",
    about: "Über uns",
    aboutTitle: "Über uns",
    homeLink: "Balkan Heritage, zur Startseite",
    heroTitle: "Das kulturelle Erbe des Balkans bewahren",
    loading: {
      page: "Wird geladen...",
      content: "Inhalte werden geladen...",
      project: "Projekt wird geladen...",
    },
  },
  {
    code: "en",
    prefix: "",
    about: "About",
    aboutTitle: "About Us",
    homeLink: "Balkan Heritage, home page",
    heroTitle: "Preserving Balkan Heritage",
    loading: { page: "Loading...", content: "Loading content...", project: "Loading project..." },
  },
] as const;

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

type PendingView = { text: string; blocks: number; firstHasBox: boolean };

/**
 * Reports each pending view shown in the main area (its text, its pulsing skeleton blocks and
 * whether the first has a box) while the next document loads. Locators and page functions wait
 * for a pending navigation to finish before they look, so the page reports them itself, from a
 * script added to every document. Call before the first `goto`; returns "the next view shown".
 */
async function watchPendingViews(page: Page): Promise<() => Promise<PendingView>> {
  const seen: PendingView[] = [];
  let notify = () => {};
  await page.exposeFunction("reportPendingView", (view: PendingView) => {
    seen.push(view);
    notify();
  });
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const main = document.querySelector("main");
      if (!main) return;
      new MutationObserver(() => {
        const view = main.querySelector("[data-testid=page-pending]");
        if (!view) return;
        const blocks = view.querySelectorAll(".animate-pulse");
        const first = blocks[0]?.getBoundingClientRect();
        const report = (window as unknown as { reportPendingView: (view: PendingView) => void })
          .reportPendingView;
        report({
          text: view.textContent ?? "",
          blocks: blocks.length,
          firstHasBox: !!first && first.width > 0 && first.height > 0,
        });
      }).observe(main, { childList: true });
    });
  });
  return async () => {
    while (seen.length === 0) {
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
    }
    return seen.shift() as PendingView;
  };
}

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

  for (const language of loadingLanguages) {
    itOnEmbeddedOnly(
      `shows the loading texts and the hero skeleton while the next page loads after a click (${language.code})`,
      async () => {
        const context = await newContext(browser);
        const page = await context.newPage();
        const errors = recordErrors(page);
        const nextPendingView = await watchPendingViews(page);
        await page.goto(`${server.url}${language.prefix}`);
        await waitForPageScript(page);
        // Holds the next document's request until the step has seen the pending view.
        let release: () => void = () => {};
        const hold = (url: string | RegExp) =>
          page.route(url, async (route) => {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            await route.continue();
          });

        await hold(`${server.url}${language.prefix}/about`);
        await page
          .getByRole("navigation")
          .getByRole("link", { name: language.about, exact: true })
          .first()
          .click({ noWaitAfter: true });
        await expect(nextPendingView()).resolves.toEqual({
          text: language.loading.content,
          blocks: 0,
          firstHasBox: false,
        });
        release();
        await page.waitForURL(`${server.url}${language.prefix}/about`);
        await page.locator("h1", { hasText: language.aboutTitle }).waitFor();
        await waitForPageScript(page);

        await hold(`${server.url}${language.prefix || "/"}`);
        await page.getByRole("link", { name: language.homeLink }).click({ noWaitAfter: true });
        // The hero's skeleton (title, subtitle and description blocks, pulsing) and "Loading...".
        await expect(nextPendingView()).resolves.toEqual({
          text: language.loading.page,
          blocks: 3,
          firstHasBox: true,
        });
        release();
        await page.locator("h1", { hasText: language.heroTitle }).waitFor();
        await expect(page.locator("main").getByTestId("page-pending").count()).resolves.toBe(0);
        await waitForPageScript(page);

        await hold(new RegExp(`${language.prefix}/project/[^/?#]+$`));
        await page
          .getByTestId("project-card")
          .first()
          .getByRole("link")
          .click({ noWaitAfter: true });
        await expect(nextPendingView()).resolves.toEqual({
          text: language.loading.project,
          blocks: 0,
          firstHasBox: false,
        });
        release();
        await page.waitForURL(new RegExp(`${language.prefix}/project/`));
        await page.locator("h1").waitFor();
        await expect(page.locator("main").getByTestId("page-pending").count()).resolves.toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }

  itOnEmbeddedOnly(
    "puts the page back when the visitor returns to it from the back/forward cache",
    async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto(`${server.url}/about`);
      await waitForPageScript(page);
      // The journeys' browser keeps no page in the back/forward cache, so the page is left showing
      // its pending view (a 204 answer cancels the navigation) and gets the event such a return
      // fires: pageshow with persisted.
      await page.route(`${server.url}/contact`, (route) => route.fulfill({ status: 204 }));
      await page.getByRole("navigation").getByRole("link", { name: "Contact" }).first().click();
      const pending = page.locator("main").getByTestId("page-pending");
      await pending.getByText("Loading content...", { exact: true }).waitFor();
      await expect(page.locator("h1", { hasText: "About Us" }).count()).resolves.toBe(0);
      await page.evaluate(() =>
        window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })),
      );
      await page.locator("h1", { hasText: "About Us" }).waitFor();
      await expect(pending.count()).resolves.toBe(0);
      await expect(page.getByRole("heading", { name: "Our Mission" }).isVisible()).resolves.toBe(
        true,
      );
      await expect(page.locator("main").evaluate((main) => main.style.minHeight)).resolves.toBe("");
      await context.close();
    },
  );

  itOnEmbeddedOnly(
    "reads about, impressum and privacy in three languages, with localised titles",
    async () => {
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
      for (const section of [
        "Legal Information",
        "Responsible for Content",
        "Liability for links",
      ]) {
        await page.getByRole("heading", { name: section }).waitFor();
      }
      // The default copy's contact section holds nothing but placeholders: it is left out, and a
      // neutral line says where details follow (issue 33, item 3).
      await expect(
        page.getByRole("heading", { name: "Contact Information" }).count(),
      ).resolves.toBe(0);
      await expect(
        page.getByText("Further details will be published on this page shortly.").count(),
      ).resolves.toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  for (const language of notFoundLanguages) {
    itOnEmbeddedOnly(
      `answers an unknown path with 404 "${language.title}", logged, in the page's language (${language.code})`,
      async () => {
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
      },
    );
  }

  itOnEmbeddedOnly(
    "carries title, description, canonical, hreflang alternates, Open Graph, Twitter and JSON-LD",
    async () => {
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
      const jsonLd =
        html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? "{}";
      const graph = JSON.parse(jsonLd)["@graph"] as Record<string, unknown>[];
      const organization = graph.find((node) => node["@type"] === "NGO");
      expect(organization).toMatchObject({
        foundingDate: "2020",
        logo: `${PUBLIC_URL}/logo.png`,
      });
      // The default copy's contact details are placeholders: no structured data names them
      // (issue 33, item 3).
      expect(organization).not.toHaveProperty("email");
      expect(organization).not.toHaveProperty("contactPoint");

      const home = headOf(await (await fetch(`${server.url}/`)).text());
      expect(home).toContain('<html lang="en"');
      expect(home).toContain(
        "<title>Balkan Heritage: Preserving the Culture of the Balkans</title>",
      );
    },
  );

  itOnEmbeddedOnly(
    "answers each page at one URL: other spellings are 301s to it, query kept (issue 19, defect 7)",
    async () => {
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
    },
  );

  itOnEmbeddedOnly(
    "lists every public page in every language in the sitemap, and keeps crawlers out of admin",
    async () => {
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
    },
  );

  itOnEmbeddedOnly(
    "gets, on every public page and state, a stylesheet styling each class the full one styles",
    async () => {
      // Public pages inline public-pages.css, built from the public sources only (decision 026);
      // every hydrating page inlines app.css, built from the whole app. A class a public page
      // carries that app.css styles and public-pages.css does not would render unstyled.
      const fullSheet = classesStyledBy(
        inlineStylesheet(await (await fetch(`${server.url}/login`)).text()),
      );
      const contactForm = (fields: Record<string, string>) => ({
        method: "POST",
        body: new URLSearchParams({ form_started_at: String(Date.now() - 60_000), ...fields }),
      });
      const states: [string, RequestInit?][] = [
        ["/"],
        ["/?category=culture"],
        ["/project/balkan-stories"],
        ["/project/no-such-project"],
        ["/about"],
        ["/contact"],
        ["/contact", contactForm({ name: "", email: "not an address", subject: "", message: "" })],
        ["/impressum"],
        ["/datenschutz"],
        ["/no/such/page"],
      ];
      for (const prefix of ["", "/de", "/bs"]) {
        for (const [path, init] of states) {
          const url = `${server.url}${prefix}${prefix && path === "/" ? "" : path}`;
          const html = await (await fetch(url, init)).text();
          const ownSheet = classesStyledBy(inlineStylesheet(html));
          const missing = [...classesUsedBy(html)].filter(
            (name) => fullSheet.has(name) && !ownSheet.has(name),
          );
          expect({ url, method: init?.method ?? "GET", missing }).toEqual({
            url,
            method: init?.method ?? "GET",
            missing: [],
          });
          // The public sheet is the smaller one (or this test would prove nothing).
          expect(ownSheet.size).toBeLessThan(fullSheet.size);
        }
      }
    },
  );

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
    const stored = await fetch(`${server.url}/`);
    const storedAgain = await fetch(`${server.url}/`, {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(storedAgain.status).toBe(304);
    // The contact form carries the time it was served: no shared cache may keep it.
    const contact = await fetch(`${server.url}/contact`);
    expect(contact.headers.get("cache-control")).toBe("private, no-cache");
    expect(contact.headers.get("x-page-cache")).toBeNull();
    // Public pages, rendered, stored, revalidated or not found, opt out of the opener policy
    // (decision 026); every other page keeps it.
    const notFound = await fetch(`${server.url}/no/such/page`);
    for (const response of [first, again, stored, storedAgain, contact, notFound]) {
      expect(response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    }
    for (const path of ["/login", "/handler/sign-in"]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    }

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

  itOnEmbeddedOnly(
    "has no accessibility violations on about, impressum, privacy and the 404 page",
    async () => {
      await expectNoAxeViolations(browser, `${server.url}/about`);
      await expectNoAxeViolations(browser, `${server.url}/bs/impressum`);
      await expectNoAxeViolations(browser, `${server.url}/de/datenschutz`);
      await expectNoAxeViolations(browser, `${server.url}/missing`);
    },
  );
});
