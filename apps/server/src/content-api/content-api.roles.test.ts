/**
 * Roles through the content API and functions (issue 34, item 4; decision 032): an editor writes
 * content (projects, categories, FAQ items, the pages' copy, images, messages' status, restores)
 * and is refused with 403 FORBIDDEN, naming why and their role, on the global settings (the
 * languages, the global SEO row, also through a restore), on deleting a message and on purging
 * the trash; a refused call writes nothing. A user without a role is an admin, and a role change
 * counts from the user's very next request.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestUser } from "@heritage/auth-server/testing";
import { seedDefaultContent } from "@heritage/content";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFunctionsApi } from "../functions/functions-api";
import { createDiskMediaStorage } from "../media/media-storage";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
  setSiteRole,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let functions: Hono;
let mediaRoot: string;
let admin: string;
let editor: TestUser;

const seo = { id: "global-seo-settings", content_type: "global_seo" };

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context);
  admin = context.admin.accessToken;
  editor = await context.auth.signUpUser(context.siteProjectId, { email: "eda@example.org" });
  await setSiteRole(context, editor.userId, "editor");
  mediaRoot = await mkdtemp(join(tmpdir(), "heritage-roles-media-"));
  functions = new Hono();
  functions.route(
    "/functions",
    createFunctionsApi({
      db: context.db,
      logger: context.logger,
      verifyAdmin: context.verifyAdmin,
      mailer: null,
      emailFrom: "no-reply@example.org",
      mediaStorage: createDiskMediaStorage({ root: mediaRoot }),
    }),
  );
}, 60_000);
afterAll(async () => {
  await context.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

function expectRefused(
  answer: Awaited<ReturnType<typeof api.call>>,
  why: RegExp = /Only an admin can change the global SEO settings and the site's languages\./,
) {
  expect(answer.status).toBe(403);
  expect(answer.data).toBeNull();
  expect(answer.error?.code).toBe("FORBIDDEN");
  expect(answer.error?.message).toMatch(why);
  expect(answer.error?.message).toMatch(/Your role is editor\.$/);
}

/** What the global settings hold now, to show a refused call wrote nothing. */
async function globalSettings(): Promise<string> {
  const [siteContent, languages, trash] = await Promise.all([
    api.call("GET", "/api-site_content"),
    api.call("GET", "/api-languages"),
    api.call("GET", "/api-trash", { token: admin }),
  ]);
  return JSON.stringify([siteContent.data, languages.data, trash.data]);
}

describe("an editor", () => {
  it("creates, edits, deletes and restores projects, categories and FAQ items", async () => {
    const token = editor.accessToken;
    const created = await api.call("POST", "/api-projects", {
      token,
      body: { title: "Sevdah Archive", category: "culture", description: "Songs" },
    });
    expect(created.status).toBe(201);
    const id = created.data.id as string;
    const saved = await api.call("PUT", "/api-projects", {
      token,
      body: { id, description: "Songs of the Drina" },
    });
    expect(saved.status).toBe(200);
    const deleted = await api.call("DELETE", `/api-projects?id=${id}`, { token });
    expect(deleted.status).toBe(200);
    const restored = await api.call("POST", "/restore-from-trash", {
      token,
      body: { table: "projects", id },
    });
    expect(restored.status).toBe(201);
    const revisions = await api.call("GET", `/api-revisions?table_name=projects&row_id=${id}`, {
      token,
    });
    expect(revisions.status).toBe(200);
    const first = (revisions.data as { id: string; version: number }[]).find(
      (revision) => revision.version === 1,
    );
    const back = await api.call("POST", "/restore-revision", {
      token,
      body: { revision_id: first?.id },
    });
    expect(back.status).toBe(200);
    expect(back.data.description).toBe("Songs");

    expect(
      (await api.call("POST", "/api-categories", { token, body: { id: "music", name: "Music" } }))
        .status,
    ).toBe(201);
    const faq = await api.call("POST", "/api-faqs", {
      token,
      body: { question: "Who?", answer: "Us" },
    });
    expect(faq.status).toBe(201);
    expect(
      (await api.call("PUT", "/api-faqs", { token, body: { id: faq.data.id, answer: "We" } }))
        .status,
    ).toBe(200);
    expect((await api.call("DELETE", `/api-faqs?id=${faq.data.id}`, { token })).status).toBe(200);
  });

  it("edits the pages' copy: hero, footer, about, contact and the legal pages", async () => {
    for (const id of ["hero", "footer", "about", "contact", "impressum", "datenschutz"]) {
      const saved = await api.call("POST", "/api-site_content", {
        token: editor.accessToken,
        body: {
          id,
          content_de: id === "footer" ? { description: "Fuß" } : { title: `Titel ${id}` },
        },
      });
      expect(saved.status, id).toBe(201);
    }
    const put = await api.call("PUT", "/api-site_content", {
      token: editor.accessToken,
      body: { id: "hero", content: { title: "Heritage" } },
    });
    expect(put.status).toBe(200);
  });

  it("reads messages and marks them read, reads the history and the activity", async () => {
    const message = await api.call("POST", "/api-contact_submissions", {
      body: { name: "Ana", email: "ana@example.org", subject: "Hi", message: "Hello there!" },
    });
    expect(message.status).toBe(201);
    const token = editor.accessToken;
    expect((await api.call("GET", "/api-contact_submissions", { token })).status).toBe(200);
    const read = await api.call("PUT", "/api-contact_submissions", {
      token,
      body: { id: message.data.id, status: "read" },
    });
    expect(read.status).toBe(200);
    for (const path of ["/api-revisions", "/api-trash", "/api-audit_log", "/api-media"]) {
      expect((await api.call("GET", path, { token })).status, path).toBe(200);
    }
  });

  it("uploads images", async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#2e86de" },
    })
      .png()
      .toBuffer();
    const response = await functions.request("/functions/upload-image", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${editor.accessToken}`,
      },
      body: JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}` }),
    });
    expect(response.status).toBe(201);
  });

  it("is refused the global SEO settings and the languages with 403, and nothing is written", async () => {
    // The global SEO row exists, as an admin saved it.
    const stored = await api.call("POST", "/api-site_content", {
      token: admin,
      body: { ...seo, content: { site_name: "Balkan Heritage" } },
    });
    expect(stored.status).toBe(201);
    const before = await globalSettings();
    const token = editor.accessToken;
    const attempts: [string, string, unknown][] = [
      ["POST", "/api-site_content", { ...seo, content: { site_name: "Hacked" } }],
      ["PUT", "/api-site_content", { id: seo.id, content: { site_name: "Hacked" } }],
      // Spelled as the schema still reads it: trimmed id, or the content type on another row.
      ["POST", "/api-site_content", { id: ` ${seo.id} `, content: { site_name: "Hacked" } }],
      ["POST", "/api-site_content", { id: "hero", content_type: " global_seo", content: {} }],
      ["DELETE", `/api-site_content?id=${seo.id}`, undefined],
      ["POST", "/api-languages", { id: "fr", name: "Français" }],
      ["PUT", "/api-languages", { id: "en", name: "Hacked" }],
      ["DELETE", "/api-languages?id=de", undefined],
    ];
    for (const [method, path, body] of attempts) {
      expectRefused(await api.call(method, path, { token, body }));
    }
    // The id in the query string, the body without one.
    expectRefused(
      await api.call("PUT", `/api-site_content?id=${seo.id}`, {
        token,
        body: { content: { site_name: "Hacked" } },
      }),
    );
    expect(await globalSettings()).toBe(before);
  });

  it("is refused restoring the global SEO settings, from their history or the trash", async () => {
    const saved = await api.call("PUT", "/api-site_content", {
      token: admin,
      body: { id: seo.id, content: { site_name: "Second name" } },
    });
    expect(saved.status).toBe(200);
    const revisions = await api.call(
      "GET",
      `/api-revisions?table_name=site_content&row_id=${seo.id}&order=version.asc`,
      { token: admin },
    );
    const first = (revisions.data as { id: string }[])[0];
    expectRefused(
      await api.call("POST", "/restore-revision", {
        token: editor.accessToken,
        body: { revision_id: first?.id },
      }),
    );

    expect(
      (await api.call("DELETE", `/api-site_content?id=${seo.id}`, { token: admin })).status,
    ).toBe(200);
    const before = await globalSettings();
    expectRefused(
      await api.call("POST", "/restore-from-trash", {
        token: editor.accessToken,
        body: { table: "site_content", id: seo.id },
      }),
    );
    expect(await globalSettings()).toBe(before);
    const restored = await api.call("POST", "/restore-from-trash", {
      token: admin,
      body: { table: "site_content", id: seo.id },
    });
    expect(restored.status).toBe(201);
  });

  it("is refused deleting for good and deleting a message, which cannot be undone", async () => {
    const project = await api.call("POST", "/api-projects", {
      token: editor.accessToken,
      body: { title: "Short-lived", category: "culture" },
    });
    const id = project.data.id as string;
    await api.call("DELETE", `/api-projects?id=${id}`, { token: editor.accessToken });
    expectRefused(
      await api.call("POST", "/purge-from-trash", {
        token: editor.accessToken,
        body: { table: "projects", id },
      }),
      /Only an admin can delete items from the trash for good\./,
    );
    const trash = await api.call("GET", `/api-trash?row_id=${id}`, { token: admin });
    expect(trash.data).toHaveLength(1);
    const purged = await api.call("POST", "/purge-from-trash", {
      token: admin,
      body: { table: "projects", id },
    });
    expect(purged.status).toBe(200);

    const message = await api.call("POST", "/api-contact_submissions", {
      body: { name: "Ana", email: "ana@example.org", subject: "Hi", message: "Hello again!" },
    });
    expectRefused(
      await api.call("DELETE", `/api-contact_submissions?id=${message.data.id}`, {
        token: editor.accessToken,
      }),
      /Only an admin can delete contact messages\./,
    );
    const kept = await api.call("GET", `/api-contact_submissions?id=${message.data.id}`, {
      token: admin,
    });
    expect(kept.status).toBe(200);
  });
});

describe("roles as they are at each request", () => {
  it("lets a user without a role (an admin from before roles) do everything", async () => {
    const saved = await api.call("PUT", "/api-languages", {
      token: admin,
      body: { id: "en", flag_emoji: "🇬🇧" },
    });
    expect(saved.status).toBe(200);
  });

  it("refuses a demoted admin's very next write, and lets them write again when promoted", async () => {
    const bob = await context.auth.signUpUser(context.siteProjectId, { email: "bob@example.org" });
    const write = () =>
      api.call("PUT", "/api-site_content", {
        token: bob.accessToken,
        body: { id: seo.id, content: { site_name: "Bob's" } },
      });
    expect((await write()).status).toBe(200);

    await setSiteRole(context, bob.userId, "editor");
    expectRefused(await write());
    // Content stays his to edit, with the same session.
    const hero = await api.call("PUT", "/api-site_content", {
      token: bob.accessToken,
      body: { id: "hero", content: { title: "Still an editor" } },
    });
    expect(hero.status).toBe(200);

    await setSiteRole(context, bob.userId, "admin");
    expect((await write()).status).toBe(200);
    await setSiteRole(context, bob.userId, "editor");
    await setSiteRole(context, bob.userId, null);
    expect((await write()).status).toBe(200);
  });
});
