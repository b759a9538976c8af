/**
 * The send queue worker (email-queue.ts) on its own: messages a previous process left are sent at
 * start, a claimed message whose worker died is retried once its lease ends, two workers sending
 * at once (two processes on PostgreSQL) deliver each message exactly once, and `stop()` finishes
 * the send under way, records it, and claims nothing more. Render steps run beside each other in
 * their projects' turns: one project's slow template does not hold another's message, and a
 * message whose project's render queue is full waits a little rather than failing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";
import { createEmailRenderer } from "../email-sandbox/tsx-sandbox";
import { silentLogger } from "../shared/auth-logger";
import { type EmailQueueOptions, sendDueEmails, startEmailQueueWorker } from "./email-queue";

// The API's own (with its worker) is closed: the workers here render with this one.
const renderer = createEmailRenderer();

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
let options: EmailQueueOptions;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  // The API's own worker is stopped: each test drives the workers it starts itself.
  await t.api.close();
  projectId = (
    await t.createProject({
      config: { emails: { server: smtp.projectServer("Worker", "worker@mail.example") } },
    })
  ).id;
  options = {
    db: t.db,
    clock: t.clock,
    logger: silentLogger,
    outgoing: t.outgoing,
    secrets: t.secrets,
    emailRenderer: renderer,
  };
});
afterAll(async () => {
  renderer.stop();
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.delivered.length = 0;
  await t.db.delete(emailOutbox);
});

let counter = 0;
async function queueMessage(
  overrides: Partial<typeof emailOutbox.$inferInsert> = {},
): Promise<string> {
  counter += 1;
  const id = crypto.randomUUID();
  await t.db.insert(emailOutbox).values({
    id,
    projectId,
    to: `to-${counter}@worker.example`,
    from: "worker@mail.example",
    subject: `Message ${counter}`,
    text: "x",
    html: "<p>x</p>",
    status: "queued",
    nextAttemptAt: t.clock(),
    ...overrides,
  });
  return id;
}

async function row(id: string) {
  const [found] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found;
}

describe("email queue worker", () => {
  it("sends at start what a previous process left queued", async () => {
    const id = await queueMessage();
    const worker = startEmailQueueWorker(options);
    // runNow() follows the start pass, so the message has been handled once it resolves.
    await worker.runNow();
    await worker.stop();
    expect(await row(id)).toMatchObject({ status: "sent", attemptCount: 1, nextAttemptAt: null });
    expect(smtp.delivered).toHaveLength(1);
  });

  it("retries a message whose worker died mid-send once the lease is over", async () => {
    // As a dead worker leaves it: claimed (attempt counted, due a lease ahead), never recorded.
    const id = await queueMessage({
      attemptCount: 1,
      nextAttemptAt: new Date(t.clock().getTime() + 5 * 60_000),
    });
    expect(await sendDueEmails(options)).toBe(0);
    t.clock.advance(5 * 60_000);
    expect(await sendDueEmails(options)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "sent", attemptCount: 2 });
  });

  it("delivers each message once with two workers sending at the same time", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 8; index += 1) ids.push(await queueMessage());
    const [first, second] = await Promise.all([sendDueEmails(options), sendDueEmails(options)]);
    expect((first ?? 0) + (second ?? 0)).toBe(8);
    const recipients = smtp.delivered.flatMap((mail) => mail.to).sort();
    expect(recipients).toHaveLength(8);
    expect(new Set(recipients).size).toBe(8);
    for (const id of ids) expect((await row(id))?.attemptCount).toBe(1);
  });

  it("finishes the send under way on stop() and claims nothing more", async () => {
    const first = await queueMessage();
    const second = await queueMessage();
    const held = smtp.hold();
    const worker = startEmailQueueWorker(options);
    const deadline = Date.now() + 10_000;
    while (held.arrived() === 0) {
      if (Date.now() > deadline) throw new Error("No message reached the SMTP server");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const stopped = worker.stop();
    held.release();
    await stopped;
    expect(await row(first)).toMatchObject({ status: "sent", attemptCount: 1 });
    expect(await row(second)).toMatchObject({ status: "queued", attemptCount: 0 });
    expect(await worker.runNow()).toBe(0);
    expect(await row(second)).toMatchObject({ status: "queued", attemptCount: 0 });
  });

  describe("render steps", () => {
    let otherProjectId: string;
    beforeAll(async () => {
      otherProjectId = (
        await t.createProject({
          config: { emails: { server: smtp.projectServer("Other", "other@mail.example") } },
        })
      ).id;
    });

    /** A TSX message to a new user of `project`, queued unrendered as send-email leaves it. */
    async function queueTsx(project: string, source: string): Promise<string> {
      const user = await t.signUpUser(project);
      return queueMessage({
        projectId: project,
        to: "",
        recipient: { type: "user-primary-email", user_id: user.userId },
        tsxSource: source,
        themeId: null,
        variables: {},
        renderedAt: null,
        subject: "",
        text: "",
        html: "",
      });
    }

    it("renders another project's message while one project's template is slow", async () => {
      // Three seconds of work when the module loads (the template function itself runs 4 times).
      const slow = await queueTsx(
        projectId,
        "const end = Date.now() + 3000; while (Date.now() < end) {}\nexport function EmailTemplate() { return <p>slow</p>; }",
      );
      const quick = await queueTsx(
        otherProjectId,
        "export function EmailTemplate() { return <p>quick</p>; }",
      );
      const pass = sendDueEmails(options);
      const deadline = Date.now() + 20_000;
      while ((await row(quick))?.status !== "sent") {
        if (Date.now() > deadline) throw new Error("The quick message was not sent");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Sent while the slow one is still rendering (one claim at a time waited for it first).
      expect((await row(slow))?.renderedAt).toBeNull();
      await pass;
      expect(await row(slow)).toMatchObject({
        status: "sent",
        html: expect.stringContaining("slow"),
      });
    }, 30_000);

    it("puts a message back for a while when its project's render queue is full", async () => {
      // A renderer where nothing may wait: while one render of the project runs, another is busy.
      const busy = createEmailRenderer({ sandboxes: 2, waitingPerProject: 0, timeoutMs: 10_000 });
      try {
        const running = busy.render({
          projectId,
          templateSource: "export function EmailTemplate() { for (;;) {} }",
          themeSource: "export function EmailTheme({ children }) { return <>{children}</>; }",
          user: { displayName: null },
          project: { displayName: "Worker" },
        });
        while (busy.load(projectId).running === 0) await new Promise((r) => setTimeout(r, 10));
        const id = await queueTsx(
          projectId,
          "export function EmailTemplate() { return <p>later</p>; }",
        );
        expect(await sendDueEmails({ ...options, emailRenderer: busy })).toBe(0);
        const waiting = await row(id);
        expect(waiting).toMatchObject({ status: "queued", renderedAt: null, renderError: null });
        expect(waiting?.nextAttemptAt?.getTime()).toBe(t.clock().getTime() + 15_000);
        busy.stop();
        await running;
        t.clock.advance(15_000);
        expect(await sendDueEmails(options)).toBe(1);
        expect(await row(id)).toMatchObject({
          status: "sent",
          html: expect.stringContaining("later"),
        });
      } finally {
        busy.stop();
      }
    }, 30_000);
  });
});
