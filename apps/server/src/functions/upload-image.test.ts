import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listMedia } from "@heritage/content";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGuardMessages } from "../content-api/admin-guard";
import { createMediaRoutes, MEDIA_CACHE_CONTROL } from "../media/media-routes";
import { createDiskMediaStorage } from "../media/media-storage";
import { createSiteTestContext, type SiteTestContext } from "../testing/content-api-harness";
import { createFunctionsApi } from "./functions-api";

let context: SiteTestContext;
let mediaRoot: string;
let app: Hono;

/** A 2000 x 1000 PNG carrying EXIF (artist) and GPS coordinates, as a camera phone would. */
async function pngWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#c0392b" } })
    .withExif({
      IFD0: { Artist: "Secret Person" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 51/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "18/1 25/1 0/1",
      },
    })
    .png()
    .toBuffer();
}

/** Random pixels do not compress: a valid PNG of more than 5 MB. */
async function oversizePng(): Promise<Buffer> {
  const width = 1400;
  const height = 1300;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

beforeAll(async () => {
  context = await createSiteTestContext();
  mediaRoot = await mkdtemp(join(tmpdir(), "heritage-media-"));
  const storage = createDiskMediaStorage({ root: mediaRoot });
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
});
afterAll(async () => {
  await context.close();
  await rm(mediaRoot, { recursive: true, force: true });
});

type UploadAnswer = {
  status: number;
  url?: string;
  stored_in?: string;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  data: any;
  error: { code: string; message: string } | null;
};

async function uploadJson(body: unknown, token = context.admin.accessToken): Promise<UploadAnswer> {
  const response = await app.request("/functions/upload-image", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Omit<UploadAnswer, "status">) };
}

async function uploadMultipart(file: File | null, token = context.admin.accessToken) {
  const form = new FormData();
  if (file) form.set("image", file);
  const response = await app.request("/functions/upload-image", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, ...((await response.json()) as Omit<UploadAnswer, "status">) };
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(mediaRoot, { recursive: true })).map(String).sort();
}

describe("upload-image", () => {
  it("re-encodes a data URL upload without its EXIF and GPS data and makes WebP variants", async () => {
    const input = await pngWithLocation();
    // The fixture really carries the metadata, so the check below can fail.
    expect((await sharp(input).metadata()).exif?.toString("latin1")).toContain("Secret Person");

    const response = await uploadJson({ image: dataUrl(input, "image/png") });
    expect(response.status).toBe(201);
    expect(response.error).toBeNull();
    expect(response.url).toMatch(/^\/media\/[0-9a-f-]{36}\/original\.png$/);
    // Kept on this server's disk: the admin's notice does not speak of a cloud service.
    expect(response.stored_in).toBe("disk");
    expect(response.data).toMatchObject({
      url: response.url,
      content_type: "image/png",
      width: 2000,
      height: 1000,
      uploaded_by: context.admin.userId,
    });
    expect(response.data.variants.map((variant: { width: number }) => variant.width)).toEqual([
      400, 800, 1200, 1600,
    ]);

    const original = await app.request(response.url ?? "");
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    const originalBytes = Buffer.from(await original.arrayBuffer());
    const metadata = await sharp(originalBytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(originalBytes.toString("latin1")).not.toContain("Secret Person");

    const variant = await app.request(response.data.variants[1].url);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    const variantMetadata = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect(variantMetadata).toMatchObject({ format: "webp", width: 800, height: 400 });
    expect(variantMetadata.exif).toBeUndefined();

    expect((await listMedia(context.db)).map((media) => media.id)).toEqual([response.data.id]);
  });

  it("accepts large files as multipart form data, keeping JPEG as JPEG", async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#2980b9" },
    })
      .jpeg()
      .toBuffer();
    const response = await uploadMultipart(
      new File([new Uint8Array(jpeg)], "bridge.jpg", { type: "image/jpeg" }),
    );
    expect(response.status).toBe(201);
    expect(response.url).toMatch(/\/original\.jpg$/);
    expect(response.data).toMatchObject({ original_filename: "bridge.jpg", width: 300 });
    expect(response.data.variants.map((variant: { width: number }) => variant.width)).toEqual([
      300,
    ]);
  });

  describe("rejections (nothing is stored)", () => {
    let filesBefore: string[];
    let mediaBefore: number;
    beforeAll(async () => {
      filesBefore = await storedFiles();
      mediaBefore = (await listMedia(context.db)).length;
    });
    const expectNothingStored = async () => {
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await listMedia(context.db)).toHaveLength(mediaBefore);
    };

    it("refuses a missing file", async () => {
      for (const response of [
        await uploadJson({}),
        await uploadJson({ image: "" }),
        await uploadMultipart(null),
      ]) {
        expect(response.status).toBe(400);
        expect(response.error).toEqual({
          code: "IMAGE_MISSING",
          message: "You must select an image to upload.",
        });
      }
      await expectNothingStored();
    });

    it("refuses files of 5 MB or more, as JSON and as multipart", async () => {
      const big = await oversizePng();
      expect(big.byteLength).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      const asJson = await uploadJson({ image: dataUrl(big, "image/png") });
      expect(asJson.status).toBe(413);
      expect(asJson.error?.message).toBe("File size must be less than 5MB");
      const asMultipart = await uploadMultipart(
        new File([new Uint8Array(big)], "big.png", { type: "image/png" }),
      );
      expect(asMultipart.status).toBe(413);
      expect(asMultipart.error?.message).toBe("File size must be less than 5MB");
      const exactly = await uploadJson({
        image: dataUrl(Buffer.alloc(5 * 1024 * 1024), "image/png"),
      });
      expect(exactly.error?.message).toBe("File size must be less than 5MB");
      await expectNothingStored();
    });

    it.each([
      ["a text file", dataUrl(Buffer.from("hello, I am text"), "text/plain")],
      ["a text file declared as PNG", dataUrl(Buffer.from("hello, I am text"), "image/png")],
      ["an SVG with a script", dataUrl(svgWithScript, "image/svg+xml")],
      ["an SVG declared as PNG", dataUrl(svgWithScript, "image/png")],
      [
        "a truncated PNG",
        dataUrl(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "image/png"),
      ],
      ["a non-data URL", "https://example.org/image.png"],
    ])("refuses %s", async (_name, image) => {
      const response = await uploadJson({ image });
      expect(response.status).toBe(400);
      expect(response.error).toEqual({
        code: "IMAGE_INVALID",
        message: "Please select a valid image file",
      });
      await expectNothingStored();
    });

    it("refuses a text file renamed .png and an SVG sent as multipart", async () => {
      const renamed = await uploadMultipart(
        new File(["just some text, not a picture"], "holiday.png", { type: "image/png" }),
      );
      expect(renamed.status).toBe(400);
      expect(renamed.error?.message).toBe("Please select a valid image file");
      const svg = await uploadMultipart(
        new File([new Uint8Array(svgWithScript)], "logo.svg", { type: "image/svg+xml" }),
      );
      expect(svg.error?.message).toBe("Please select a valid image file");
      await expectNothingStored();
    });

    it.each([
      ["without a boundary", "multipart/form-data"],
      ["whose boundary is not in the body", "multipart/form-data; boundary=elsewhere"],
    ])("answers multipart %s with 400, not 500 (issue 14)", async (_case, contentType) => {
      const response = await app.request("/functions/upload-image", {
        method: "POST",
        headers: {
          "content-type": contentType,
          authorization: `Bearer ${context.admin.accessToken}`,
        },
        body: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nPNG\r\n--x--\r\n',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        data: null,
        error: {
          code: "INVALID_FORM_DATA",
          message: "The request body is not valid multipart form data",
        },
      });
      await expectNothingStored();
    });

    it("refuses anonymous callers and users of another project", async () => {
      const image = dataUrl(await pngWithLocation(), "image/png");
      const anonymous = await app.request("/functions/upload-image", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ image }),
      });
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as UploadAnswer).error?.message).toBe(
        adminGuardMessages.missing,
      );
      const outsider = await uploadJson({ image }, context.outsider.accessToken);
      expect(outsider.status).toBe(403);
      expect(outsider.error?.message).toBe(adminGuardMessages.wrongProject);
      await expectNothingStored();
    });
  });

  it("serves nothing outside the media keys", async () => {
    expect((await app.request("/media/../../etc/passwd")).status).toBe(404);
    expect((await app.request("/media/%2e%2e%2fsecret.png")).status).toBe(404);
    expect((await app.request(`/media/${crypto.randomUUID()}/original.png`)).status).toBe(404);
  });
});
