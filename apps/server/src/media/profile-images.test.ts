/**
 * The auth API's picture store over the media storage: a GIF stays a GIF (as the reference's
 * bucket keeps it), a file that is not an image is refused before anything is stored, and the URL
 * is the bucket's public one when there is one, else PUBLIC_URL's `/media/` path.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskMediaStorage, isMediaKey, type MediaStorage } from "./media-storage";
import { createProfileImageStore } from "./profile-images";

// The reference suite's 1x1 GIF.
const gif = Buffer.from("R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==", "base64");

const failOnError = {
  error: (...args: unknown[]) => {
    throw new Error(`unexpected error log: ${JSON.stringify(args)}`);
  },
};

/** A bucket that only takes pictures, its `put` given; its public URLs are the S3 mock's. */
const bucket = (put: MediaStorage["put"]): MediaStorage => ({
  kind: "bucket",
  put,
  get: async () => null,
  delete: async () => {},
  urlFor: (key) => `http://localhost:8121/stack-storage/${key}`,
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "heritage-profile-images-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("createProfileImageStore", () => {
  it("keeps a GIF as a GIF on disk and answers an absolute /media/ URL", async () => {
    const storage = createDiskMediaStorage({ root });
    const store = createProfileImageStore({
      storage,
      publicUrl: "https://heritage.example/",
      logger: failOnError,
    });
    const url = await store.save("team-profile-images", gif);
    expect(url).toMatch(
      /^https:\/\/heritage\.example\/media\/team-profile-images\/[0-9a-f-]{36}\.gif$/,
    );
    const key = new URL(url as string).pathname.slice("/media/".length);
    expect(isMediaKey(key)).toBe(true);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/gif");
    expect(
      Buffer.from(stored?.body ?? [])
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("GIF8");
  });

  it("refuses bytes that are not an image and stores nothing", async () => {
    const storage = createDiskMediaStorage({ root: join(root, "refused") });
    const store = createProfileImageStore({
      storage,
      publicUrl: "https://heritage.example",
      logger: failOnError,
    });
    expect(await store.save("user-profile-images", Buffer.from("<svg onload=alert(1)>"))).toBe(
      null,
    );
    // A GIF header over garbage is not a GIF either.
    expect(await store.save("user-profile-images", Buffer.from("GIF89a garbage"))).toBe(null);
    expect(await readdir(join(root, "refused")).catch(() => [])).toEqual([]);
  });

  it("answers the bucket's public URL when the storage has one", async () => {
    const puts: string[] = [];
    const storage = bucket(async (key) => {
      puts.push(key);
    });
    const store = createProfileImageStore({
      storage,
      publicUrl: "https://heritage.example",
      logger: failOnError,
    });
    const url = await store.save("project-logos", gif);
    expect(url).toBe(`http://localhost:8121/stack-storage/${puts[0]}`);
    expect(puts[0]).toMatch(/^project-logos\/[0-9a-f-]{36}\.gif$/);
  });

  it("keeps the picture inline as a data URL when the storage refuses it, and logs why", async () => {
    const errors: Array<{ obj: unknown; msg: string }> = [];
    const storage = bucket(async () => {
      throw new Error("S3 PUT failed: HTTP 403 InvalidAccessKeyId");
    });
    const store = createProfileImageStore({
      storage,
      publicUrl: "https://heritage.example",
      logger: { error: (obj: unknown, msg: string) => errors.push({ obj, msg }) } as never,
    });
    const url = await store.save("user-profile-images", gif);
    expect(url).toMatch(/^data:image\/gif;base64,/);
    const kept = Buffer.from((url as string).slice("data:image/gif;base64,".length), "base64");
    expect(kept.subarray(0, 4).toString("latin1")).toBe("GIF8");
    expect(errors).toHaveLength(1);
    const [logged] = errors as [{ obj: { err: Error }; msg: string }];
    expect(logged.msg).toContain("media storage refused it");
    expect(String(logged.obj.err)).toContain("InvalidAccessKeyId");
  });
});
