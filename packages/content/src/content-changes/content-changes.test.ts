import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFaq, deleteFaq, updateFaq } from "../faqs/faqs-repository";
import { CONTENT_CHANGED_CHANNEL } from "./content-changes";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection?.close();
});

/** The tables public pages show (content-version.ts); each announces its writes. */
const publicTables = ["projects", "categories", "faqs", "languages", "site_content", "media"];

describe("content change notifications", () => {
  it("announces every write to a public table on the channel, and none for other tables", async () => {
    const heard: string[] = [];
    const unlisten = await connection.listen(CONTENT_CHANGED_CHANNEL, (table) => heard.push(table));
    try {
      const { db } = connection;
      const faq = await createFaq(db, { question: "Opening hours?", answer: "Daily." });
      await updateFaq(db, { id: faq.id, answer: "Daily, 9 to 5." });
      await deleteFaq(db, faq.id);
      // Contact messages and rate limits are no page's content: no announcement.
      await db.execute(sql`delete from content.contact_submissions where false`);
      await db.execute(sql`delete from content.rate_limit_hits where false`);
      // A statement announces itself even when it touches no row (it may be an operator's SQL).
      for (const table of publicTables) {
        await db.execute(
          sql.raw(`update content.${table} set updated_at = updated_at where false`),
        );
      }
      const expected = ["faqs", "faqs", "faqs", ...publicTables];
      await vi.waitFor(() => expect(heard).toEqual(expected));
    } finally {
      await unlisten();
    }
  });
});
