/**
 * An upload's life after the upload (issue 19, defects 5 and 9): its share image is made once and
 * kept; an image address saved in content is checked for the admin; an upload no content refers
 * to is removed after the grace period, by several sweepers at once without harm; a trashed
 * item's image stays while the trash keeps the item (issue 29), and goes when the trash forgets
 * it, without a grace period (issue 33, item 8).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProject, deleteProject, findMediaById, writeContent } from "@heritage/content";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFunctionsApi } from "../functions/functions-api";
import {
  createRecordingLogger,
  createSiteTestContext,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { createMediaRoutes } from "./media-routes";
import { createDiskMediaStorage, type MediaStorage } from "./media-storage";
import { createMediaSweeper } from "./media-sweep";
import { createShareImageRoutes, createShareImages, renderShareImage } from "./share-images";

let context: SiteTestContext;
let mediaRoot: string;
let storage: MediaStorage;
let app: Hono;
let renders = 0;

beforeAll(async () => {
  context = await createSiteTestContext();
  mediaRoot = await mkdtemp(join(tmpdir(), "heritage-media-life-"));
  storage = createDiskMediaStorage({ root: mediaRoot });
  app = new Hono();
  app.route(
    "/functions",
    createFunctionsApi({
      db: context.db,
      logger: context.logger,
      verifyAdmin: context.verifyAdmin,
      mailer: null,
      emailFrom: "no-reply@example.org",
      mediaStorage: storage,
    }),
  );
  app.route("/media", createMediaRoutes({ storage }));
  const shareImages = createShareImages({
    db: context.db,
    storage,
    render: (original) => {
      renders += 1;
      return renderShareImage(original);
    },
  });
  app.route("/share-image", createShareImageRoutes({ shareImages }));
});
afterAll(async () => {
  await context.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

async function upload(width = 900, height = 1200): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width, height, channels: 3, background: "#2e86c1" } })
    .png()
    .toBuffer();
  const response = await app.request("/functions/upload-image", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${context.admin.accessToken}`,
    },
    body: JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}` }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { url: string; data: { id: string } };
  return { id: body.data.id, url: body.url };
}

async function checkImages(body: unknown, token: string | null = context.admin.accessToken) {
  const response = await app.request("/functions/check-images", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

const filesOf = async (id: string) => (await readdir(join(mediaRoot, id)).catch(() => [])).sort();

describe("share images (issue 19, defect 5)", () => {
  it("makes a 1200 x 630 JPEG from an upload once, keeps it in the media storage and serves it for a year", async () => {
    const { id } = await upload();
    renders = 0;
    const first = await app.request(`/share-image/media/${id}.jpg`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    // Browsers keep it a year; a shared cache checks back on every use (issue 33, item 8).
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable, s-maxage=0, proxy-revalidate",
    );
    const bytes = Buffer.from(await first.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    expect(await filesOf(id)).toContain("share.jpg");

    // Later requests, and requests at the same moment, read the stored file: no new encoding.
    const again = await Promise.all(
      [1, 2, 3].map(async () =>
        Buffer.from(await (await app.request(`/share-image/media/${id}.jpg`)).arrayBuffer()),
      ),
    );
    for (const answer of again) expect(answer.equals(bytes)).toBe(true);
    expect(renders).toBe(1);
  });

  it("renders one image for requests arriving together before it is stored", async () => {
    const { id } = await upload(600, 600);
    renders = 0;
    const answers = await Promise.all(
      [1, 2, 3].map(async () => (await app.request(`/share-image/media/${id}.jpg`)).status),
    );
    expect(answers).toEqual([200, 200, 200]);
    expect(renders).toBe(1);
  });

  it("sends an unknown or malformed id to the site's default share image", async () => {
    for (const path of [
      "/share-image/media/00000000-0000-4000-8000-000000000000.jpg",
      "/share-image/media/..%2F..%2Fetc%2Fpasswd.jpg",
      "/share-image/media/not-an-id.png",
    ]) {
      const response = await app.request(path);
      expect([path, response.status, response.headers.get("location")]).toEqual([
        path,
        302,
        "/og-image.png",
      ]);
    }
  });
});

describe("checking image addresses for the admin (issue 19, defect 9)", () => {
  it("names the missing upload and the address the site serves no image at; outside addresses are not fetched", async () => {
    const { url } = await upload(300, 200);
    const missing = "/media/00000000-0000-4000-8000-000000000000/original.png";
    const answer = await checkImages({
      urls: [
        url,
        missing,
        "/media/../../etc/passwd",
        "/uploads/sevdah.png",
        "sevdah.png",
        "javascript:alert(1)",
        "/images/projects/balkan-stories.svg",
        "https://cdn.example.org/share.jpg",
        "",
        url,
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { url, problem: null },
      { url: missing, problem: "missing" },
      { url: "/media/../../etc/passwd", problem: "missing" },
      { url: "/uploads/sevdah.png", problem: "invalid" },
      { url: "sevdah.png", problem: "invalid" },
      { url: "javascript:alert(1)", problem: "invalid" },
      { url: "/images/projects/balkan-stories.svg", problem: null },
      { url: "https://cdn.example.org/share.jpg", problem: null },
      { url: "", problem: null },
    ]);
  });

  it("answers 401 without a token, and 400 to a body that is no list of addresses", async () => {
    expect((await checkImages({ urls: [] }, null)).status).toBe(401);
    for (const body of [
      "{not json",
      { urls: "x" },
      { urls: [1] },
      { urls: Array(51).fill("/x") },
      { urls: ["x".repeat(3000)] },
    ]) {
      const answer = await checkImages(body);
      expect([body, answer.status, answer.body.data]).toEqual([body, 400, null]);
    }
    const wrongVerb = await app.request("/functions/check-images");
    expect(wrongVerb.status).toBe(405);
  });
});

describe("removing unreferenced uploads (issue 19, defect 9)", () => {
  it("removes a deleted project's files and record after the grace period, with several sweepers at once", async () => {
    const { id, url } = await upload(500, 400);
    await app.request(`/share-image/media/${id}.jpg`);
    await createProject(context.db, {
      id: "sevdah-sweep",
      title: "Sevdah",
      category: "culture",
      description: "Songs.",
      details: "",
      image: url,
    } as Parameters<typeof createProject>[1]);
    const logger = createRecordingLogger();
    let clock = new Date("2030-01-01T00:00:00Z");
    const sweeper = () =>
      createMediaSweeper({
        db: context.db,
        storage,
        logger,
        graceMs: 24 * 60 * 60 * 1000,
        intervalMs: 0,
        now: () => clock,
      });
    const [one, two] = [sweeper(), sweeper()];

    // Referred to: kept, unmarked.
    await one.sweep();
    expect((await findMediaById(context.db, id))?.unreferenced_since).toBeNull();

    await deleteProject(context.db, "sevdah-sweep");
    const marked = await one.sweep();
    expect(marked.marked).toContain(id);
    expect(marked.removed).not.toContain(id);
    clock = new Date("2030-01-01T23:00:00Z");
    expect((await two.sweep()).removed).not.toContain(id);
    expect(await filesOf(id)).toEqual(["original.png", "share.jpg", "w400.webp", "w500.webp"]);

    clock = new Date("2030-01-02T00:00:01Z");
    const results = await Promise.all([one.sweep(), two.sweep()]);
    expect(results.flatMap((result) => result.removed).filter((removed) => removed === id)).toEqual(
      [id],
    );
    expect(await filesOf(id)).toEqual([]);
    expect(await findMediaById(context.db, id)).toBeNull();
    expect((await app.request(url)).status).toBe(404);
    expect((await app.request(`/share-image/media/${id}.jpg`)).status).toBe(302);
    await Promise.all([one.close(), two.close()]);
  });

  it("keeps a trashed project's image while the trash keeps the project, and removes it when the trash forgets it, whatever the grace period", async () => {
    const { id, url } = await upload(320, 200);
    const actor = { id: context.admin.userId, name: "Ann" };
    await writeContent(context.db, {
      table: "projects",
      operation: "create",
      actor,
      write: (tx) =>
        createProject(tx, {
          id: "sevdah-trash",
          title: "Sevdah",
          category: "culture",
          image: url,
        } as Parameters<typeof createProject>[1]),
    });
    await writeContent(context.db, {
      table: "projects",
      operation: "delete",
      id: "sevdah-trash",
      actor,
      write: (tx) => deleteProject(tx, "sevdah-trash"),
    });
    let clock = new Date();
    const sweeper = createMediaSweeper({
      db: context.db,
      storage,
      logger: createRecordingLogger(),
      graceMs: 24 * 60 * 60 * 1000,
      intervalMs: 0,
      now: () => clock,
      retention: { revisionDays: 1, revisionsPerItem: 1, trashDays: 30, auditDays: 365 },
    });
    const kept = await sweeper.sweep({ graceMs: 0 });
    expect([...kept.marked, ...kept.removed]).not.toContain(id);
    expect(await filesOf(id)).not.toEqual([]);

    // Past the trash's 30 days the project, its revisions and then its image go, in that sweep:
    // not a day later (issue 33, item 8).
    clock = new Date(clock.getTime() + 31 * 24 * 60 * 60 * 1000);
    expect((await sweeper.sweep()).removed).toContain(id);
    expect(await filesOf(id)).toEqual([]);
    await sweeper.close();
  });

  it("keeps the record when a file cannot be removed, and finishes on the next sweep", async () => {
    const { id, url } = await upload(300, 300);
    let failing = true;
    const flaky: MediaStorage = {
      ...storage,
      delete: async (key) => {
        if (failing) throw new Error("bucket unavailable");
        return storage.delete(key);
      },
    };
    const logger = createRecordingLogger();
    const sweeper = createMediaSweeper({
      db: context.db,
      storage: flaky,
      logger,
      graceMs: 0,
      intervalMs: 0,
    });
    expect((await sweeper.sweep()).removed).not.toContain(id);
    expect(await findMediaById(context.db, id)).not.toBeNull();
    expect(logger.entries.some((entry) => entry.level === "error")).toBe(true);
    failing = false;
    expect((await sweeper.sweep()).removed).toContain(id);
    expect((await app.request(url)).status).toBe(404);
    await sweeper.close();
  });
});
