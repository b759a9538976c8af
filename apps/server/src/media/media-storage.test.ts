import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeOfKey, createDiskMediaStorage, isMediaKey } from "./media-storage";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "heritage-disk-media-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const key = "0b7d8f5e-2f7a-4c55-9d1e-6f0b3c2a1d00/original.png";

describe("disk media storage", () => {
  it("writes, reads and deletes files under its root", async () => {
    const storage = createDiskMediaStorage({ root });
    await storage.put(key, new Uint8Array([137, 80, 78, 71]), "image/png");
    expect(await readdir(join(root, "0b7d8f5e-2f7a-4c55-9d1e-6f0b3c2a1d00"))).toEqual([
      "original.png",
    ]);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/png");
    expect([...(stored?.body ?? [])]).toEqual([137, 80, 78, 71]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // The media id's folder goes with its last file.
    expect(await readdir(root)).toEqual([]);
    expect(storage.urlFor(key)).toBe(`/media/${key}`);
  });

  it("refuses keys that could leave the root", async () => {
    const storage = createDiskMediaStorage({ root });
    for (const bad of ["../x.png", "/etc/passwd", "a/b/c.png", `${key}/../../x`, "x.svg"]) {
      expect(isMediaKey(bad)).toBe(false);
      expect(await storage.get(bad)).toBeNull();
    }
    await expect(storage.put("../escape.png", new Uint8Array([1]), "image/png")).rejects.toThrow(
      "Invalid media key",
    );
  });

  it("leaves no temporary file behind when a write fails", async () => {
    const storage = createDiskMediaStorage({ root });
    const folder = "5d0c3a59-8c8e-4f8e-9a6e-0f5d9b1c2e33";
    // A directory where the file should go makes the final rename fail.
    await mkdir(join(root, folder, "original.png", "occupied"), { recursive: true });
    await expect(
      storage.put(`${folder}/original.png`, new Uint8Array([1, 2, 3]), "image/png"),
    ).rejects.toThrow();
    expect(await readdir(join(root, folder))).toEqual(["original.png"]);
  });

  it("names the content type of each stored format", () => {
    expect(contentTypeOfKey("a/original.jpg")).toBe("image/jpeg");
    expect(contentTypeOfKey("a/w400.webp")).toBe("image/webp");
    expect(contentTypeOfKey("a/original.png")).toBe("image/png");
  });
});
