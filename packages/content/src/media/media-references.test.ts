import { randomUUID } from "node:crypto";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaq } from "../faqs/faqs-repository";
import { createProject, deleteProject } from "../projects/projects-repository";
import { saveSiteContent } from "../site-content/site-content-repository";
import {
  deleteExpiredMediaRecord,
  findExpiredMedia,
  markUnreferencedMedia,
} from "./media-references";
import { createMediaRecord, findMediaById } from "./media-repository";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection?.close();
});

async function upload() {
  const id = randomUUID();
  await createMediaRecord(connection.db, {
    id,
    url: `/media/${id}/original.png`,
    storage_key: `${id}/original.png`,
    content_type: "image/png",
    width: 800,
    height: 500,
    size_bytes: 1000,
    variants: [
      {
        width: 400,
        height: 250,
        content_type: "image/webp",
        size_bytes: 100,
        storage_key: `${id}/w400.webp`,
        url: `/media/${id}/w400.webp`,
      },
    ],
  });
  return id;
}

const project = (id: string, image: string, extra: Record<string, unknown> = {}) =>
  createProject(connection.db, {
    id,
    title: id,
    category: "culture",
    description: "A project.",
    details: "",
    image,
    ...extra,
  } as Parameters<typeof createProject>[1]);

describe("uploads no content refers to (issue 19, defect 9)", () => {
  it("marks the unreferenced, keeps the referred-to (by any field, any table), and expires only after the grace period", async () => {
    const [inImage, inSeoImage, inAbout, inFaq, orphan] = await Promise.all([
      upload(),
      upload(),
      upload(),
      upload(),
      upload(),
    ]);
    await project("with-image", `/media/${inImage}/original.png`);
    await project("with-seo-image", "/images/projects/a.svg", {
      seo_og_image_de: `https://bucket.example.org/${inSeoImage}/original.png`,
    });
    await saveSiteContent(connection.db, {
      id: "about",
      language: "en",
      content: { mainImage: `/media/${inAbout}/w800.webp` },
    } as Parameters<typeof saveSiteContent>[1]);
    await createFaq(connection.db, {
      question: "Where?",
      answer: `<img src="/media/${inFaq}/original.png">`,
    } as Parameters<typeof createFaq>[1]);

    const t0 = new Date("2026-01-01T00:00:00Z");
    const first = await markUnreferencedMedia(connection.db, t0);
    expect(first.marked).toContain(orphan);
    for (const id of [inImage, inSeoImage, inAbout, inFaq]) expect(first.marked).not.toContain(id);
    // A second sweep keeps the first mark (the grace period runs from the first).
    const second = await markUnreferencedMedia(connection.db, new Date("2026-01-01T05:00:00Z"));
    expect(second).toEqual({ marked: [], cleared: [] });
    expect((await findMediaById(connection.db, orphan))?.unreferenced_since).toEqual(t0);

    expect(await findExpiredMedia(connection.db, new Date("2025-12-31T23:00:00Z"))).toEqual([]);
    const expired = await findExpiredMedia(connection.db, new Date("2026-01-01T01:00:00Z"));
    expect(expired).toEqual([
      { id: orphan, keys: [`${orphan}/original.png`, `${orphan}/w400.webp`] },
    ]);
    // Two processes finishing the same removal: one removes the record, the other finds none.
    const results = await Promise.all([
      deleteExpiredMediaRecord(connection.db, orphan, new Date("2026-01-01T01:00:00Z")),
      deleteExpiredMediaRecord(connection.db, orphan, new Date("2026-01-01T01:00:00Z")),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await findMediaById(connection.db, orphan)).toBeNull();
  });

  it("starts the grace period when the project goes, and clears the mark when content refers to it again", async () => {
    const id = await upload();
    await project("to-delete", `/media/${id}/original.png`);
    await markUnreferencedMedia(connection.db);
    expect((await findMediaById(connection.db, id))?.unreferenced_since).toBeNull();

    await deleteProject(connection.db, "to-delete");
    const { marked } = await markUnreferencedMedia(connection.db);
    expect(marked).toContain(id);

    await project("again", `/media/${id}/original.png`);
    // Referred to again before the sweep: the record is not removed, whatever the grace period.
    expect(await deleteExpiredMediaRecord(connection.db, id, new Date(Date.now() + 1000))).toBe(
      false,
    );
    const { cleared } = await markUnreferencedMedia(connection.db);
    expect(cleared).toEqual([id]);
    expect((await findMediaById(connection.db, id))?.unreferenced_since).toBeNull();
  });
});
