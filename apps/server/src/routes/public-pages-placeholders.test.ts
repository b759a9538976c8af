/**
 * @module
 * A fresh install's placeholders never reach a visitor (issue 33, item 3): the site's pages as
 * the server renders them (the production build of the web app, rebuilt first when its sources
 * are newer) in English, German and Bosnian, over HTTP. No "[Street and number]", info@example.org
 * or +387 00 000 000 in the text, the links, the meta tags or the structured data, no social icon
 * pointing at a network's home page, no empty label left behind, a neutral line in the legal
 * notice; a contact message is kept but not mailed to example.org. Once an editor enters the
 * real details, the stored pages turn over and show them.
 */
import { executionAsyncId } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CONTENT_CHANGED_CHANNEL,
  findPlaceholderText,
  listContactSubmissions,
  listOutboxEmails,
  saveGlobalSeo,
  saveSiteContentRow,
  seedDefaultContent,
} from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase, untilAnnounced } from "@heritage/db/testing";
import { ensureFreshWebBuild } from "@heritage/web/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { loadWebBuild } from "./web-build";

/** The neutral line of the legal notice in each language (apps/web/app/i18n), quoted exactly. */
const languages = [
  {
    prefix: "",
    followUs: "Follow us",
    detailsToFollow: "Further details will be published on this page shortly.",
  },
  {
    prefix: "/de",
    followUs: "Folgen Sie uns",
    detailsToFollow: "Weitere Angaben werden in Kürze auf dieser Seite veröffentlicht.",
  },
  {
    prefix: "/bs",
    followUs: "Pratite nas",
    detailsToFollow: "Ostali podaci bit će uskoro objavljeni na ovoj stranici.",
  },
] as const;

const pages = ["", "/about", "/contact", "/impressum", "/datenschutz"] as const;

/** The page without its scripts and styles: what a visitor reads, links and head included. */
function readable(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
}

/** Every text in a JSON value (the structured data's names, addresses, links). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

function jsonLdOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "{}";
  const graph = JSON.parse(json)["@graph"] as Record<string, unknown>[];
  return graph.find((node) => node["@type"] === "NGO") ?? {};
}

const footerOf = (html: string) => /<footer\b[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
const mainOf = (html: string) => /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? "";

/** Every placeholder a page could carry: in text, in an attribute (href, meta content), in JSON. */
function placeholdersIn(html: string): string[] {
  const page = readable(html);
  const attributes = [...page.matchAll(/\s(?:href|content)="([^"]*)"/g)].map((m) => m[1] ?? "");
  const found = [page, ...attributes, ...textsOf(jsonLdOf(html))]
    .map((text) => findPlaceholderText(text))
    .filter((text): text is string => text !== null);
  const homePages = [...page.matchAll(/href="(https?:\/\/(?:www\.)?[a-z]+\.com\/?)"/g)].map(
    (m) => m[1] ?? "",
  );
  return [...found, ...homePages];
}

describe("a fresh install's placeholders, as visitors get the pages", () => {
  let database: DatabaseConnection;
  let app: ReturnType<typeof createApp>;
  let dataDir: string;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    // The journeys' own check: builds apps/web when its sources are newer than the build.
    ensureFreshWebBuild();
    dataDir = mkdtempSync(join(tmpdir(), "heritage-placeholders-"));
    database = await createTestDatabase();
    await seedDefaultContent(database.db);
    const logger = pino(
      { level: "warn" },
      { write: (line: string) => logged.push(JSON.parse(line)) },
    );
    const secretsKey = { SECRETS_KEY: "this-secrets-key-is-for-the-placeholder-test-only" };
    const siteAuth = await ensureSiteAuth(database.db, secretsKey, {
      baseUrl: "http://localhost:3000",
      logger,
    });
    app = createApp({
      config: loadConfig({ ...secretsKey, DATA_DIR: dataDir, PUBLIC_URL: "https://heritage.test" }),
      database,
      logger,
      migrationSets,
      siteAuth,
      web: await loadWebBuild(process.env.HERITAGE_WEB_BUILD_DIR || undefined),
    });
    await app.pageCache?.idle(); // listening for content changes
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function page(path: string): Promise<string> {
    const response = await app.request(path);
    expect([path, response.status]).toEqual([path, 200]);
    return response.text();
  }

  for (const language of languages) {
    it(`shows no placeholder on any page, nor an empty label or icon (${language.prefix || "/"})`, async () => {
      for (const path of pages) {
        const url = `${language.prefix}${path}` || "/";
        const html = await page(url);
        expect([url, placeholdersIn(html)]).toEqual([url, []]);
        // Nor anywhere in the page's bytes (its script included).
        expect(html).not.toMatch(/info@example\.org|00 000 000|\[Street and number\]/);
        // The footer: no contact list or social icons to show, so no heading over nothing.
        const footer = footerOf(html);
        expect(footer).not.toMatch(/mailto:|tel:/);
        expect(footer).not.toContain(`>${language.followUs}<`);
        expect(jsonLdOf(html)).not.toHaveProperty("contactPoint");
      }
      // The contact page: the form, but no e-mail, phone or address item (nor their labels).
      const contact = mainOf(await page(`${language.prefix}/contact`));
      expect(contact).toContain('data-testid="contact-form"');
      expect(contact).not.toMatch(/mailto:|tel:|contact-address|<address/);
      // The legal notice says that details follow, in the page's language; still noindex.
      const impressum = await page(`${language.prefix}/impressum`);
      expect(mainOf(impressum)).toContain(`<p><em>${language.detailsToFollow}</em></p>`);
      expect(impressum).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  // Decision 041: react-dom/server's Node build renders inside an AsyncLocalStorage, whose first
  // `run` switches async hooks on for the whole process on Node 20, and every later promise of
  // every request pays for them. With the hooks off, a promise's callback runs with async id 0.
  it("renders pages without switching async hooks on for the process", async () => {
    const asyncIdInPromiseCallback = () =>
      new Promise<number>((resolve) => {
        setTimeout(() => Promise.resolve().then(() => resolve(executionAsyncId())), 0);
      });
    await page("/de/about");
    await page("/bs/contact");
    expect(await asyncIdInPromiseCallback()).toBe(0);
  });

  it("keeps a visitor's message, mails nothing to example.org and warns of it once", async () => {
    const before = (await listOutboxEmails(database.db)).length;
    for (const subject of ["Volunteering", "Volunteering, again"]) {
      const response = await app.request("/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Ana Horvat",
          email: "ana@sevdah.ba",
          subject,
          message: "I would like to help with the oral history project.",
          website: "",
          form_started_at: String(Date.now() - 60_000),
        }).toString(),
      });
      expect(response.status).toBe(200);
    }
    const stored = await listContactSubmissions(database.db);
    expect(stored.map((row) => row.subject).sort()).toEqual([
      "Volunteering",
      "Volunteering, again",
    ]);
    // The notification runs after the answer: give it its moment, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listOutboxEmails(database.db)).toHaveLength(before);
    expect(logged.filter((line) => line.msg.startsWith("contact notifications not sent"))).toEqual([
      expect.objectContaining({ level: 40 }),
    ]);
  });

  it("shows the real details once an editor has entered them, the stored pages turned over", async () => {
    await page("/impressum");
    await app.pageCache?.idle(); // stored
    expect((await app.request("/impressum")).headers.get("x-page-cache")).toBe("hit");

    const details = { email: "office@sevdah.ba", phone: "+387 33 123 456" };
    await saveSiteContentRow(database.db, {
      id: "footer",
      content: { description: "Sevdah e.V. keeps the Balkans' heritage alive.", ...details },
    });
    await saveSiteContentRow(database.db, {
      id: "contact",
      content: { ...details, address: "Sevdah e.V.\n[Street and number]\n71000 Sarajevo" },
    });
    await saveSiteContentRow(database.db, {
      id: "impressum",
      content: {
        title: "Legal notice",
        content:
          "<h2>Publisher</h2><p>Sevdah e.V.<br />[Street and number]<br />71000 Sarajevo</p>",
      },
    });
    await saveGlobalSeo(database.db, {
      contact_email: details.email,
      contact_phone: details.phone,
      social_facebook: "https://www.facebook.com/",
      social_instagram: "https://www.instagram.com/sevdah",
    });
    await untilAnnounced([database], CONTENT_CHANGED_CHANNEL);

    const impressum = await page("/impressum");
    expect(mainOf(impressum)).toContain("<p>Sevdah e.V.<br />71000 Sarajevo</p>");
    expect(placeholdersIn(impressum)).toEqual([]);
    const footer = footerOf(impressum);
    expect(footer).toContain('href="mailto:office@sevdah.ba"');
    expect(footer).toContain('href="tel:+38733123456"');
    expect(footer).toContain('href="https://www.instagram.com/sevdah"');
    expect(footer).toContain(">Follow us<");
    expect(jsonLdOf(impressum)).toMatchObject({
      email: "office@sevdah.ba",
      contactPoint: { email: "office@sevdah.ba", telephone: details.phone },
      sameAs: ["https://www.instagram.com/sevdah"],
    });

    const contact = mainOf(await page("/contact"));
    expect(contact).toContain('href="mailto:office@sevdah.ba"');
    expect(contact).toMatch(
      /<address[^>]*><span class="block">Sevdah e.V.<\/span><span class="block">71000 Sarajevo<\/span><\/address>/,
    );
    // The German pages keep their own copy, still placeholders: still hidden.
    expect(placeholdersIn(await page("/de/contact"))).toEqual([]);
  });
});
