/**
 * `POST /emails/send-email` beyond plain sending (contract §3.4): an admin's draft (`draft_id`,
 * rendered per user in the draft's or the request's theme, the draft marked sent), scheduled mail
 * (`scheduled_at_millis`: kept until the injected clock reaches it), `is_high_priority` (due
 * high-priority mail goes first), and failed deliveries (a temporary one kept with its error and
 * retried with growing delays, then failed for good; a permanent one failed at once). Passes of the queue worker are run through its
 * `runNow()`, which waits for the pass under way, so nothing here sleeps.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { defaultEmailRetryDelaysMs } from "../../services/email/email-queue";
import { builtInThemeIds } from "../../services/email-designs/email-designs";
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
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Queue Project",
      config: { emails: { server: smtp.projectServer("Queue Project", "queue@mail.example") } },
    })
  ).id;
  alice = await t.signUpUser(projectId, { email: "alice@queue.example" });
  bob = await t.signUpUser(projectId, { email: "bob@queue.example" });
  carol = await t.signUpUser(projectId, { email: "carol@queue.example" });
  await t.request(`/users/${alice.userId}`, {
    accessType: "server",
    projectId,
    method: "PATCH",
    body: { display_name: "Alice" },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.delivered.length = 0;
  smtp.refused.clear();
  smtp.deferred.clear();
});

const server = (): TestRequestOptions => ({ accessType: "server", projectId });
const admin = (): TestRequestOptions => ({ accessType: "admin", projectId });

/** Runs a worker pass after the one under way (e.g. the one the request woke) has finished. */
const pass = () => t.runEmailQueue();

// biome-ignore lint/suspicious/noExplicitAny: response shapes are checked by the assertions
async function json(response: Response, status = 200): Promise<any> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body);
}

async function send(body: Record<string, unknown>): Promise<string[]> {
  const answer = await json(
    await t.request("/emails/send-email", { ...server(), method: "POST", body }),
  );
  return answer.results.map((result: { user_id: string }) => result.user_id);
}

async function message(to: string, subject: string) {
  const [row] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, subject)));
  if (!row) throw new Error(`No message "${subject}" to ${to}`);
  return row;
}

const firstRetryMs = defaultEmailRetryDelaysMs[0] ?? 0;
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

describe("send-email with a draft", () => {
  const draftSource = [
    '<Subject value="Hello {{ userDisplayName }} from {{ projectDisplayName }}" />',
    '<NotificationCategory value="Marketing" />',
    "<p>Our news, {{ userDisplayName }}.</p>",
  ].join("\n");

  it("renders the draft per user in its theme, or the request's, and marks it sent", async () => {
    const { id } = await json(
      await t.request("/internal/email-drafts", {
        ...admin(),
        method: "POST",
        body: { display_name: "News", theme_id: false, tsx_source: draftSource },
      }),
    );
    t.clock.advance(1_000);
    expect(await send({ user_ids: [alice.userId], draft_id: id })).toEqual([alice.userId]);
    await pass();
    const plain = await message("alice@queue.example", "Hello Alice from Queue Project");
    expect(plain).toMatchObject({ status: "sent", from: '"Queue Project" <queue@mail.example>' });
    expect(plain.html).toBe("<p>Our news, Alice.</p>");
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([["alice@queue.example"]]);
    const draft = await json(await t.request(`/internal/email-drafts/${id}`, admin()));
    expect(draft.sent_at_millis).toBe(t.clock().getTime());

    // The request's theme wins over the draft's; the subject can be given too.
    await send({
      user_ids: [alice.userId],
      draft_id: id,
      theme_id: builtInThemeIds.dark,
      subject: "Dark news",
    });
    await pass();
    const themed = await message("alice@queue.example", "Dark news");
    expect(themed.html).toContain("background: #111111");
    expect(themed.html).toContain("<p>Our news, Alice.</p>");
  });

  it("uses the project's selected theme for a draft without one", async () => {
    const { id } = await json(
      await t.request("/internal/email-drafts", {
        ...admin(),
        method: "POST",
        body: { display_name: "Default theme" },
      }),
    );
    await send({ user_ids: [bob.userId], draft_id: id });
    await pass();
    const [row] = (await t.readOutbox("bob@queue.example")).filter((r) =>
      r.subject.startsWith("Hello "),
    );
    expect(row?.html).toContain("background: #ffffff");
    expect(row?.status).toBe("sent");
  });

  it("refuses an unknown or broken draft and queues nothing", async () => {
    const before = (await t.readOutbox()).length;
    await expectTextError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { all_users: true, draft_id: crypto.randomUUID() },
      }),
      400,
      "No draft found with given draft_id",
    );
    const { id } = await json(
      await t.request("/internal/email-drafts", {
        ...admin(),
        method: "POST",
        body: { display_name: "Broken", tsx_source: "<p>No subject</p>" },
      }),
    );
    await expectKnownError(
      await t.request("/emails/send-email", {
        ...server(),
        method: "POST",
        body: { all_users: true, draft_id: id },
      }),
      "EMAIL_RENDERING_ERROR",
      400,
    );
    expect(
      (await json(await t.request(`/internal/email-drafts/${id}`, admin()))).sent_at_millis,
    ).toBe(null);
    expect(await t.readOutbox()).toHaveLength(before);
  });
});

describe("scheduled and high-priority mail", () => {
  it("keeps a scheduled message until the clock reaches its time", async () => {
    const due = t.clock().getTime() + 3_600_000;
    await send({
      user_ids: [alice.userId],
      html: "<p>Later</p>",
      subject: "Later",
      scheduled_at_millis: due,
    });
    await pass();
    expect(await message("alice@queue.example", "Later")).toMatchObject({
      status: "queued",
      attemptCount: 0,
      scheduledAt: new Date(due),
      sentAt: null,
    });
    t.clock.advance(3_600_000 - 1_000);
    await pass();
    expect((await message("alice@queue.example", "Later")).status).toBe("queued");
    expect(smtp.delivered).toEqual([]);
    t.clock.advance(1_000);
    await pass();
    expect(await message("alice@queue.example", "Later")).toMatchObject({
      status: "sent",
      attemptCount: 1,
    });
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([["alice@queue.example"]]);
  });

  it("sends due high-priority mail first, then the rest by due time", async () => {
    const at = t.clock().getTime() + 60_000;
    await send({
      user_ids: [alice.userId],
      html: "<p>1</p>",
      subject: "Normal",
      scheduled_at_millis: at,
    });
    await send({
      user_ids: [carol.userId],
      html: "<p>2</p>",
      subject: "Earlier",
      scheduled_at_millis: at - 1_000,
    });
    await send({
      user_ids: [bob.userId],
      html: "<p>3</p>",
      subject: "Urgent",
      scheduled_at_millis: at,
      is_high_priority: true,
    });
    await pass();
    expect(smtp.delivered).toEqual([]);
    t.clock.advance(60_000);
    await pass();
    expect(smtp.delivered.map((mail) => subjectOf(mail.raw))).toEqual([
      "Urgent",
      "Earlier",
      "Normal",
    ]);
    expect((await message("bob@queue.example", "Urgent")).isHighPriority).toBe(true);
  });
});

describe("failed deliveries", () => {
  it("keeps a temporary error (SMTP 4xx) and retries with growing delays, then marks the message failed", async () => {
    smtp.deferred.add("carol@queue.example");
    await send({ user_ids: [carol.userId], html: "<p>x</p>", subject: "Refused" });
    await pass();
    let row = await message("carol@queue.example", "Refused");
    expect(row).toMatchObject({ status: "queued", attemptCount: 1 });
    expect(row.error).toContain("Try again later");
    expect(row.nextAttemptAt).toEqual(new Date(t.clock().getTime() + firstRetryMs));
    // Not before its retry is due.
    await pass();
    expect((await message("carol@queue.example", "Refused")).attemptCount).toBe(1);
    for (const delay of defaultEmailRetryDelaysMs) {
      t.clock.advance(delay);
      await pass();
    }
    row = await message("carol@queue.example", "Refused");
    expect(row).toMatchObject({
      status: "failed",
      attemptCount: defaultEmailRetryDelaysMs.length + 1,
      nextAttemptAt: null,
    });
    expect(row.error).toContain("Try again later");
    t.clock.advance(86_400_000);
    await pass();
    expect((await message("carol@queue.example", "Refused")).attemptCount).toBe(
      defaultEmailRetryDelaysMs.length + 1,
    );
    expect(smtp.delivered).toEqual([]);
    const listed = await json(await t.request("/internal/emails?include=status", admin()));
    expect(listed.items.find((item: { id: string }) => item.id === row.id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("Try again later"),
    });
  });

  it("sends on a retry once the server accepts, clearing the error", async () => {
    smtp.deferred.add("bob@queue.example");
    await send({ user_ids: [bob.userId], html: "<p>y</p>", subject: "Second try" });
    await pass();
    expect((await message("bob@queue.example", "Second try")).error).toContain("Try again later");
    smtp.deferred.clear();
    t.clock.advance(firstRetryMs);
    await pass();
    expect(await message("bob@queue.example", "Second try")).toMatchObject({
      status: "sent",
      attemptCount: 2,
      error: null,
      nextAttemptAt: null,
    });
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([["bob@queue.example"]]);
  });

  it("fails at once on a permanent refusal (SMTP 5xx), with that attempt's error", async () => {
    smtp.refused.add("alice@queue.example");
    await send({ user_ids: [alice.userId], html: "<p>w</p>", subject: "Refused for good" });
    await pass();
    const row = await message("alice@queue.example", "Refused for good");
    expect(row).toMatchObject({ status: "failed", attemptCount: 1, nextAttemptAt: null });
    expect(row.sendAttemptErrors).toEqual([
      expect.objectContaining({
        attempt_number: 1,
        external_message: expect.stringContaining("Mailbox unavailable"),
        external_details: { code: "EENVELOPE", response_code: 550 },
      }),
    ]);
    expect(smtp.delivered).toEqual([]);
  });

  it("retries when the project's server was removed meanwhile, with that reason", async () => {
    const other = await t.createProject({
      displayName: "Gone Server",
      config: { emails: { server: smtp.projectServer("Gone", "gone@mail.example") } },
    });
    const dave = await t.signUpUser(other.id, { email: "dave@queue.example" });
    const due = t.clock().getTime() + 60_000;
    await json(
      await t.request("/emails/send-email", {
        accessType: "server",
        projectId: other.id,
        method: "POST",
        body: {
          user_ids: [dave.userId],
          html: "<p>z</p>",
          subject: "Orphan",
          scheduled_at_millis: due,
        },
      }),
    );
    await json(
      await t.request("/internal/projects/current", {
        accessType: "admin",
        projectId: other.id,
        method: "PATCH",
        body: { config: { email_config: { type: "shared" } } },
      }),
    );
    t.clock.advance(60_000);
    await pass();
    const row = await message("dave@queue.example", "Orphan");
    expect(row).toMatchObject({ status: "queued", attemptCount: 1 });
    expect(row.error).toContain("no own e-mail server");
    expect(smtp.delivered).toEqual([]);
  });
});
