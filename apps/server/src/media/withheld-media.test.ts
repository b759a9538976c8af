/**
 * A trashed project's photos (issue 33, item 8), through the whole app on two instances sharing
 * one database, as two processes behind a load balancer are (and one media folder, as a shared
 * disk or bucket is): a delete through one withholds the project's own images from visitors at
 * once in that one and, once the database's announcement arrives, in the other; an admin signed
 * in still sees them; a restore makes them public again; a purge removes them at once. Images
 * that live content still uses are never touched. On PostgreSQL each instance has its own
 * connections (its own LISTEN); PGlite is one process's database, so there they share it.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testSecretsKey } from "@heritage/auth-server/testing";
import {
  CONTENT_CHANGED_CHANNEL,
  createProject,
  deleteProject,
  findMediaById,
  writeContent,
} from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { connectAgain, createTestDatabase, untilAnnounced } from "@heritage/db/testing";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { readAccessCookie } from "../site-auth/admin-cookie";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { MEDIA_CACHE_CONTROL, WITHHELD_MEDIA_CACHE_CONTROL } from "./media-routes";
import { createWithheldMedia } from "./withheld-media";

const logger = pino({ level: "silent" });
const ADMIN_EMAIL = "photo.editor@example.org";
const ADMIN_PASSWORD = "a long enough password";

let first: DatabaseConnection;
let second: DatabaseConnection;
let dataDir: string;
let a: ReturnType<typeof createApp>;
let b: ReturnType<typeof createApp>;
let adminToken: string;
let adminCookie: string;

beforeAll(async () => {
  first = await createTestDatabase();
  second = await connectAgain(first, 2);
  dataDir = await mkdtemp(join(tmpdir(), "heritage-withheld-"));
  const config = loadConfig({ SECRETS_KEY: testSecretsKey, DATA_DIR: dataDir });
  const siteAuth = await ensureSiteAuth(first.db, config, {
    baseUrl: "http://localhost:3000",
    logger,
  });
  a = createApp({ config, database: first, logger, migrationSets, siteAuth });
  b = createApp({ config, database: second, logger, migrationSets, siteAuth });
  await siteAuth.createFirstAdmin({
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    displayName: null,
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
  // The access cookie as the site's client writes it (`[refreshToken, accessToken]`, encoded).
  adminCookie = `hexclave-access=${encodeURIComponent(
    JSON.stringify([tokens.refresh_token, tokens.access_token]),
  )}`;
  await Promise.all([a.withheldMedia.ready(), b.withheldMedia.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second !== first) await second?.close();
  await first?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Until every change committed so far has reached both instances. */
const announced = () => untilAnnounced([first, second], CONTENT_CHANGED_CHANNEL);

type App = ReturnType<typeof createApp>;

async function call(app: App, method: string, path: string, body?: unknown) {
  const response = await app.request(`/functions${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

async function upload(background: string): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 500, height: 400, channels: 3, background } })
    .png()
    .toBuffer();
  const answer = await call(a, "POST", "/upload-image", {
    image: `data:image/png;base64,${png.toString("base64")}`,
  });
  expect(answer.status).toBe(201);
  const data = answer.body as unknown as { url: string; data: { id: string } };
  return { id: data.data.id, url: data.url };
}

async function createProjectThroughApi(title: string, image: string, details = "") {
  const answer = await call(a, "POST", "/api-projects", {
    title,
    category: "culture",
    description: "Portraits of the singers.",
    details,
    image,
  });
  expect(answer.status).toBe(201);
  return (answer.body.data as { id: string }).id;
}

/** What a visitor (or, with `cookie`, the signed-in admin's browser) gets for a path. */
async function visit(app: App, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers, redirect: "manual" });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    location: response.headers.get("location"),
    etag: response.headers.get("etag"),
  };
}

const statuses = async (app: App, paths: string[]) =>
  Promise.all(paths.map(async (path) => (await visit(app, path)).status));

const filesOf = async (id: string) =>
  (await readdir(join(dataDir, "media", id)).catch(() => [])).sort();

describe("a trashed project's images (issue 33, item 8)", () => {
  it("are withheld from visitors at once in every process, shown to a signed-in admin, and public again once restored", async () => {
    const own = await upload("#c0392b");
    const shared = await upload("#27ae60");
    const paths = [own.url, `/media/${own.id}/w400.webp`];
    const projectId = await createProjectThroughApi(
      "Sevdah portraits",
      own.url,
      `<p><img src="${shared.url}"></p>`,
    );
    // The other image is also on the FAQ page: live content still uses it.
    expect(
      (
        await call(a, "POST", "/api-faqs", {
          question: "Who sings?",
          answer: `<img src="${shared.url}">`,
        })
      ).status,
    ).toBe(201);
    await announced();
    for (const app of [a, b]) {
      expect(await statuses(app, [...paths, shared.url])).toEqual([200, 200, 200]);
      expect((await visit(app, `/share-image/media/${own.id}.jpg`)).status).toBe(200);
    }

    expect((await call(a, "DELETE", `/api-projects?id=${projectId}`)).status).toBe(200);
    // The process that deleted it: at once, before any announcement.
    const withheld = await visit(a, own.url);
    expect(withheld).toMatchObject({ status: 404, cacheControl: "no-store" });
    expect(await statuses(a, paths)).toEqual([404, 404]);
    expect(await visit(a, `/share-image/media/${own.id}.jpg`)).toMatchObject({
      status: 302,
      location: "/og-image.png",
      cacheControl: "no-store",
    });
    expect(await statuses(a, [shared.url])).toEqual([200]);
    // Another process, once the database's announcement has reached it.
    await announced();
    expect(await statuses(b, [...paths, shared.url])).toEqual([404, 404, 200]);
    // A cache checking back with the tag it stored gets the 404, not a 304.
    const etag = `"${own.url.slice("/media/".length)}"`;
    expect((await visit(b, own.url, { "if-none-match": etag })).status).toBe(404);

    // The signed-in admin's browser still loads them (the trash's preview, a restore), and no
    // cache keeps that answer; a cookie that is no session changes nothing.
    for (const app of [a, b]) {
      expect(await visit(app, own.url, { cookie: adminCookie })).toMatchObject({
        status: 200,
        cacheControl: WITHHELD_MEDIA_CACHE_CONTROL,
      });
    }
    const forged = `hexclave-access=${encodeURIComponent(JSON.stringify(["x", "not.a.token"]))}`;
    expect((await visit(b, own.url, { cookie: forged })).status).toBe(404);

    // Restored through the other process: public again everywhere.
    expect(
      (await call(b, "POST", "/restore-from-trash", { table: "projects", id: projectId })).status,
    ).toBe(201);
    await announced();
    for (const app of [a, b]) {
      expect(await statuses(app, paths)).toEqual([200, 200]);
      expect(await visit(app, own.url)).toMatchObject({
        cacheControl: MEDIA_CACHE_CONTROL,
        etag,
      });
      expect((await visit(app, own.url, { "if-none-match": etag })).status).toBe(304);
    }
  });

  it("are removed at once when the project is deleted for good; images other content uses stay", async () => {
    const own = await upload("#8e44ad");
    const older = await upload("#2c3e50");
    const shared = await upload("#f39c12");
    const projectId = await createProjectThroughApi("Old town", older.url);
    // Its first image is only in its history now.
    expect(
      (await call(a, "PUT", `/api-projects?id=${projectId}`, { id: projectId, image: own.url }))
        .status,
    ).toBe(200);
    await createProjectThroughApi("Market", shared.url);
    expect(
      (
        await call(a, "PUT", `/api-projects?id=${projectId}`, {
          id: projectId,
          details: `<img src="${shared.url}">`,
        })
      ).status,
    ).toBe(200);
    await announced();
    // An image only the history keeps is withheld too (only an admin restores it).
    expect(await statuses(b, [own.url, older.url, shared.url])).toEqual([200, 404, 200]);

    expect((await call(a, "DELETE", `/api-projects?id=${projectId}`)).status).toBe(200);
    expect(await filesOf(own.id)).not.toEqual([]);
    const purged = await call(b, "POST", "/purge-from-trash", { table: "projects", id: projectId });
    expect(purged.status).toBe(200);
    // Gone when the editor's request is answered, not after the grace period (24 h here).
    expect(await filesOf(own.id)).toEqual([]);
    expect(await filesOf(older.id)).toEqual([]);
    expect(await findMediaById(first.db, own.id)).toBeNull();
    expect(await findMediaById(first.db, older.id)).toBeNull();
    expect(await filesOf(shared.id)).not.toEqual([]);
    await announced();
    for (const app of [a, b]) {
      expect(await statuses(app, [own.url, older.url, shared.url])).toEqual([404, 404, 200]);
    }
  });
});

describe("withheld uploads in a process that does not hear announcements", () => {
  it("asks the database about each upload until it listens", async () => {
    const notListening = createWithheldMedia({
      db: first.db,
      notifications: {
        listen: () => Promise.reject(new Error("no listening connection")),
        notify: async () => {},
      },
      logger,
    });
    await notListening.ready();
    const own = await upload("#16a085");
    await createProject(first.db, {
      id: "unheard",
      title: "Unheard",
      category: "culture",
      image: own.url,
    } as Parameters<typeof createProject>[1]);
    expect(await notListening.isWithheld(own.id)).toBe(false);
    // Deleted behind its back: no announcement reaches it, and still it knows at once.
    await writeContent(first.db, {
      table: "projects",
      operation: "delete",
      id: "unheard",
      actor: null,
      write: (tx) => deleteProject(tx, "unheard"),
    });
    expect(await notListening.isWithheld(own.id)).toBe(true);
    expect(await notListening.isWithheld("user-profile-images")).toBe(false);
    await notListening.close();
  });
});

describe("the admin's access cookie", () => {
  it("reads the access token the site's client writes, and nothing else", () => {
    const value = encodeURIComponent(JSON.stringify(["refresh", "header.claims.signature"]));
    expect(readAccessCookie(`a=1; hexclave-access=${value}; b=2`)).toBe("header.claims.signature");
    expect(readAccessCookie(`stack-access=${value}`)).toBe("header.claims.signature");
    for (const header of [
      null,
      "",
      "hexclave-access=",
      "hexclave-access=%E0%A4%A",
      `hexclave-access=${encodeURIComponent(JSON.stringify(["only-one"]))}`,
      `xhexclave-access=${value}`,
    ]) {
      expect(readAccessCookie(header)).toBeNull();
    }
  });
});
