/**
 * Nothing an editor does is lost (issue 29), through the content API: versions as ETags and
 * If-Match checks (412 naming who changed the row, nothing written), a revision per save with
 * restore, deletes into a trash with restore and purge, and an audit log of every admin write
 * that the API only reads.
 */
import { findUserLabel } from "@heritage/auth-server";
import { createFaq, recordAuditEntry } from "@heritage/content";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let ann: string;
let bob: string;

const project = {
  id: "history-project",
  title: "Old Songs",
  title_bs: "Stare pjesme",
  category: "culture",
  description: "Songs",
};

beforeAll(async () => {
  context = await createSiteTestContext();
  api = mountContentApi(context, {
    describeAdmin: (userId) => findUserLabel(context.db, context.siteProjectId, userId),
  });
  ann = context.admin.accessToken;
  const second = await context.auth.signUpUser(context.siteProjectId, { email: "bob@example.com" });
  bob = second.accessToken;
  await context.auth.request(`/users/${second.userId}`, {
    accessType: "server",
    projectId: context.siteProjectId,
    method: "PATCH",
    body: { display_name: "Bob" },
  });
}, 60_000);
afterAll(() => context.close());

async function countRows(table: string): Promise<number> {
  const result = await context.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier("content")}.${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? 0;
}

describe("versions and If-Match", () => {
  it("answers each single row and write with its version as ETag", async () => {
    const created = await api.call("POST", "/api-projects", { token: ann, body: project });
    expect(created.status).toBe(201);
    expect(created.headers.get("etag")).toBe('"1"');
    expect(created.data.version).toBe(1);

    const read = await api.call("GET", `/api-projects?id=${project.id}`);
    expect(read.headers.get("etag")).toBe('"1"');

    // Without If-Match a write works as the spec's clients expect, and the version moves on.
    const saved = await api.call("PUT", "/api-projects", {
      token: ann,
      body: { id: project.id, description: "Songs of the Drina" },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("etag")).toBe('"2"');
  });

  it("refuses a write based on an older version with 412 naming who changed it, and saves nothing", async () => {
    const revisionsBefore = await countRows("revisions");
    const auditBefore = await countRows("audit_log");
    // Bob opened version 2; Ann's save made it 3.
    const first = await api.call("PUT", "/api-projects", {
      token: ann,
      headers: { "if-match": '"2"' },
      body: { id: project.id, title_bs: "Stare pjesme s Drine" },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe('"3"');

    const second = await api.call("PUT", "/api-projects", {
      token: bob,
      headers: { "if-match": '"2"' },
      body: { id: project.id, title_bs: "Bobov naslov" },
    });
    expect(second.status).toBe(412);
    expect(second.error?.code).toBe("VERSION_CONFLICT");
    expect(second.error?.message).toMatch(
      /^This project was changed by .+@.+ at \d{4}-\d\d-\d\dT.+ after you opened it\./,
    );
    expect(second.error?.details).toMatchObject({
      current_version: 3,
      current: { title_bs: "Stare pjesme s Drine" },
    });

    const stored = await api.call("GET", `/api-projects?id=${project.id}`);
    expect(stored.data.title_bs).toBe("Stare pjesme s Drine");
    expect(await countRows("revisions")).toBe(revisionsBefore + 1);
    expect(await countRows("audit_log")).toBe(auditBefore + 1);
  });

  it("takes the current version, W/ and * alike, and refuses an If-Match it never gave", async () => {
    const weak = await api.call("PUT", "/api-projects", {
      token: bob,
      headers: { "if-match": 'W/"3"' },
      body: { id: project.id, description: "Songs of the Drina and the Una" },
    });
    expect(weak.status).toBe(200);
    const any = await api.call("PUT", "/api-projects", {
      token: bob,
      headers: { "if-match": "*" },
      body: { id: project.id, description: "Songs of the rivers" },
    });
    expect(any.headers.get("etag")).toBe('"5"');
    const invalid = await api.call("PUT", "/api-projects", {
      token: bob,
      headers: { "if-match": "yesterday" },
      body: { id: project.id, description: "Never saved" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.code).toBe("INVALID_IF_MATCH");
    // A delete with a stale version is refused too.
    const staleDelete = await api.call("DELETE", `/api-projects?id=${project.id}`, {
      token: ann,
      headers: { "if-match": '"4"' },
    });
    expect(staleDelete.status).toBe(412);
    expect(staleDelete.error?.message).toContain("Bob (bob@example.com)");
  });
});

describe("revisions", () => {
  it("keeps one per save with who and which fields, and restores any as a new one", async () => {
    const listed = await api.call(
      "GET",
      `/api-revisions?table_name=projects&row_id=${project.id}&order=version.asc`,
      { token: ann },
    );
    expect(
      listed.data.map(
        (revision: { operation: string; version: number; changed_fields: string[] }) => [
          revision.operation,
          revision.version,
          revision.changed_fields,
        ],
      ),
    ).toEqual([
      ["create", 1, expect.arrayContaining(["title", "title_bs", "category", "description"])],
      ["update", 2, ["description"]],
      ["update", 3, ["title_bs"]],
      ["update", 4, ["description"]],
      ["update", 5, ["description"]],
    ]);
    expect(listed.data[3].actor_name).toBe("Bob (bob@example.com)");

    // Restore the state before Ann changed the Bosnian title.
    const restored = await api.call("POST", "/restore-revision", {
      token: bob,
      headers: { "if-match": '"5"' },
      body: { revision_id: listed.data[1].id },
    });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("etag")).toBe('"6"');
    expect(restored.data).toMatchObject({
      title_bs: "Stare pjesme",
      description: "Songs of the Drina",
      version: 6,
    });
    const newest = await api.call(
      "GET",
      `/api-revisions?table_name=projects&row_id=${project.id}&limit=1`,
      { token: ann },
    );
    expect(newest.data[0]).toMatchObject({
      operation: "restore",
      version: 6,
      restored_from: listed.data[1].id,
      changed_fields: expect.arrayContaining(["title_bs", "description"]),
    });
    // The history is the admins' alone, and only the API's writes change it.
    expect((await api.call("GET", "/api-revisions")).status).toBe(401);
    expect((await api.call("DELETE", "/api-revisions?id=x", { token: ann })).status).toBe(405);
  });

  it("keeps the state of a row older than its history before its first change", async () => {
    // As the seeded copy is: written without the API, so without a revision.
    await createFaq(context.db, {
      id: "seeded-faq",
      question: "How old is sevdalinka?",
      answer: "Centuries old.",
      answer_bs: "Stara je stoljećima.",
    } as Parameters<typeof createFaq>[1]);
    await api.call("PUT", "/api-faqs", {
      token: ann,
      body: { id: "seeded-faq", answer_bs: "Pogrešan prijevod" },
    });
    const revisions = await api.call(
      "GET",
      "/api-revisions?table_name=faqs&row_id=seeded-faq&order=version.asc",
      { token: ann },
    );
    expect(
      revisions.data.map((revision: { operation: string; actor_name: string | null }) => [
        revision.operation,
        revision.actor_name,
      ]),
    ).toEqual([
      ["create", null],
      ["update", expect.stringContaining("@")],
    ]);
    const restored = await api.call("POST", "/restore-revision", {
      token: ann,
      body: { revision_id: revisions.data[0].id },
    });
    expect(restored.data.answer_bs).toBe("Stara je stoljećima.");
  });
});

describe("trash", () => {
  it("keeps a deleted row out of public reads until it is restored with its id", async () => {
    const deleted = await api.call("DELETE", `/api-projects?id=${project.id}`, {
      token: ann,
      headers: { "if-match": '"6"' },
    });
    expect(deleted.status).toBe(200);
    expect((await api.call("GET", `/api-projects?id=${project.id}`)).status).toBe(404);
    const trashed = await api.call("GET", "/api-trash?table_name=projects", { token: ann });
    expect(trashed.data).toEqual([
      expect.objectContaining({
        row_id: project.id,
        deleted_by_name: expect.stringContaining("@"),
        data: expect.objectContaining({ title_bs: "Stare pjesme" }),
      }),
    ]);

    const restored = await api.call("POST", "/restore-from-trash", {
      token: bob,
      body: { table: "projects", id: project.id },
    });
    expect(restored.status).toBe(201);
    // Its version goes on from the deleted one, so an old ETag cannot match it by chance.
    expect(restored.headers.get("etag")).toBe('"7"');
    const back = await api.call("GET", `/api-projects?id=${project.id}`);
    expect(back.data).toMatchObject({ title: "Old Songs", title_bs: "Stare pjesme" });
    expect((await api.call("GET", "/api-trash", { token: ann })).data).toEqual([]);
    expect(api.changes.at(-1)).toEqual({ table: "projects", operation: "insert", id: project.id });
  });

  it("purges for good, revisions included; an unknown row is 404", async () => {
    await api.call("DELETE", `/api-projects?id=${project.id}`, { token: ann });
    const purged = await api.call("POST", "/purge-from-trash", {
      token: ann,
      body: { table: "projects", id: project.id },
    });
    expect(purged.data).toEqual({ table: "projects", id: project.id, purged: true });
    const revisions = await api.call("GET", `/api-revisions?row_id=${project.id}`, { token: ann });
    expect(revisions.data).toEqual([]);
    const again = await api.call("POST", "/restore-from-trash", {
      token: ann,
      body: { table: "projects", id: project.id },
    });
    expect(again.status).toBe(404);
    const badTable = await api.call("POST", "/restore-from-trash", {
      token: ann,
      body: { table: "media", id: project.id },
    });
    expect(badTable.status).toBe(400);
  });
});

describe("audit log", () => {
  it("lists every admin write with who and when, filtered by what and when", async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const log = await api.call(
      "GET",
      `/api-audit_log?target_id=${project.id}&at.gte=${encodeURIComponent(since)}&order=at.asc`,
      { token: ann },
    );
    expect(log.data.map((entry: { action: string }) => entry.action)).toEqual([
      "content.create",
      "content.update",
      "content.update",
      "content.update",
      "content.update",
      "content.restore",
      "content.delete",
      "content.restore",
      "content.delete",
      "content.purge",
    ]);
    expect(log.data[3]).toMatchObject({
      actor_name: "Bob (bob@example.com)",
      target_type: "projects",
      summary: "Old Songs",
      details: { changed_fields: ["description"] },
    });
    const deletes = await api.call("GET", "/api-audit_log?action=content.delete", { token: ann });
    expect(deletes.data).toHaveLength(2);
    // Nobody edits it through the product, nor with SQL.
    expect((await api.call("PUT", "/api-audit_log", { token: ann, body: {} })).status).toBe(405);
    await expect(
      context.db.execute(sql`update content.audit_log set actor_name = 'someone else'`),
    ).rejects.toThrow();
  });

  it("pages back by offset without losing entries that share a moment (one transaction's)", async () => {
    const write = (summaries: string[]) =>
      context.db.transaction(async (tx) => {
        for (const summary of summaries) {
          await recordAuditEntry(tx, {
            actor: null,
            action: "test.paging",
            target: { type: "faqs", id: null, summary },
          });
        }
      });
    await write(["one", "two", "three"]);
    const page = async (offset: number) =>
      (
        await api.call(
          "GET",
          `/api-audit_log?action=test.paging&order=at.desc,id.desc&limit=2&offset=${offset}`,
          { token: ann },
        )
      ).data as { id: string; at: string; summary: string }[];
    const first = await page(0);
    expect(first).toHaveLength(2);
    // By time, the next page would have nothing: all three share the moment of their transaction.
    const oldest = first.at(-1)?.at ?? "";
    const byTime = await api.call(
      "GET",
      `/api-audit_log?action=test.paging&at.lte=${encodeURIComponent(new Date(Date.parse(oldest) - 1).toISOString())}`,
      { token: ann },
    );
    expect(byTime.data).toEqual([]);
    // The activity screen's next page (history-client.ts): after the entries shown; one written
    // meanwhile only makes it repeat one, which the screen drops by id.
    await write(["four"]);
    const shown = new Set(first.map((entry) => entry.id));
    const older = (await page(first.length)).filter((entry) => !shown.has(entry.id));
    expect([...first, ...older].map((entry) => entry.summary).sort()).toEqual([
      "one",
      "three",
      "two",
    ]);
  });

  it("keeps visitors' contact messages out of it", async () => {
    const before = await countRows("audit_log");
    await api.call("POST", "/api-contact_submissions", {
      body: {
        name: "Vi",
        email: "vi@example.com",
        subject: "Hi",
        message: "A message long enough",
      },
    });
    expect(await countRows("audit_log")).toBe(before);
  });
});
