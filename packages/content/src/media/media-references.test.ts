import { randomUUID } from "node:crypto";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaq } from "../faqs/faqs-repository";
import { createProject, deleteProject, updateProject } from "../projects/projects-repository";
import { purgeFromTrash, restoreFromTrash, writeContent } from "../revisions/content-writes";
import { saveSiteContent } from "../site-content/site-content-repository";
import {
  deleteExpiredMediaRecord,
  findExpiredMedia,
  findWithheldMedia,
  isMediaWithheld,
  MEDIA_DUE_NOW,
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

describe("uploads withheld from visitors, and removed with their item (issue 33, item 8)", () => {
  const actor = { id: "editor", name: "Ann" };
  const image = (id: string) => `/media/${id}/original.png`;
  const withheld = async (ids: string[]) => {
    const all = new Set(await findWithheldMedia(connection.db));
    const one = await Promise.all(ids.map((id) => isMediaWithheld(connection.db, id)));
    // The set and the one-upload question always agree.
    expect(ids.map((id) => all.has(id))).toEqual(one);
    return one;
  };
  const write = (operation: "create" | "update" | "delete", id: string, values = {}) =>
    writeContent(connection.db, {
      table: "projects",
      operation,
      ...(operation === "create" ? {} : { id }),
      actor,
      write: (tx) =>
        operation === "create"
          ? createProject(tx, {
              id,
              title: id,
              category: "culture",
              ...values,
            } as Parameters<typeof createProject>[1])
          : operation === "update"
            ? updateProject(tx, { id, ...values } as Parameters<typeof updateProject>[1])
            : deleteProject(tx, id),
    });

  it("withholds what only the trash or the history keeps, or what is on its way out; never what live content uses", async () => {
    const [own, shared, older, orphan] = await Promise.all([
      upload(),
      upload(),
      upload(),
      upload(),
    ]);
    await write("create", "portraits", { image: image(older) });
    await write("update", "portraits", {
      image: image(own),
      details: `<img src="${image(shared)}">`,
    });
    await createFaq(connection.db, {
      question: "Who sings?",
      answer: `<img src="${image(shared)}">`,
    } as Parameters<typeof createFaq>[1]);
    await markUnreferencedMedia(connection.db);
    // Uploaded since the sweep, for a form not saved yet: public (the editor previews it).
    const fresh = await upload();
    // `older` is only in the project's history; `orphan` was marked by the sweep.
    expect(await withheld([own, shared, older, fresh, orphan])).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);

    await write("delete", "portraits");
    expect(await withheld([own, shared, older, fresh])).toEqual([true, false, true, false]);
    expect(await isMediaWithheld(connection.db, "not-an-id")).toBe(false);

    await restoreFromTrash(connection.db, { table: "projects", id: "portraits", actor });
    expect(await withheld([own, shared, older])).toEqual([false, false, true]);
  });

  it("marks what only a purged item and its revisions kept due at once, not what others use", async () => {
    const [own, shared, older, otherTrash] = await Promise.all([
      upload(),
      upload(),
      upload(),
      upload(),
    ]);
    await write("create", "market", { image: image(older) });
    await write("update", "market", { image: image(own), details: image(otherTrash) });
    await write("create", "square", { image: image(shared) });
    await write("update", "market", { details: `${image(shared)} ${image(otherTrash)}` });
    await write("create", "bridge", { image: image(otherTrash) });
    await write("delete", "bridge");
    await write("delete", "market");

    expect(await purgeFromTrash(connection.db, { table: "projects", id: "market", actor })).toBe(
      true,
    );
    const due = async (id: string) =>
      (await findMediaById(connection.db, id))?.unreferenced_since?.getTime() ===
      MEDIA_DUE_NOW.getTime();
    expect(await Promise.all([own, older, shared, otherTrash].map(due))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // Due whatever the grace period: the removal's own query finds them.
    const expired = (await findExpiredMedia(connection.db, MEDIA_DUE_NOW)).map((file) => file.id);
    expect(expired.sort()).toEqual([own, older].sort());
    // A sweep keeps the mark (it is older than any grace period), and they stay withheld.
    await markUnreferencedMedia(connection.db);
    expect(await Promise.all([own, older].map(due))).toEqual([true, true]);
    expect(await withheld([own, older])).toEqual([true, true]);
  });
});
