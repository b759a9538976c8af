/**
 * `/emails/outbox` (the reference's outbox API): each `send-email` message with its lifecycle
 * status (scheduled, paused, sent, skipped with its reason, server-error), newest first with
 * filters and cursor pages, and the edits of a message not yet sent (pause, reschedule, new
 * recipient, resume, cancel) that the queue worker honours; EMAIL_NOT_EDITABLE past that; 404 for
 * another project's message. The worker's passes are run with `runNow()` and the injected clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
  type TestUser,
} from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
let otherProjectId: string;
let alice: TestUser;
let bob: TestUser;
let noEmailUserId: string;

const server = (id = projectId): TestRequestOptions => ({ accessType: "server", projectId: id });
const pass = () => t.runEmailQueue();

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body);
}

async function send(body: Record<string, unknown>, id = projectId): Promise<void> {
  await json(await t.request("/emails/send-email", { ...server(id), method: "POST", body }));
}

// biome-ignore lint/suspicious/noExplicitAny: outbox entries are checked by the assertions
async function entryWithSubject(subject: string): Promise<any> {
  const { items } = await json(await t.request("/emails/outbox", server()));
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const found = items.find((item: any) => item.subject === subject);
  if (!found) throw new Error(`No outbox entry "${subject}"`);
  return found;
}

// biome-ignore lint/suspicious/noExplicitAny: as above
async function patch(id: string, body: Record<string, unknown>, status = 200): Promise<any> {
  return json(
    await t.request(`/emails/outbox/${id}`, { ...server(), method: "PATCH", body }),
    status,
  );
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  const emails = { server: smtp.projectServer("Outbox Project", "outbox@mail.example") };
  projectId = (await t.createProject({ displayName: "Outbox Project", config: { emails } })).id;
  otherProjectId = (await t.createProject({ displayName: "Other", config: { emails } })).id;
  alice = await t.signUpUser(projectId, { email: "alice@outbox.example" });
  bob = await t.signUpUser(projectId, { email: "bob@outbox.example" });
  noEmailUserId = (
    await json(await t.request("/users", { ...server(), method: "POST", body: {} }), 201)
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.delivered.length = 0;
});

describe("reading the outbox", () => {
  it("is empty for a project that sent nothing, and refuses client access", async () => {
    const empty = await json(await t.request("/emails/outbox", server(otherProjectId)));
    expect(empty).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });
    await expectKnownError(
      await t.request("/emails/outbox", { accessType: "client", projectId }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
  });

  it("shows a sent message with its rendering and sending times, and reads it by id", async () => {
    await send({ user_ids: [alice.userId], html: "<p>Hi</p>", subject: "Sent one" });
    await pass();
    const entry = await entryWithSubject("Sent one");
    expect(entry).toMatchObject({
      status: "sent",
      simple_status: "ok",
      is_paused: false,
      has_rendered: true,
      has_delivered: true,
      can_have_delivery_info: false,
      is_transactional: true,
      created_with: "programmatic-call",
      to: { type: "user-primary-email", user_id: alice.userId },
      send_retries: 0,
      send_attempt_errors: null,
    });
    for (const field of ["started_rendering_at_millis", "rendered_at_millis"]) {
      expect(typeof entry[field]).toBe("number");
    }
    expect(typeof entry.delivered_at_millis).toBe("number");
    expect(await json(await t.request(`/emails/outbox/${entry.id}`, server()))).toEqual(entry);
    // Another project's credentials do not find it.
    await expectTextError(
      await t.request(`/emails/outbox/${entry.id}`, server(otherProjectId)),
      404,
      "Email not found",
    );
  });

  it("records a user without a primary e-mail as skipped when sending", async () => {
    await send({ user_ids: [noEmailUserId], html: "<p>x</p>", subject: "No address" });
    await pass();
    const entry = await entryWithSubject("No address");
    expect(entry).toMatchObject({
      status: "skipped",
      simple_status: "ok",
      skipped_reason: "USER_HAS_NO_PRIMARY_EMAIL",
      skipped_details: {},
    });
    expect(typeof entry.started_sending_at_millis).toBe("number");
    expect(smtp.delivered).toEqual([]);
  });

  it("filters by status and simple status, pages with a cursor, and checks the limit", async () => {
    const all = (await json(await t.request("/emails/outbox", server()))).items;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const skipped = await json(await t.request("/emails/outbox?status=skipped", server()));
    // biome-ignore lint/suspicious/noExplicitAny: entries
    expect(skipped.items.map((item: any) => item.status)).toEqual(
      expect.arrayContaining(["skipped"]),
    );
    // biome-ignore lint/suspicious/noExplicitAny: entries
    expect(skipped.items.every((item: any) => item.status === "skipped")).toBe(true);
    const ok = await json(await t.request("/emails/outbox?simple_status=ok", server()));
    expect(ok.items).toHaveLength(all.length);
    const error = await json(await t.request("/emails/outbox?simple_status=error", server()));
    expect(error.items).toEqual([]);

    const first = await json(await t.request("/emails/outbox?limit=1", server()));
    expect(first.items).toEqual([all[0]]);
    const second = await json(
      await t.request(`/emails/outbox?limit=1&cursor=${first.pagination.next_cursor}`, server()),
    );
    expect(second.items).toEqual([all[1]]);

    await expectTextError(
      await t.request("/emails/outbox?limit=101", server()),
      400,
      "Limit cannot exceed 100",
    );
    await expectTextError(
      await t.request("/emails/outbox?limit=0", server()),
      400,
      "Invalid limit parameter",
    );
    await expectKnownError(
      await t.request("/emails/outbox?status=lost", server()),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(
      await t.request("/emails/outbox/not-a-uuid", server()),
      "SCHEMA_ERROR",
      400,
    );
  });
});

describe("editing a message before it is sent", () => {
  it("pauses, reschedules, redirects and resumes a scheduled message", async () => {
    const later = t.clock().getTime() + 3_600_000;
    await send({
      user_ids: [alice.userId],
      html: "<p>Later</p>",
      subject: "Redirected",
      scheduled_at_millis: later,
    });
    await pass();
    const scheduled = await entryWithSubject("Redirected");
    expect(scheduled).toMatchObject({ status: "scheduled", scheduled_at_millis: later });

    const paused = await patch(scheduled.id, { is_paused: true });
    expect(paused).toMatchObject({
      status: "paused",
      simple_status: "in-progress",
      is_paused: true,
    });
    const sooner = t.clock().getTime() + 60_000;
    expect(await patch(scheduled.id, { scheduled_at_millis: sooner })).toMatchObject({
      status: "paused",
      scheduled_at_millis: sooner,
    });
    const redirected = await patch(scheduled.id, {
      to: { type: "user-primary-email", user_id: bob.userId },
    });
    expect(redirected).toMatchObject({
      status: "paused",
      to: { type: "user-primary-email", user_id: bob.userId },
    });
    // Paused: nothing goes out, even once due.
    t.clock.advance(60_000);
    await pass();
    expect(smtp.delivered).toEqual([]);

    expect((await patch(scheduled.id, { is_paused: false })).is_paused).toBe(false);
    await pass();
    await pass();
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([["bob@outbox.example"]]);
    const sent = await json(await t.request(`/emails/outbox/${scheduled.id}`, server()));
    expect(sent).toMatchObject({ status: "sent" });
    await expectKnownError(
      await t.request(`/emails/outbox/${scheduled.id}`, {
        ...server(),
        method: "PATCH",
        body: { is_paused: true },
      }),
      "EMAIL_NOT_EDITABLE",
      400,
    );
  });

  it("cancels a message, which is then skipped and no longer editable", async () => {
    await send({
      user_ids: [alice.userId],
      html: "<p>Never</p>",
      subject: "Cancelled",
      scheduled_at_millis: t.clock().getTime() + 60_000,
    });
    await pass();
    const entry = await entryWithSubject("Cancelled");
    expect(await patch(entry.id, { cancel: true })).toMatchObject({
      status: "skipped",
      skipped_reason: "MANUALLY_CANCELLED",
      is_paused: false,
    });
    t.clock.advance(60_000);
    await pass();
    expect(smtp.delivered).toEqual([]);
    const refused = await patch(entry.id, { cancel: true }, 400);
    expect(refused).toMatchObject({
      code: "EMAIL_NOT_EDITABLE",
      details: { email_id: entry.id, status: "SKIPPED" },
    });
  });

  it("skips a message whose user was deleted after it was queued", async () => {
    const carol = await t.signUpUser(projectId, { email: "carol@outbox.example" });
    await send({
      user_ids: [carol.userId],
      html: "<p>Gone</p>",
      subject: "Deleted user",
      scheduled_at_millis: t.clock().getTime() + 60_000,
    });
    await pass();
    await json(await t.request(`/users/${carol.userId}`, { ...server(), method: "DELETE" }));
    t.clock.advance(60_000);
    await pass();
    expect(await entryWithSubject("Deleted user")).toMatchObject({
      status: "skipped",
      skipped_reason: "USER_ACCOUNT_DELETED",
    });
    expect(smtp.delivered).toEqual([]);
  });

  it("still renders a message whose user was deleted before rendering, then skips it", async () => {
    // The reference renders first and checks the recipient when sending, so the outbox shows the
    // rendered subject of a message skipped this way (Stack's e2e finds it by that subject).
    const dave = await t.signUpUser(projectId, { email: "dave@outbox.example" });
    await send({ user_ids: [dave.userId], html: "<p>Never</p>", subject: "Deleted first" });
    await json(await t.request(`/users/${dave.userId}`, { ...server(), method: "DELETE" }));
    await pass();
    expect(await entryWithSubject("Deleted first")).toMatchObject({
      status: "skipped",
      skipped_reason: "USER_ACCOUNT_DELETED",
      has_rendered: true,
      html: expect.stringContaining("<p>Never</p>"),
    });
    expect(smtp.delivered).toEqual([]);
  });

  it("refuses bad edits with 4xx and changes nothing", async () => {
    await send({
      user_ids: [alice.userId],
      html: "<p>Kept</p>",
      subject: "Kept",
      scheduled_at_millis: t.clock().getTime() + 60_000,
    });
    await pass();
    const entry = await entryWithSubject("Kept");
    for (const body of [
      { to: { type: "custom-emails", emails: ["x@y.example"] } },
      { scheduled_at_millis: "soon" },
      { cancel: false },
      { unknown: 1 },
    ]) {
      await expectKnownError(
        await t.request(`/emails/outbox/${entry.id}`, { ...server(), method: "PATCH", body }),
        "SCHEMA_ERROR",
        400,
      );
    }
    await expectTextError(
      await t.request(`/emails/outbox/${crypto.randomUUID()}`, {
        ...server(),
        method: "PATCH",
        body: { is_paused: true },
      }),
      404,
      "Email not found",
    );
    expect(await json(await t.request(`/emails/outbox/${entry.id}`, server()))).toEqual(entry);
  });
});
