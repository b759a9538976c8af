/**
 * Drafts through the content API (issue 34, item 1; decision 036): a draft is saved without
 * touching the live item or announcing a change; it is merged over the draft before, checked as
 * a save is; publishing is the item's save (revision, audit entry, announcement) and refused
 * with 412 when the live item moved past the draft's base; discard and purge remove it.
 */
import { contentTables } from "@heritage/content";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
  setSiteRole,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;

const faq = {
  id: "drafted-question",
  question: "Who reads the drafts?",
  answer: "Only signed-in editors.",
  question_de: "Wer liest die Entwürfe?",
};

beforeAll(async () => {
  context = await createSiteTestContext();
  api = mountContentApi(context);
  token = context.admin.accessToken;
  expect((await api.call("POST", "/api-faqs", { token, body: faq })).status).toBe(201);
}, 60_000);
afterAll(() => context.close());

const liveFaq = async () => (await api.call("GET", `/api-faqs?id=${faq.id}`, { token })).data;
const saveDraft = (body: unknown, headers: Record<string, string> = {}) =>
  api.call("POST", "/save-draft", { token, body, headers });

describe("saving a draft", () => {
  it("is for signed-in users of the site only", async () => {
    const body = { table: "faqs", id: faq.id, data: { question: "x" } };
    expect((await api.call("POST", "/save-draft", { body })).status).toBe(401);
    const outsider = await api.call("POST", "/save-draft", {
      token: context.outsider.accessToken,
      body,
    });
    expect(outsider.status).toBe(403);
    expect((await api.call("GET", "/drafts")).status).toBe(401);
    expect(
      (await api.call("POST", "/publish-draft", { body: { table: "faqs", id: faq.id } })).status,
    ).toBe(401);
  });

  it("leaves the live item as it is and announces nothing", async () => {
    const before = await liveFaq();
    const changesBefore = api.changes.length;
    const saved = await saveDraft({
      table: "faqs",
      id: faq.id,
      data: { question: "Who reads the drafts first?", answer_de: "Nur Redakteure." },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      table: "faqs",
      id: faq.id,
      data: { question: "Who reads the drafts first?", answer_de: "Nur Redakteure." },
      base_version: before.version,
      version: 1,
      saved_by_id: context.admin.userId,
    });
    expect(await liveFaq()).toEqual(before);
    expect(api.changes.length).toBe(changesBefore);
    const listed = await api.call("GET", "/drafts?table=faqs", { token });
    expect(listed.data.map((draft: { id: string }) => draft.id)).toEqual([faq.id]);
  });

  it("merges a later save over the draft before (a page section's languages one at a time)", async () => {
    const german = await saveDraft({
      table: "site_content",
      id: "hero",
      data: { content_de: { title: "Entwurf", subtitle: "", description: "" } },
    });
    expect(german.status).toBe(200);
    const english = await saveDraft({
      table: "site_content",
      id: "hero",
      data: { content: { title: "Draft", subtitle: "", description: "" } },
    });
    expect(english.data.version).toBe(2);
    expect(english.data.data).toEqual({
      content_de: { title: "Entwurf", subtitle: "", description: "" },
      content: { title: "Draft", subtitle: "", description: "" },
    });
    const one = await api.call("GET", "/drafts?table=site_content&id=hero", { token });
    expect(one.data).toHaveLength(1);
  });

  it("is checked as a save is, and a refused one writes nothing", async () => {
    const empty = await saveDraft({ table: "faqs", id: faq.id, data: { question: "" } });
    expect(empty.status).toBe(400);
    expect(empty.error?.code).toBe("VALIDATION_FAILED");
    const unknown = await saveDraft({ table: "faqs", id: faq.id, data: { quest: "typo" } });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.details?.fields?.[0]?.field).toBe("quest");
    const seo = await saveDraft({
      table: "site_content",
      id: "global-seo-settings",
      data: { content: { site_name: "x" } },
    });
    expect(seo.status).toBe(400);
    const nested = await saveDraft({
      table: "site_content",
      id: "hero",
      data: { content: { title: "x", subtitel: "typo" } },
    });
    expect(nested.status).toBe(400);
    expect(nested.error?.details?.fields?.[0]?.field).toBe("content.subtitel");
    const table = await saveDraft({ table: "languages", id: "de", data: {} });
    expect(table.status).toBe(400);
    const missing = await saveDraft({ table: "projects", id: "no-such-project", data: {} });
    expect(missing.status).toBe(404);
    const draft = await api.call("GET", `/drafts?table=faqs&id=${faq.id}`, { token });
    expect(draft.data[0].data.question).toBe("Who reads the drafts first?");
  });

  it("honours If-Match: 412 when the live item moved on", async () => {
    const live = await liveFaq();
    const stale = await saveDraft(
      { table: "faqs", id: faq.id, data: { answer: "Stale" } },
      { "if-match": `"${live.version - 1}"` },
    );
    expect(stale.status).toBe(412);
    expect(stale.error?.code).toBe("VERSION_CONFLICT");
  });
});

describe("publishing a draft", () => {
  it("is the item's save: live, a revision, an audit entry, announced, and the draft gone", async () => {
    const before = await liveFaq();
    const published = await api.call("POST", "/publish-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(published.status).toBe(200);
    expect(published.headers.get("etag")).toBe(`"${before.version + 1}"`);
    expect(published.data).toMatchObject({
      question: "Who reads the drafts first?",
      answer: faq.answer,
      question_de: faq.question_de,
      answer_de: "Nur Redakteure.",
    });
    expect(api.changes.at(-1)).toEqual({ table: "faqs", operation: "update", id: faq.id });
    const revisions = await api.call("GET", `/api-revisions?row_id=${faq.id}`, { token });
    expect(revisions.data[0].changed_fields.sort()).toEqual(["answer_de", "question"]);
    const audit = await api.call("GET", `/api-audit_log?target_id=${faq.id}`, { token });
    expect(audit.data[0]).toMatchObject({
      action: "content.update",
      actor_id: context.admin.userId,
    });
    expect((await api.call("GET", `/drafts?table=faqs&id=${faq.id}`, { token })).data).toEqual([]);
    const again = await api.call("POST", "/publish-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(again.status).toBe(404);
  });

  it("is refused with 412 when the live item changed after the draft's base, keeping the draft", async () => {
    await saveDraft({ table: "faqs", id: faq.id, data: { answer: "From the draft" } });
    const colleague = await api.call("PUT", "/api-faqs", {
      token,
      body: { id: faq.id, answer: "A colleague's answer" },
    });
    expect(colleague.status).toBe(200);
    const refused = await api.call("POST", "/publish-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(refused.status).toBe(412);
    expect(refused.error?.code).toBe("VERSION_CONFLICT");
    expect((await liveFaq()).answer).toBe("A colleague's answer");
    // Saved again on the current version (after comparing), it publishes.
    const rebased = await saveDraft(
      { table: "faqs", id: faq.id, data: {} },
      { "if-match": `"${colleague.data.version}"` },
    );
    expect(rebased.data.base_version).toBe(colleague.data.version);
    const published = await api.call("POST", "/publish-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(published.status).toBe(200);
    expect(published.data.answer).toBe("From the draft");
  });

  it("creates a page section not stored before, and an editor may do all of it", async () => {
    const editor = await context.auth.signUpUser(context.siteProjectId);
    await setSiteRole(context, editor.userId, "editor");
    const published = await api.call("POST", "/publish-draft", {
      token: editor.accessToken,
      body: { table: "site_content", id: "hero" },
    });
    expect(published.status).toBe(200);
    expect(published.data).toMatchObject({
      id: "hero",
      content: { title: "Draft" },
      content_de: { title: "Entwurf" },
    });
  });
});

describe("discarding a draft", () => {
  it("removes it and leaves the live item; a purged item's draft goes with it", async () => {
    await saveDraft({ table: "faqs", id: faq.id, data: { answer: "Never published" } });
    const discarded = await api.call("POST", "/discard-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(discarded.status).toBe(200);
    expect(discarded.data.data).toEqual({ answer: "Never published" });
    expect((await liveFaq()).answer).toBe("From the draft");
    const twice = await api.call("POST", "/discard-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(twice.status).toBe(404);
    // Saving and discarding are in the activity log, by whom, with the item's name.
    const logged = await context.db
      .select()
      .from(contentTables.auditLog)
      .where(eq(contentTables.auditLog.target_id, faq.id))
      .orderBy(asc(contentTables.auditLog.at));
    const drafting = logged.filter((entry) => entry.action.startsWith("content.draft"));
    const { question } = await liveFaq();
    expect(drafting.slice(-2)).toMatchObject([
      { action: "content.draft", actor_id: context.admin.userId, summary: question },
      { action: "content.draft_discard", actor_id: context.admin.userId, summary: question },
    ]);

    await saveDraft({ table: "faqs", id: faq.id, data: { answer: "Kept in the trash" } });
    expect((await api.call("DELETE", `/api-faqs?id=${faq.id}`, { token })).status).toBe(200);
    expect((await api.call("GET", `/drafts?id=${faq.id}`, { token })).data).toHaveLength(1);
    const purged = await api.call("POST", "/purge-from-trash", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(purged.status).toBe(200);
    expect((await api.call("GET", `/drafts?id=${faq.id}`, { token })).data).toEqual([]);
  });
});
