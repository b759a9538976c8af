/**
 * upload-image under hostile or failing conditions (issue 14, defect 6): names the database cannot
 * store or that look like paths are refused before anything is written, a failure after the first
 * write leaves no file behind, and images declaring too many pixels are refused before decoding.
 * @see issue 14
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { listMedia } from "@heritage/content";
import type { Database } from "@heritage/db";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_INPUT_PIXELS, processImage, TooManyPixelsError } from "../media/image-processing";
import { createDiskMediaStorage, type MediaStorage } from "../media/media-storage";
import { createSiteTestContext, type SiteTestContext } from "../testing/content-api-harness";
import { createFunctionsApi } from "./functions-api";

let context: SiteTestContext;
let mediaRoot: string;
let storage: MediaStorage;

beforeAll(async () => {
  context = await createSiteTestContext();
  mediaRoot = await mkdtemp(join(tmpdir(), "heritage-media-security-"));
  storage = createDiskMediaStorage({ root: mediaRoot });
});
afterAll(async () => {
  await context.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

/** The functions API over `mediaStorage` and `db` (both default to the real ones). */
function appWith(options: { mediaStorage?: MediaStorage; db?: Database } = {}) {
  const app = new Hono();
  app.route(
    "/functions",
    createFunctionsApi({
      db: options.db ?? context.db,
      logger: context.logger,
      verifyAdmin: context.verifyAdmin,
      mailer: null,
      emailFrom: "no-reply@example.org",
      mediaStorage: options.mediaStorage ?? storage,
    }),
  );
  return app;
}

type Answer = {
  status: number;
  data: unknown;
  error: { code: string; message: string; details?: unknown } | null;
};

async function uploadJson(app: Hono, body: unknown): Promise<Answer> {
  const response = await app.request("/functions/upload-image", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${context.admin.accessToken}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, "status">) };
}

async function uploadMultipart(app: Hono, file: File): Promise<Answer> {
  const form = new FormData();
  form.set("image", file);
  const response = await app.request("/functions/upload-image", {
    method: "POST",
    headers: { authorization: `Bearer ${context.admin.accessToken}` },
    body: form,
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, "status">) };
}

/** A 1800 x 900 PNG: an original and four variants, five writes in all. */
const photo = () =>
  sharp({ create: { width: 1800, height: 900, channels: 3, background: "#16a085" } })
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

/**
 * A small but valid PNG whose header declares `width` x `height`: one row of pixel data follows,
 * so a decoder would have to allocate the whole image before finding out the rest is missing.
 */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let filesBefore: string[];
let mediaBefore: number;
const storedFiles = async () => (await readdir(mediaRoot, { recursive: true })).map(String).sort();
beforeEach(async () => {
  filesBefore = await storedFiles();
  mediaBefore = (await listMedia(context.db)).length;
});
async function expectNothingStored() {
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await listMedia(context.db)).toHaveLength(mediaBefore);
}

describe("upload-image file names", () => {
  it.each([
    ["a NUL byte", "photo\u0000.png", "must not contain control characters"],
    ["a line break", "photo\n.png", "must not contain control characters"],
    ["a C1 control", "photo\u0085.png", "must not contain control characters"],
    ["a path", "../../etc/passwd.png", "must not contain / or \\"],
    ["a Windows path", "C:\\photos\\bridge.png", "must not contain / or \\"],
    ["an unpaired surrogate", "photo\ud800.png", "must not contain unpaired surrogate characters"],
    ["256 characters", `${"a".repeat(252)}.png`, "must be at most 255 characters"],
  ])("refuses a name with %s before writing anything", async (_case, filename, problem) => {
    const response = await uploadJson(appWith(), { image: dataUrl(await photo()), filename });
    expect(response).toEqual({
      status: 400,
      data: null,
      error: {
        code: "VALIDATION_FAILED",
        message: `filename: The file name ${problem}`,
        details: { fields: [{ field: "filename", message: `The file name ${problem}` }] },
      },
    });
    await expectNothingStored();
  });

  it("refuses a multipart file name with a NUL byte before writing anything", async () => {
    const file = new File([new Uint8Array(await photo())], "bridge\u0000.png", {
      type: "image/png",
    });
    const response = await uploadMultipart(appWith(), file);
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("VALIDATION_FAILED");
    await expectNothingStored();
  });

  it("keeps an ordinary name, accents and all", async () => {
    const response = await uploadJson(appWith(), {
      image: dataUrl(await photo()),
      filename: "Stari most – ljeto 2024 (1).png",
    });
    expect(response.status).toBe(201);
    const [newest] = await listMedia(context.db);
    expect(newest?.original_filename).toBe("Stari most – ljeto 2024 (1).png");
  });
});

describe("upload-image failures after the first write", () => {
  it("removes the files already written when a later write fails", async () => {
    let writes = 0;
    const failingOnThirdWrite: MediaStorage = {
      ...storage,
      async put(key, body, contentType) {
        writes++;
        if (writes === 3) throw new Error("disk full");
        await storage.put(key, body, contentType);
      },
    };
    const response = await uploadJson(appWith({ mediaStorage: failingOnThirdWrite }), {
      image: dataUrl(await photo()),
    });
    expect(response).toMatchObject({ status: 500, error: { code: "UPLOAD_FAILED" } });
    expect(writes).toBe(3);
    await expectNothingStored();
  });

  it("removes every file written when the database insert fails", async () => {
    const failingInsert = new Proxy(context.db, {
      get(target, property, receiver) {
        if (property === "insert") {
          return () => {
            throw new Error("database unavailable");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const response = await uploadJson(appWith({ db: failingInsert }), {
      image: dataUrl(await photo()),
    });
    expect(response).toMatchObject({ status: 500, error: { code: "UPLOAD_FAILED" } });
    await expectNothingStored();
  });
});

describe("upload-image pixel limit", () => {
  it.each([
    [20_000, 20_000],
    [7_000, 6_000],
  ])("refuses a PNG declaring %i x %i pixels before decoding it", async (width, height) => {
    const png = pngDeclaring(width, height);
    expect(png.byteLength).toBeLessThan(64 * 1024);
    expect(width * height).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(processImage(png)).rejects.toBeInstanceOf(TooManyPixelsError);

    const response = await uploadJson(appWith(), { image: dataUrl(png) });
    expect(response).toEqual({
      status: 400,
      data: null,
      error: {
        code: "IMAGE_INVALID",
        message: `The image must have at most 40 megapixels (it has ${width} x ${height})`,
      },
    });
    await expectNothingStored();
  });

  it("lets an image at the limit through to decoding", async () => {
    // 8000 x 5000 is exactly the limit: refused later only because its pixel data is missing.
    await expect(processImage(pngDeclaring(8_000, 5_000))).rejects.not.toBeInstanceOf(
      TooManyPixelsError,
    );
  });
});
