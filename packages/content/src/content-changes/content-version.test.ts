import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaq, deleteFaq, updateFaq } from "../faqs/faqs-repository";
import { getContentVersion } from "./content-version";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection?.close();
});

describe("getContentVersion", () => {
  it("stays the same while nothing changes, and moves on every insert, update and delete", async () => {
    // Per table it is the row count and the newest updated_at: rows are only ever inserted with a
    // newer time, so two moments share a version only when they show the same rows.
    const { db } = connection;
    const seen = new Set<string>();
    const empty = await getContentVersion(db);
    expect(await getContentVersion(db)).toBe(empty);
    seen.add(empty);

    const faq = await createFaq(db, { question: "Opening hours?", answer: "Daily." });
    const afterInsert = await getContentVersion(db);
    expect(seen.has(afterInsert)).toBe(false);
    seen.add(afterInsert);

    await updateFaq(db, { id: faq.id, answer: "Daily, 9 to 5." });
    const afterUpdate = await getContentVersion(db);
    expect(seen.has(afterUpdate)).toBe(false);
    seen.add(afterUpdate);

    await createFaq(db, { question: "Guided tours?", answer: "On Saturdays." });
    const afterSecondInsert = await getContentVersion(db);
    expect(seen.has(afterSecondInsert)).toBe(false);
    seen.add(afterSecondInsert);

    await deleteFaq(db, faq.id);
    const afterDelete = await getContentVersion(db);
    expect(seen.has(afterDelete)).toBe(false);
    expect(afterDelete).toMatch(/^[0-9a-f]{16}$/);
  });
});
