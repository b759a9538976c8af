/**
 * An admin edits the site's page copy (site spec, sections 2 and 8): six section tabs with
 * English, German and Bosnian forms, a live and sanitised HTML preview, the save notice, the
 * German about page showing the change, and an invalid e-mail refused with the form kept.
 */
import { getSiteContent, saveSiteContent, writeContent } from "@heritage/content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentApiFailure,
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  failContentApi,
} from "../support/admin-content-journey";
import { hasChromium } from "../support/browser";
import { joinSiteJourneys, type SiteJourneys } from "../support/site-journeys";
import type { TestServer } from "../support/test-server";

describe.skipIf(!hasChromium)("an admin edits the site content", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;
  let page: Page;

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    ({ page } = await site.signedInAdmin());
  });
  afterAll(async () => {
    await site?.leave();
  });

  const panel = () => page.locator('[role="tabpanel"]:visible').last();

  it("saves the German about page, which /de/about then shows", async () => {
    await page.goto(`${server.url}/admin/site-content`);
    const sections = page.getByRole("tablist", { name: "Site sections" });
    await sections.waitFor();
    await expect(sections.getByRole("tab").allTextContents()).resolves.toEqual([
      "Hero Section",
      "Footer",
      "About Page",
      "Contact Page",
      "Impressum",
      "Datenschutz",
    ]);
    await expectNoAxeViolations(page, "/admin/site-content");

    await sections.getByRole("tab", { name: "About Page" }).click();
    const languages = page.getByRole("tablist", { name: "About Page language" });
    await expect(languages.getByRole("tab").allTextContents()).resolves.toEqual([
      "English",
      "German",
      "Bosnian",
    ]);
    await languages.getByRole("tab", { name: "German" }).click();
    // The seeded German copy is in the form.
    await expect(panel().getByLabel("Title", { exact: true }).inputValue()).resolves.not.toBe("");
    await expect(
      panel().getByLabel("Intro Text (HTML)", { exact: true }).getAttribute("rows"),
    ).resolves.toBe("6");

    await panel().getByLabel("Title", { exact: true }).fill("Über uns: neu erzählt");
    await panel()
      .getByLabel("Intro Text (HTML)", { exact: true })
      .fill(
        '<p>Wir <strong>bewahren</strong> Kultur.</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">',
      );
    const preview = panel().getByRole("region", { name: "Intro Text (HTML) preview" });
    await preview.locator("strong", { hasText: "bewahren" }).waitFor();
    await expect(preview.locator("script").count()).resolves.toBe(0);
    await expect(preview.locator("[onerror]").count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (window as { hacked?: number }).hacked),
    ).resolves.toBeUndefined();

    await panel().getByRole("button", { name: "Save German Content" }).dblclick();
    await expectNotice(page, "About content saved", "Updated DE content");
    await dismissNotices(page);

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/de/about`);
    await visitor.getByRole("heading", { level: 1, name: "Über uns: neu erzählt" }).waitFor();
    await visitor.locator("strong", { hasText: "bewahren" }).first().waitFor();
    await expect(visitor.locator("main script").count()).resolves.toBe(0);
    await expect(visitor.locator("[onerror]").count()).resolves.toBe(0);
    // English stays as it was.
    await visitor.goto(`${server.url}/about`);
    await expect(visitor.getByRole("heading", { level: 1 }).textContent()).resolves.not.toBe(
      "Über uns: neu erzählt",
    );
    await visitor.close();
  });

  it("saves the English hero with the plain notice", async () => {
    await page
      .getByRole("tablist", { name: "Site sections" })
      .getByRole("tab", { name: "Hero Section" })
      .click();
    await expect(
      panel().getByLabel("Description", { exact: true }).getAttribute("rows"),
    ).resolves.toBe("4");
    await panel().getByLabel("Title", { exact: true }).fill("Living Balkan Heritage");

    // Meanwhile a colleague saves the hero's description (issue 29): the save is refused, the
    // title typed stays, and their description is taken over by hand.
    const db = server.running.database.db;
    const hero = await getSiteContent(db, "hero");
    await writeContent(db, {
      table: "site_content",
      operation: "update",
      id: "hero",
      actor: { id: "colleague", name: "Bob (bob@example.org)" },
      write: (tx) =>
        saveSiteContent(tx, {
          id: "hero",
          language: "en",
          content: { ...(hero?.content as object), description: "Written by a colleague." },
        }),
    });
    await panel().getByRole("button", { name: "Save English Content" }).click();
    const conflict = panel().getByRole("alert").filter({ hasText: "Bob (bob@example.org) saved" });
    await conflict.waitFor();
    await expect(panel().getByLabel("Title", { exact: true }).inputValue()).resolves.toBe(
      "Living Balkan Heritage",
    );
    await conflict.getByRole("button", { name: "Use theirs: Description (English)" }).click();
    await dismissNotices(page);
    await panel().getByRole("button", { name: "Save English Content" }).click();
    await expectNotice(page, "Hero content saved", "Updated content");
    await dismissNotices(page);
    expect((await getSiteContent(db, "hero"))?.content).toMatchObject({
      title: "Living Balkan Heritage",
      description: "Written by a colleague.",
    });
    // The section's history keeps the built-in copy and both saves (issue 29).
    await page.getByRole("button", { name: "History of Hero Section" }).click();
    const history = page.getByRole("dialog", { name: 'History of "Hero Section"' });
    await history.getByText("Changed: Content (English)").first().waitFor();
    await expect(history.getByRole("button", { name: /^Restore version/ }).count()).resolves.toBe(
      2,
    );
    await expectNoAxeViolations(page, "a section's history");
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });
    const visitor = await browser.newPage();
    await visitor.goto(server.url);
    await visitor.getByRole("heading", { level: 1, name: "Living Balkan Heritage" }).waitFor();
    await visitor.close();
  });

  it("refuses an invalid footer e-mail and keeps what was typed", async () => {
    await page
      .getByRole("tablist", { name: "Site sections" })
      .getByRole("tab", { name: "Footer" })
      .click();
    const languages = page.getByRole("tablist", { name: "Footer language" });
    await languages.getByRole("tab", { name: "Bosnian" }).click();
    await expect(panel().getByLabel("Email", { exact: true }).getAttribute("type")).resolves.toBe(
      "email",
    );
    await panel().getByLabel("Description", { exact: true }).fill("Novi opis podnožja");
    await panel().getByLabel("Email", { exact: true }).fill("not-an-email");
    await panel().getByRole("button", { name: "Save Bosnian Content" }).click();
    await panel().getByText("Invalid email address").waitFor();
    await expect(panel().getByLabel("Description", { exact: true }).inputValue()).resolves.toBe(
      "Novi opis podnožja",
    );
    await expect(
      panel().getByRole("button", { name: "Save Bosnian Content" }).isEnabled(),
    ).resolves.toBe(true);
  });

  it("says why a save failed, keeping the form and the stored content", async () => {
    await page.goto(`${server.url}/admin/site-content`);
    await page.getByRole("tablist", { name: "Site sections" }).waitFor();
    const stored = await getSiteContent(server.running.database.db, "hero");
    expect(stored?.content).toMatchObject({ title: "Living Balkan Heritage" });
    await panel().getByLabel("Title", { exact: true }).fill("Never saved hero");
    const stopFailing = await failContentApi(page, "site_content", "PUT");
    await panel().getByRole("button", { name: "Save English Content" }).click();
    await expectNotice(page, "Error saving content", contentApiFailure);
    await expect(panel().getByLabel("Title", { exact: true }).inputValue()).resolves.toBe(
      "Never saved hero",
    );
    await expect(
      panel().getByRole("button", { name: "Save English Content" }).isEnabled(),
    ).resolves.toBe(true);
    expect(await getSiteContent(server.running.database.db, "hero")).toEqual(stored);
    await stopFailing();
    await dismissNotices(page);

    // Leaving with the unsaved title asks first (issue 29); staying keeps it.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Projects" })
      .click();
    const leave = page.getByRole("alertdialog", {
      name: "Leave this page? Your unsaved changes will be lost.",
    });
    await leave.waitFor();
    await leave.getByRole("button", { name: "Cancel" }).click();
    await leave.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/admin/site-content");
    await expect(panel().getByLabel("Title", { exact: true }).inputValue()).resolves.toBe(
      "Never saved hero",
    );
  });

  it("says so when the content cannot be loaded", async () => {
    const stopFailing = await failContentApi(page, "site_content", "GET");
    await page.reload();
    await expectNotice(page, "Error fetching content", contentApiFailure);
    await page.getByText(`Error fetching content: ${contentApiFailure}`).waitFor();
    // No forms to save: the default copy they would show would overwrite what is stored.
    await expect(page.getByRole("tablist", { name: "Site sections" }).count()).resolves.toBe(0);
    await stopFailing();
    await dismissNotices(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("tablist", { name: "Site sections" }).waitFor();
  });
  it("lists the placeholders still in place before going live, and keeps pages holding one out of search engines (issue 19, defect 10; en, de)", async () => {
    const robots = async (path: string) =>
      (await (await fetch(`${server.url}${path}`)).text()).match(
        /<meta name="robots" content="([^"]*)"/,
      )?.[1] ?? null;
    const sitemapPaths = async () =>
      [
        ...(await (await fetch(`${server.url}/sitemap.xml`)).text()).matchAll(
          /<loc>([^<]+)<\/loc>/g,
        ),
      ].map((match) => new URL(match[1] ?? "").pathname);

    await page.goto(`${server.url}/admin`);
    const checklist = page.getByRole("region", { name: "Before you go live" });
    await checklist.waitFor();
    const link = (name: string) => checklist.getByRole("link", { name, exact: true });
    for (const [name, href] of [
      ["Impressum (English): Content", "/admin/site-content?section=impressum&language=en"],
      ["Impressum (German): Content", "/admin/site-content?section=impressum&language=de"],
      ["Contact Page (German): Address", "/admin/site-content?section=contact&language=de"],
      ["Footer (Bosnian): Phone", "/admin/site-content?section=footer&language=bs"],
      ["SEO: Social links", "/admin/seo?tab=social"],
    ] as const) {
      await expect([name, await link(name).getAttribute("href")]).toEqual([name, href]);
    }
    await expectNoAxeViolations(page, "/admin with the go-live checklist");
    expect(await robots("/impressum")).toBe("noindex");
    expect(await robots("/de/impressum")).toBe("noindex");
    expect(await robots("/de/contact")).toBe("noindex");
    expect(await robots("/about")).toBeNull();
    expect(await robots("/de")).toBeNull();
    let listed = await sitemapPaths();
    expect(listed).toContain("/de/about");
    expect(listed).not.toContain("/impressum");
    expect(listed).not.toContain("/de/impressum");

    // The item leads to the form where the placeholder is edited; once it is replaced, the
    // English legal notice is indexed again, the German one (still a placeholder) is not.
    await link("Impressum (English): Content").click();
    await page.waitForURL(`${server.url}/admin/site-content?section=impressum&language=en`);
    await expect(
      page
        .getByRole("tablist", { name: "Site sections" })
        .getByRole("tab", { name: "Impressum" })
        .getAttribute("aria-selected"),
    ).resolves.toBe("true");
    await panel()
      .getByLabel("Content (HTML)", { exact: true })
      .fill("<h2>Legal Information</h2><p>Sevdah Heritage e.V., Ferhadija 1, 71000 Sarajevo</p>");
    await panel().getByRole("button", { name: "Save English Content" }).click();
    await expectNotice(page, "Impressum content saved", "Updated content");
    await dismissNotices(page);
    await page.goto(`${server.url}/admin`);
    await checklist.waitFor();
    await link("Impressum (German): Content").waitFor();
    await expect(link("Impressum (English): Content").count()).resolves.toBe(0);
    expect(await robots("/impressum")).toBeNull();
    expect(await robots("/de/impressum")).toBe("noindex");
    listed = await sitemapPaths();
    expect(listed).toContain("/impressum");
    expect(listed).not.toContain("/de/impressum");
  });
});
