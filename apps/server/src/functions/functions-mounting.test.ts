import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedDefaultContent } from "@heritage/content";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentApi } from "../content-api/content-api";
import { createMediaRoutes } from "../media/media-routes";
import { createDiskMediaStorage } from "../media/media-storage";
import { createSiteTestContext, type SiteTestContext } from "../testing/content-api-harness";
import { createFunctionsApi } from "./functions-api";

let context: SiteTestContext;
let mediaRoot: string;
let app: Hono;

// The app mounts the content API and the functions under one prefix, and media at the root.
beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  mediaRoot = await mkdtemp(join(tmpdir(), "heritage-mount-"));
  const storage = createDiskMediaStorage({ root: mediaRoot });
  app = new Hono();
  app.route(
    "/functions",
    createContentApi({ db: context.db, verifyAdmin: context.verifyAdmin, logger: context.logger }),
  );
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
  app.notFound((c) => c.text("Not found", 404));
});
afterAll(async () => {
  await context.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

describe("content API and functions under one /functions prefix", () => {
  it("route each path to its handler, with its own body limit and error answers", async () => {
    expect((await app.request("/functions/api-categories")).status).toBe(200);
    const email = await app.request("/functions/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "A",
        email: "a@example.org",
        subject: "S",
        message: "A long enough message",
      }),
    });
    expect(email.status).toBe(202);
    const upload = await app.request("/functions/upload-image", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${context.admin.accessToken}`,
      },
      body: JSON.stringify({ image: `data:image/png;base64,${"A".repeat(2 * 1024 * 1024)}` }),
    });
    // 2 MB passes the upload limit (not the content API's 1 MB) and fails as a non-image.
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { error: { code: string } }).error.code).toBe("IMAGE_INVALID");
    expect((await app.request("/functions/api-nope")).status).toBe(404);
  });
});
