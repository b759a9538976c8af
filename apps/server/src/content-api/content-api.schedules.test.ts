/**
 * Publishing at a given time through the content API (issue 34, item 3; decision 038): what a
 * schedule may be (400s, 409 without a draft, 404 without an item), listing and cancelling it,
 * and the scheduled publisher running it at its time as the item's own write: a draft published
 * (revision and audit entry as the person who scheduled it, the change announced), an item moved
 * to the trash, a draft whose item moved on left unpublished with the reason, one run of each
 * schedule though two processes try. Both engines.
 */
import { contentTables, findDraft } from "@heritage/content";
import { and, eq } from "drizzle-orm";

const { auditLog, revisions, trash } = contentTables;

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
  setSiteRole,
} from "../testing/content-api-harness";
import { contentApiTableOf } from "./content-tables";
import { createScheduledPublisher } from "./scheduled-publisher";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;
const armed: Date[] = [];

const faq = { id: "scheduled-question", question: "When is the festival?", answer: "In June." };
const secondFaq = { id: "retired-question", question: "Is the old archive open?", answer: "Yes." };

beforeAll(async () => {
  context = await createSiteTestContext();
  api = mountContentApi(context, { scheduledAt: (runAt) => armed.push(runAt) });
  token = context.admin.accessToken;
  for (const body of [faq, secondFaq]) {
    expect((await api.call("POST", "/api-faqs", { token, body })).status).toBe(201);
  }
}, 60_000);
afterAll(() => context.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** `callToken` null: no token at all. */
const schedule = (body: unknown, callToken: string | null = token) =>
  api.call("POST", "/schedule", callToken === null ? { body } : { token: callToken, body });
const liveFaq = async (id: string) =>
  (await api.call("GET", `/api-faqs?id=${id}`, { token })).data ?? null;

/** A publisher as the app makes one, without timers, at the given time. */
function publisherAt(now: Date) {
  return createScheduledPublisher({
    db: context.db,
    logger: context.logger,
    tableOf: contentApiTableOf,
    pollMs: 0,
    now: () => now,
    onPublished: (table, operation, id) => api.changes.push({ table: table.name, operation, id }),
  });
}

describe("making a schedule", () => {
  it("is for signed-in users of the site only", async () => {
    const body = { table: "faqs", id: faq.id, action: "unpublish", run_at: inMinutes(5) };
    expect((await schedule(body, null)).status).toBe(401);
    expect((await schedule(body, context.outsider.accessToken)).status).toBe(403);
    expect((await api.call("GET", "/schedules")).status).toBe(401);
    expect((await api.call("POST", "/cancel-schedule", { body: { id: faq.id } })).status).toBe(401);
  });

  it("refuses what cannot be scheduled, naming the field, and stores nothing", async () => {
    const refusals: [unknown, number, string][] = [
      [{ table: "faqs", id: faq.id, action: "publish", run_at: "tomorrow" }, 400, "run_at"],
      [{ table: "faqs", id: faq.id, action: "publish", run_at: "2027-01-01T10:00" }, 400, "run_at"],
      [{ table: "faqs", id: faq.id, action: "archive", run_at: inMinutes(5) }, 400, "action"],
      [{ table: "users", id: faq.id, action: "publish", run_at: inMinutes(5) }, 400, "table"],
      [{ table: "faqs", id: faq.id, action: "unpublish", run_at: inMinutes(-5) }, 400, "run_at"],
      [
        { table: "faqs", id: faq.id, action: "unpublish", run_at: inMinutes(6 * 366 * 24 * 60) },
        400,
        "run_at",
      ],
      [{ table: "site_content", id: "hero", action: "unpublish", run_at: inMinutes(5) }, 400, ""],
      [{ table: "faqs", id: faq.id, action: "unpublish", run_at: inMinutes(5), x: 1 }, 400, ""],
      // No draft to publish: save one first.
      [{ table: "faqs", id: faq.id, action: "publish", run_at: inMinutes(5) }, 409, ""],
      [{ table: "faqs", id: "no-such-item", action: "unpublish", run_at: inMinutes(5) }, 404, ""],
    ];
    for (const [body, status, field] of refusals) {
      const answer = await schedule(body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      if (field) expect(answer.error?.message).toContain(field);
    }
    const noDraft = await schedule({
      table: "faqs",
      id: faq.id,
      action: "publish",
      run_at: inMinutes(5),
    });
    expect(noDraft.error).toMatchObject({
      code: "NO_DRAFT",
      message: "There is no draft to publish: save a draft first",
    });
    expect((await api.call("GET", "/schedules", { token })).data).toEqual([]);
    expect((await api.call("GET", "/schedules?state=soon", { token })).status).toBe(400);
    expect(armed).toEqual([]);
  });

  it("lists a schedule, moves its time when made again, and cancels it (audit log both ways)", async () => {
    const first = await schedule({
      table: "faqs",
      id: secondFaq.id,
      action: "unpublish",
      run_at: inMinutes(60),
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      table: "faqs",
      row_id: secondFaq.id,
      action: "unpublish",
      label: secondFaq.question,
      state: "pending",
      outcome: null,
      created_by_id: context.admin.userId,
    });
    const later = inMinutes(120);
    const moved = await schedule({
      table: "faqs",
      id: secondFaq.id,
      action: "unpublish",
      run_at: later,
    });
    expect(moved.data.id).toBe(first.data.id);
    expect(new Date(moved.data.run_at).toISOString()).toBe(later);
    expect(armed.at(-1)?.toISOString()).toBe(later);
    const pending = await api.call("GET", `/schedules?table=faqs&id=${secondFaq.id}`, { token });
    expect(pending.data.map((entry: { id: string }) => entry.id)).toEqual([first.data.id]);

    const cancelled = await api.call("POST", "/cancel-schedule", {
      token,
      body: { id: first.data.id },
    });
    expect(cancelled.data).toMatchObject({ id: first.data.id, state: "cancelled" });
    const again = await api.call("POST", "/cancel-schedule", {
      token,
      body: { id: first.data.id },
    });
    expect(again.status).toBe(404);
    expect((await api.call("GET", "/schedules", { token })).data).toEqual([]);
    const finished = await api.call("GET", "/schedules?state=finished", { token });
    expect(finished.data[0]).toMatchObject({ id: first.data.id, state: "cancelled" });

    const logged = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, secondFaq.id));
    expect(logged.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["content.schedule", "content.unschedule"]),
    );
    expect(await liveFaq(secondFaq.id)).toMatchObject({ question: secondFaq.question });
  });

  it("is open to editors, whose content it is", async () => {
    const editor = await context.auth.signUpUser(context.siteProjectId);
    await setSiteRole(context, editor.userId, "editor");
    const made = await schedule(
      { table: "faqs", id: secondFaq.id, action: "unpublish", run_at: inMinutes(30) },
      editor.accessToken,
    );
    expect(made.status).toBe(200);
    await api.call("POST", "/cancel-schedule", { token, body: { id: made.data.id } });
  });
});

describe("running the schedules", () => {
  it("publishes a draft at its time, not before, as the person who scheduled it", async () => {
    const before = await liveFaq(faq.id);
    const draft = await api.call("POST", "/save-draft", {
      token,
      body: { table: "faqs", id: faq.id, data: { answer: "On the first weekend of June." } },
    });
    expect(draft.status).toBe(200);
    const runAt = inMinutes(10);
    const made = await schedule({ table: "faqs", id: faq.id, action: "publish", run_at: runAt });
    expect(made.status).toBe(200);

    expect(await publisherAt(new Date(Date.parse(runAt) - 1000)).runDue()).toEqual([]);
    expect(await liveFaq(faq.id)).toEqual(before);

    const changesBefore = api.changes.length;
    const ran = await publisherAt(new Date(Date.parse(runAt) + 1000)).runDue();
    expect(ran.map((entry) => [entry.id, entry.state, entry.outcome])).toEqual([
      [made.data.id, "done", null],
    ]);
    const live = await liveFaq(faq.id);
    expect(live).toMatchObject({ answer: "On the first weekend of June." });
    expect(live.version).toBe(before.version + 1);
    expect(await findDraft(context.db, "faqs", faq.id)).toBeNull();
    expect(api.changes.slice(changesBefore)).toEqual([
      { table: "faqs", operation: "update", id: faq.id },
    ]);
    const [revision] = await context.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.row_id, faq.id), eq(revisions.version, live.version)));
    expect(revision?.actor_id).toBe(context.admin.userId);
    const finished = await api.call("GET", "/schedules?state=finished", { token });
    expect(finished.data.find((entry: { id: string }) => entry.id === made.data.id)).toMatchObject({
      state: "done",
    });
  });

  it("leaves a draft unpublished, and says why, when the item was saved after the draft was based on it", async () => {
    await api.call("POST", "/save-draft", {
      token,
      body: { table: "faqs", id: faq.id, data: { answer: "A draft from before." } },
    });
    const runAt = inMinutes(15);
    const made = await schedule({ table: "faqs", id: faq.id, action: "publish", run_at: runAt });
    const current = await liveFaq(faq.id);
    const saved = await api.call("PUT", `/api-faqs?id=${faq.id}`, {
      token,
      body: { answer: "A colleague's newer answer." },
    });
    expect(saved.status).toBe(200);

    const [ran] = await publisherAt(new Date(Date.parse(runAt) + 1000)).runDue();
    expect(ran).toMatchObject({ id: made.data.id, state: "failed", outcome: "ITEM_CHANGED" });
    expect(await liveFaq(faq.id)).toMatchObject({
      answer: "A colleague's newer answer.",
      version: current.version + 1,
    });
    expect(await findDraft(context.db, "faqs", faq.id)).not.toBeNull();
  });

  it("leaves a draft that no longer passes a save's checks unpublished, saying so, and runs it once", async () => {
    // A fresh draft, based on the item as it is now (the one before was refused).
    await api.call("POST", "/discard-draft", { token, body: { table: "faqs", id: faq.id } });
    await api.call("POST", "/save-draft", {
      token,
      body: { table: "faqs", id: faq.id, data: { answer: "Fine when saved." } },
    });
    // A field's rules changed since the draft was saved (here: its stored text made invalid).
    await context.db
      .update(contentTables.drafts)
      .set({ data: { answer: 42 } })
      .where(eq(contentTables.drafts.row_id, faq.id));
    const runAt = inMinutes(17);
    const made = await schedule({ table: "faqs", id: faq.id, action: "publish", run_at: runAt });
    const before = await liveFaq(faq.id);
    const at = new Date(Date.parse(runAt) + 1000);
    const [ran] = await publisherAt(at).runDue();
    expect(ran).toMatchObject({ id: made.data.id, state: "failed", outcome: "INVALID_DRAFT" });
    expect(await liveFaq(faq.id)).toEqual(before);
    // Not tried again at the next look.
    expect(await publisherAt(at).runDue()).toEqual([]);
    await api.call("POST", "/discard-draft", { token, body: { table: "faqs", id: faq.id } });
  });

  it("cancels the scheduled publish when its draft is discarded", async () => {
    await api.call("POST", "/save-draft", {
      token,
      body: { table: "faqs", id: faq.id, data: { answer: "A draft to throw away." } },
    });
    const made = await schedule({
      table: "faqs",
      id: faq.id,
      action: "publish",
      run_at: inMinutes(20),
    });
    expect(made.status).toBe(200);
    const discarded = await api.call("POST", "/discard-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(discarded.status).toBe(200);
    const finished = await api.call("GET", `/schedules?state=finished&table=faqs&id=${faq.id}`, {
      token,
    });
    expect(finished.data.find((entry: { id: string }) => entry.id === made.data.id)).toMatchObject({
      state: "cancelled",
      outcome: "DRAFT_DISCARDED",
    });
  });

  it("cancels the scheduled publish when its draft is published by hand first", async () => {
    await api.call("POST", "/save-draft", {
      token,
      body: { table: "faqs", id: faq.id, data: { answer: "Published before its time." } },
    });
    const made = await schedule({
      table: "faqs",
      id: faq.id,
      action: "publish",
      run_at: inMinutes(22),
    });
    const published = await api.call("POST", "/publish-draft", {
      token,
      body: { table: "faqs", id: faq.id },
    });
    expect(published.status).toBe(200);
    const finished = await api.call("GET", `/schedules?state=finished&table=faqs&id=${faq.id}`, {
      token,
    });
    expect(finished.data.find((entry: { id: string }) => entry.id === made.data.id)).toMatchObject({
      state: "cancelled",
      outcome: "DRAFT_PUBLISHED",
    });
    expect(await liveFaq(faq.id)).toMatchObject({ answer: "Published before its time." });
  });

  it("moves an item to the trash at its time, once, though two processes run the schedules", async () => {
    const runAt = inMinutes(25);
    const made = await schedule({
      table: "faqs",
      id: secondFaq.id,
      action: "unpublish",
      run_at: runAt,
    });
    const at = new Date(Date.parse(runAt) + 1000);
    const changesBefore = api.changes.length;
    const [one, other] = await Promise.all([publisherAt(at).runDue(), publisherAt(at).runDue()]);
    expect([...(one ?? []), ...(other ?? [])].map((entry) => [entry.id, entry.state])).toEqual([
      [made.data.id, "done"],
    ]);
    expect(await liveFaq(secondFaq.id)).toBeNull();
    const [trashed] = await context.db.select().from(trash).where(eq(trash.row_id, secondFaq.id));
    expect(trashed?.deleted_by_id).toBe(context.admin.userId);
    expect(api.changes.slice(changesBefore)).toEqual([
      { table: "faqs", operation: "delete", id: secondFaq.id },
    ]);

    // Unpublishing it again finds nothing: a schedule of an item gone fails, saying so.
    const gone = await schedule({
      table: "faqs",
      id: secondFaq.id,
      action: "unpublish",
      run_at: inMinutes(26),
    });
    expect(gone.status).toBe(404);
  });
});
