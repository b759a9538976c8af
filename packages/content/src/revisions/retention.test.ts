/**
 * What the history keeps (issue 29): every revision of the last N days and the newest M per item,
 * whichever keeps more; trashed rows for their days, then gone with their revisions, and the
 * uploads only they kept marked to go at once (issue 33, item 8); audit entries for theirs.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, revisions, trash } from "../db/schema";
import { MEDIA_DUE_NOW } from "../media/media-references";
import { createMediaRecord, findMediaById } from "../media/media-repository";
import { createProject } from "../projects/projects-repository";
import { pruneHistory } from "./retention";

let connection: DatabaseConnection;
const now = new Date("2031-06-01T00:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

const revision = (rowId: string, version: number, createdAt: Date) => ({
  table_name: "faqs" as const,
  row_id: rowId,
  version,
  operation: "update" as const,
  data: { id: rowId, version },
  created_at: createdAt,
});

describe("pruneHistory", () => {
  it("keeps recent revisions and the newest per item, trash for its days, the log for its days", async () => {
    const { db } = connection;
    // An item edited long ago (versions 1-4, 200 to 197 days ago) and one edited lately.
    await db
      .insert(revisions)
      .values([
        ...[1, 2, 3, 4].map((version) => revision("old-faq", version, daysAgo(201 - version))),
        ...[1, 2, 3].map((version) => revision("busy-faq", version, daysAgo(4 - version))),
        revision("gone-faq", 1, daysAgo(40)),
      ]);
    await db.insert(trash).values([
      { table_name: "faqs", row_id: "gone-faq", data: { id: "gone-faq" }, deleted_at: daysAgo(31) },
      { table_name: "faqs", row_id: "fresh-faq", data: {}, deleted_at: daysAgo(29) },
    ]);
    await db.insert(auditLog).values([
      { action: "content.update", at: daysAgo(400) },
      { action: "content.update", at: daysAgo(10) },
    ]);

    const pruned = await pruneHistory(
      db,
      { revisionDays: 90, revisionsPerItem: 2, trashDays: 30, auditDays: 365 },
      now,
    );

    expect(pruned).toEqual({ revisions: 2, trash: 1, auditLog: 1 });
    const kept = await db
      .select({ row: revisions.row_id, version: revisions.version })
      .from(revisions)
      .orderBy(asc(revisions.row_id), asc(revisions.version));
    expect(kept).toEqual([
      { row: "busy-faq", version: 1 },
      { row: "busy-faq", version: 2 },
      { row: "busy-faq", version: 3 },
      { row: "old-faq", version: 3 },
      { row: "old-faq", version: 4 },
    ]);
    expect(await db.select({ row: trash.row_id }).from(trash)).toEqual([{ row: "fresh-faq" }]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.at, daysAgo(400))),
    ).toEqual([]);
  });
});

describe("an item leaving the trash after its days (issue 33, item 8)", () => {
  it("marks the uploads only it and its revisions kept due at once, not those others use", async () => {
    const { db } = connection;
    const upload = async () => {
      const id = randomUUID();
      await createMediaRecord(db, {
        id,
        url: `/media/${id}/original.png`,
        storage_key: `${id}/original.png`,
        content_type: "image/png",
        width: 10,
        height: 10,
        size_bytes: 10,
      });
      return id;
    };
    const [own, older, shared] = await Promise.all([upload(), upload(), upload()]);
    await createProject(db, {
      id: "live-project",
      title: "Live",
      category: "culture",
      image: `/media/${shared}/original.png`,
    } as Parameters<typeof createProject>[1]);
    await db.insert(revisions).values({
      ...revision("gone-project", 1, daysAgo(60)),
      table_name: "projects",
      data: { id: "gone-project", image: `/media/${older}/original.png` },
    });
    await db.insert(trash).values({
      table_name: "projects",
      row_id: "gone-project",
      data: { id: "gone-project", image: `/media/${own}/original.png`, details: shared },
      deleted_at: daysAgo(31),
    });

    await pruneHistory(
      db,
      { revisionDays: 90, revisionsPerItem: 50, trashDays: 30, auditDays: 365 },
      now,
    );
    const marks = await Promise.all(
      [own, older, shared].map(async (id) => (await findMediaById(db, id))?.unreferenced_since),
    );
    expect(marks).toEqual([MEDIA_DUE_NOW, MEDIA_DUE_NOW, null]);
  });
});
