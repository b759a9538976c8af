/**
 * `/media` through the whole app (issue 14, defect 6): an uploaded file keeps its own sandboxing
 * policy; the app's page policy (scripts by nonce) must not replace it. The auth API's pictures
 * sent as data URLs land in the same storage and are served from there (issue 28, item 3).
 * @see issue 14
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";
import { MEDIA_CACHE_CONTROL } from "./media-routes";
import { createDiskMediaStorage } from "./media-storage";

const logger = pino({ level: "silent" });
let database: DatabaseConnection;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let siteAuth: Awaited<ReturnType<typeof ensureSiteAuth>>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "heritage-media-app-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRETS_KEY: "media-routes-test-secrets-key-0123456789",
  });
  siteAuth = await ensureSiteAuth(database.db, config, {
    baseUrl: "http://localhost:3000",
    logger,
  });
  app = createApp({
    config,
    database,
    logger,
    migrationSets,
    siteAuth,
    web: {
      handler: async () =>
        new Response("<!doctype html><title>Page</title>", {
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("/media through the app", () => {
  it("serves an upload under its own sandboxing policy, not the pages' one", async () => {
    const key = `${randomUUID()}/original.png`;
    const storage = createDiskMediaStorage({ root: join(dataDir, "media") });
    await storage.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "image/png");

    const response = await app.request(`/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    // The other security headers still apply.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("still gives pages the nonce-based policy", async () => {
    const response = await app.request("/about");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("keeps an auth API picture as a re-encoded file without metadata and serves it", async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#2e86c1" },
    })
      .withExif({ IFD0: { Artist: "Secret Person" } })
      .jpeg()
      .toBuffer();
    const response = await app.request("/api/v1/users", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-access-type": "server",
        "x-stack-secret-server-key": siteAuth.secretServerKey,
      },
      body: JSON.stringify({
        primary_email: "pictured@example.com",
        profile_image_url: `data:image/jpeg;base64,${jpeg.toString("base64")}`,
      }),
    });
    expect(response.status).toBe(201);
    const { profile_image_url: url } = (await response.json()) as { profile_image_url: string };
    // Absolute, from PUBLIC_URL (never from the request), in the reference's folder.
    expect(url).toMatch(
      /^http:\/\/localhost:3000\/media\/user-profile-images\/[0-9a-f-]{36}\.jpg$/,
    );

    const file = await app.request(new URL(url).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    const stored = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect({ width: stored.width, height: stored.height, exif: stored.exif }).toEqual({
      width: 40,
      height: 30,
      exif: undefined,
    });
  });
});
