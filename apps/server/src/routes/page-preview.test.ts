/**
 * Drafts and preview through the whole app (issue 34, item 1; decision 036), on two instances
 * sharing one database as two processes do, over the production build of the web app: a draft
 * leaves the live page (and the stored page) as it is; its preview is the real page with the
 * draft over it, in each language, for a signed-in admin only, marked, `private, no-store` and
 * never stored; without a session it sends the visitor to sign in. Publishing turns the stored
 * pages over in both instances. A publish (and an unpublish) scheduled by a process that stops
 * before its time is run by the next process as it starts, and every process's pages and the
 * sitemap follow (issue 34, item 3).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testSecretsKey } from "@heritage/auth-server/testing";
import { CONTENT_CHANGED_CHANNEL, seedDefaultContent } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { connectAgain, createTestDatabase, untilAnnounced } from "@heritage/db/testing";
import { ensureFreshWebBuild } from "@heritage/web/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { loadWebBuild } from "./web-build";

const logger = pino({ level: "silent" });
const ADMIN_EMAIL = "draft.editor@example.org";
const ADMIN_PASSWORD = "a long enough password";

let first: DatabaseConnection;
let second: DatabaseConnection;
let dataDir: string;
let a: ReturnType<typeof createApp>;
let b: ReturnType<typeof createApp>;
let adminToken: string;
let siteConfig: ReturnType<typeof loadConfig>;
let siteAuthOfTest: Awaited<ReturnType<typeof ensureSiteAuth>>;
let webBuild: Awaited<ReturnType<typeof loadWebBuild>>;
let adminCookie: string;

beforeAll(async () => {
  ensureFreshWebBuild();
  first = await createTestDatabase();
  second = await connectAgain(first, 2);
  await seedDefaultContent(first.db);
  dataDir = await mkdtemp(join(tmpdir(), "heritage-preview-"));
  // No poll falls within the file: a schedule runs where it was made or at a process's start.
  const config = loadConfig({
    SECRETS_KEY: testSecretsKey,
    DATA_DIR: dataDir,
    SCHEDULED_PUBLISHING_POLL_SECONDS: "300",
  });
  siteConfig = config;
  webBuild = await loadWebBuild(process.env.HERITAGE_WEB_BUILD_DIR || undefined);
  const siteAuth = await ensureSiteAuth(first.db, config, {
    baseUrl: "http://localhost:3000",
    logger,
  });
  siteAuthOfTest = siteAuth;
  const web = webBuild;
  a = createApp({ config, database: first, logger, migrationSets, siteAuth, web });
  b = createApp({ config, database: second, logger, migrationSets, siteAuth, web });
  await siteAuth.createFirstAdmin({
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    displayName: "Dragana",
  });
  const signIn = await a.request("/api/v1/auth/password/sign-in", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": siteAuth.projectId,
      "x-stack-publishable-client-key": siteAuth.publishableClientKey,
    },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
  adminToken = tokens.access_token;
  // The session's cookies as the site's client writes them (contract §1.6).
  const refresh = JSON.stringify({ refresh_token: tokens.refresh_token, updated_at_millis: 1 });
  adminCookie = [
    `hexclave-refresh-${siteAuth.projectId}--default=${encodeURIComponent(refresh)}`,
    `hexclave-access=${encodeURIComponent(JSON.stringify([tokens.refresh_token, tokens.access_token]))}`,
  ].join("; ");
  await Promise.all([a.pageCache?.idle(), b.pageCache?.idle()]);
}, 300_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second !== first) await second?.close();
  await first?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type App = ReturnType<typeof createApp>;

async function call(path: string, body: unknown, app: App = a) {
  const response = await app.request(`/functions${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

async function page(app: App, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  return { response, html: await response.text() };
}

const hero = (title: string) => ({ title, subtitle: "Subtitle", description: "Description" });

describe("a draft and its preview", () => {
  it("leave the live page, stored or not, as it was", async () => {
    const before = await page(a, "/de");
    expect(before.response.status).toBe(200);
    expect((await page(a, "/de")).response.headers.get("x-page-cache")).toBe("hit");
    await page(b, "/de");

    const saved = await call("/save-draft", {
      table: "site_content",
      id: "hero",
      data: { content_de: hero("Entwurf der Startseite") },
    });
    expect(saved.status).toBe(200);

    for (const app of [a, b]) {
      const live = await page(app, "/de");
      expect(live.response.headers.get("x-page-cache")).toBe("hit");
      expect(live.html).not.toContain("Entwurf der Startseite");
      expect(live.html).not.toContain("data-preview-banner");
    }
  });

  it("is the real page with the draft over it, for a signed-in admin, marked and never stored", async () => {
    const path = "/de?preview=site_content%3Ahero";
    for (let visit = 0; visit < 2; visit++) {
      const preview = await page(a, path, { cookie: adminCookie });
      expect(preview.response.status).toBe(200);
      expect(preview.response.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.response.headers.get("etag")).toBeNull();
      expect(preview.response.headers.get("x-robots-tag")).toBe("noindex");
      expect(preview.response.headers.get("x-page-cache")).not.toBe("hit");
      expect(preview.html).toContain("Entwurf der Startseite");
      expect(preview.html).toContain("Vorschau eines Entwurfs");
      expect(preview.html).toContain("Entwurf gespeichert von Dragana");
      // The page's own parts are all there: navigation, projects, FAQ, footer.
      expect(preview.html).toMatch(/id="faq"/);
      expect(preview.html).toContain("<footer");
    }
    // English has no draft text: the English live text, and the English banner.
    const english = await page(a, "/?preview=site_content%3Ahero", { cookie: adminCookie });
    expect(english.html).not.toContain("Entwurf der Startseite");
    expect(english.html).toContain("Preview of a draft");
    // The live page is still the live one.
    expect((await page(a, "/de")).html).not.toContain("Entwurf der Startseite");
  });

  it("shows a project's draft on its own page at its live address", async () => {
    const created = await call("/api-projects", {
      title: "Old Songs",
      title_de: "Alte Lieder",
      category: "culture",
      description: "Songs of the valley.",
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body.data as { id: string; slug: string };
    const drafted = await call("/save-draft", {
      table: "projects",
      id,
      data: { title_de: "Alte Lieder der Drina", description_de: "Lieder aus dem Tal." },
    });
    expect(drafted.status).toBe(200);
    const preview = await page(a, `/de/project/${slug}?preview=projects%3A${id}`, {
      cookie: adminCookie,
    });
    expect(preview.response.status).toBe(200);
    expect(preview.html).toContain("Alte Lieder der Drina");
    expect(preview.html).toContain("Lieder aus dem Tal.");
    expect(preview.response.headers.get("cache-control")).toBe("private, no-store");
    const live = await page(b, `/de/project/${slug}`);
    expect(live.html).toContain("Alte Lieder");
    expect(live.html).not.toContain("Alte Lieder der Drina");
  });

  it("sends a visitor without a session to sign in, and shows them nothing of the draft", async () => {
    const anonymous = await page(a, "/de?preview=site_content%3Ahero");
    expect(anonymous.response.status).toBe(302);
    expect(anonymous.response.headers.get("location")).toBe(
      `/login?after_auth_return_to=${encodeURIComponent("/de?preview=site_content%3Ahero")}`,
    );
    expect(anonymous.response.headers.get("cache-control")).toBe("private, no-store");
    expect(anonymous.html).not.toContain("Entwurf der Startseite");
    const forged = await page(a, "/de?preview=site_content%3Ahero", {
      cookie: `hexclave-access=${encodeURIComponent(JSON.stringify(["x", "not.a.token"]))}`,
    });
    expect(forged.response.status).toBe(302);
  });

  it("goes live in both instances when published", async () => {
    const published = await call("/publish-draft", { table: "site_content", id: "hero" });
    expect(published.status).toBe(200);
    await untilAnnounced([first, second], CONTENT_CHANGED_CHANNEL);
    for (const app of [a, b]) {
      const live = await page(app, "/de");
      expect(live.response.status).toBe(200);
      expect(live.html).toContain("Entwurf der Startseite");
      expect(live.html).not.toContain("data-preview-banner");
      expect(live.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
  });
});

describe("publishing at a given time (issue 34, item 3)", () => {
  it("happens at the start of a process when no process was up at the time, and pages and sitemap follow", async () => {
    const drafted = await call("/api-projects", {
      title: "Looms of Bosnia",
      title_de: "Webstühle",
      category: "culture",
      description: "Weaving.",
    });
    const leaving = await call("/api-projects", {
      title: "Vanishing Crafts",
      category: "culture",
      description: "Crafts.",
    });
    const { id, slug } = drafted.body.data as { id: string; slug: string };
    const gone = leaving.body.data as { id: string; slug: string };
    await call("/save-draft", { table: "projects", id, data: { title_de: "Webstühle der Bosna" } });
    await untilAnnounced([first, second], CONTENT_CHANGED_CHANNEL);
    expect(await page(b, "/sitemap.xml").then((s) => s.html)).toContain(gone.slug);

    // A process schedules both for a moment ahead, then stops before that moment.
    const third = await connectAgain(first, 2);
    const starting = () =>
      createApp({
        config: siteConfig,
        database: third,
        logger,
        migrationSets,
        siteAuth: siteAuthOfTest,
        web: webBuild,
      });
    const before = starting();
    const runAt = new Date(Date.now() + 1_500).toISOString();
    const publish = await call(
      "/schedule",
      { table: "projects", id, action: "publish", run_at: runAt },
      before,
    );
    const unpublish = await call(
      "/schedule",
      { table: "projects", id: gone.id, action: "unpublish", run_at: runAt },
      before,
    );
    expect([publish.status, unpublish.status]).toEqual([200, 200]);
    await before.close();
    await new Promise((resolve) => setTimeout(resolve, Date.parse(runAt) - Date.now() + 200));
    // Nobody ran them: the live page is the old one (the other processes poll later).
    expect((await page(b, `/de/project/${slug}`)).html).not.toContain("Webstühle der Bosna");

    // A process starting after the time runs them as it starts (nobody asks it to); every
    // process's pages follow.
    const after = starting();
    const scheduleIds = [publish.body.data, unpublish.body.data].map(
      (schedule) => (schedule as { id: string }).id,
    );
    const states = async () => {
      const listed = await after.request("/functions/schedules?state=finished", {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const finished = ((await listed.json()) as { data: { id: string; state: string }[] }).data;
      return scheduleIds.map(
        (scheduleId) => finished.find((entry) => entry.id === scheduleId)?.state,
      );
    };
    try {
      await expect.poll(states, { timeout: 10_000, interval: 50 }).toEqual(["done", "done"]);
      await untilAnnounced([first, second], CONTENT_CHANGED_CHANNEL);
      for (const app of [a, b, after]) {
        expect((await page(app, `/de/project/${slug}`)).html).toContain("Webstühle der Bosna");
        expect((await page(app, `/project/${gone.slug}`)).response.status).toBe(404);
        expect((await page(app, "/sitemap.xml")).html).not.toContain(gone.slug);
      }
    } finally {
      await after.close();
      if (third !== first) await third.close();
    }
  });
});
