/**
 * Text the database cannot keep, sent to the content API (issue 14, defect 3): a NUL or an
 * unpaired surrogate in any field or filter is a 400 naming it, never a 500, and writes nothing.
 * A database failure that does happen is logged without the values sent.
 */
import { type QueryableTableName, seedDefaultContent, selectRows } from "@heritage/content";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context);
  token = context.admin.accessToken;
});
afterAll(async () => {
  await context.close();
});

const nul = "The value must not contain NUL characters";
const surrogate = "The value must not contain unpaired surrogate characters";
const message = { name: "Amra", email: "amra@example.org", subject: "Hello" };

describe("text the database cannot keep", () => {
  it.each([
    ["POST", "projects", { title: "Stari\u0000 most", category: "culture" }, "title", nul],
    [
      "POST",
      "projects",
      { title: "Stari most", category: "culture", details: "\ud800" },
      "details",
      surrogate,
    ],
    ["PUT", "categories", { id: "culture", name: "Kultura\u0000" }, "name", nul],
    ["POST", "faqs", { question: "Why?", answer: "Because \udc00" }, "answer", surrogate],
    [
      "POST",
      "languages",
      { id: "hr", name: "Hrvatski", flag_emoji: "\ud83c" },
      "flag_emoji",
      surrogate,
    ],
    [
      "PUT",
      "site_content",
      { id: "hero", content: { title: "Dobro\u0000došli" } },
      "content.title",
      nul,
    ],
    [
      "PUT",
      "site_content",
      { id: "about", content_bs: { values: [{ title: "\ud800" }] } },
      "content_bs.values.0.title",
      surrogate,
    ],
    [
      "POST",
      "contact_submissions",
      { ...message, message: "A message with a \u0000 in it" },
      "message",
      nul,
    ],
  ] as const)(
    "%s %s: 400 naming the field, nothing written",
    async (method, table, body, field, reason) => {
      const before = await selectRows(context.db, table as QueryableTableName, {});
      const response = await api.call(method, `/api-${table}`, { token, body });
      expect(response.status).toBe(400);
      expect(response.error).toEqual({
        code: "VALIDATION_FAILED",
        message: `${field}: ${reason}`,
        details: { fields: [{ field, message: reason }] },
      });
      expect(await selectRows(context.db, table as QueryableTableName, {})).toEqual(before);
    },
  );

  it("names the field whose key is the problem", async () => {
    const response = await api.call("POST", "/api-faqs", {
      token,
      body: '{"question": "Q?", "answer": "A.", "bad\\u0000key": 1}',
    });
    expect(response.status).toBe(400);
    expect(response.error?.details?.fields).toEqual([
      { field: "body", message: "A field name must not contain NUL characters" },
    ]);
  });

  it.each([
    ["GET", "/api-projects?title=Stari%00most", "title: The value must not contain NUL characters"],
    [
      "GET",
      "/api-projects?category.neq=%00",
      "category.neq: The value must not contain NUL characters",
    ],
    ["GET", "/api-faqs?id=%00", "id: The value must not contain NUL characters"],
    ["GET", "/api-faqs?%00=1", "A query parameter name must not contain NUL characters"],
    ["GET", "/api-languages?order=%00", "order: The value must not contain NUL characters"],
    [
      "DELETE",
      "/api-projects?id=balkan%00stories",
      "id: The value must not contain NUL characters",
    ],
  ])("%s %s: 400 INVALID_QUERY naming the parameter", async (method, path, text) => {
    const before = await selectRows(context.db, "projects", {});
    const response = await api.call(method, path, { token });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: "INVALID_QUERY", message: text });
    expect(await selectRows(context.db, "projects", {})).toEqual(before);
  });

  it("refuses an update whose id in the query cannot be stored", async () => {
    const response = await api.call("PUT", "/api-faqs?id=a%00b", { token, body: { answer: "A." } });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("INVALID_QUERY");
  });
});

describe("the log of a database failure", () => {
  it("names the statement, never the values the caller sent", async () => {
    const secret = "amra.private@example.org";
    // A rule the API does not know about, so the insert fails in the database itself.
    await context.db.execute(
      sql.raw(
        `alter table content.faqs add constraint reject_secret check (question <> '${secret}')`,
      ),
    );
    try {
      const response = await api.call("POST", "/api-faqs", {
        token,
        body: { question: secret, answer: "An answer" },
      });
      expect(response.status).toBe(500);
      expect(response.error).toEqual({ code: "INTERNAL_ERROR", message: "Internal server error" });
      const logged = context.logger.entries.find(
        (entry) => entry.message === "content api failure",
      );
      const { err } = (logged?.object ?? {}) as { err?: Error };
      expect(err).toBeInstanceOf(Error);
      // As pino writes it.
      const line = JSON.stringify(pino.stdSerializers.err(err as Error));
      expect(line).toContain('Failed query: insert into \\"content\\".\\"faqs\\"');
      expect(line).not.toContain(secret);
    } finally {
      await context.db.execute(sql`alter table content.faqs drop constraint reject_secret`);
    }
  });
});
