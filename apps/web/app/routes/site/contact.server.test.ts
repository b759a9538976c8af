import type { ContactForm } from "@heritage/content";
import { listContactSubmissions } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FORM_STARTED_AT_FIELD } from "../../lib/contact-form-fields";
import { handleContactSubmission } from "./contact.server";

const message: ContactForm = {
  name: "Ana Horvat",
  email: "ana@example.org",
  subject: "Volunteering",
  message: "I would like to help with the oral history project.",
};

/** When the bot-check tests send their forms (the action's clock). */
const submittedAt = Date.UTC(2026, 10, 27, 12);

/** The form as a browser sends it; `startedAt` null leaves the start time out. */
function contactRequest(
  values: Record<string, string>,
  startedAt: string | null = String(Date.now() - 60_000),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (startedAt !== null) form.set(FORM_STARTED_AT_FIELD, startedAt);
  return new Request("http://127.0.0.1:3000/contact", { method: "POST", body: form });
}

describe("the contact form's action", () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function contextWith(
    notifyContact: AppLoadContext["notifyContact"],
    limitContactSubmission: AppLoadContext["limitContactSubmission"] = async () => ({
      allowed: true,
    }),
  ): AppLoadContext {
    return {
      db: database.db,
      requestId: "request-1",
      notifyContact,
      limitContactSubmission,
    } as unknown as AppLoadContext;
  }

  it("stores the message and notifies in process, without an HTTP call", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const notified: ContactForm[] = [];
    const { result, status } = await handleContactSubmission(
      contactRequest(message),
      contextWith(async (sent) => {
        notified.push(sent);
        return { id: "outbox-1", status: "not_sent" };
      }),
    );
    expect({ result, status }).toEqual({ result: { status: "success" }, status: 200 });
    await vi.waitFor(() => expect(notified).toEqual([message]));
    expect(fetchSpy).not.toHaveBeenCalled();
    const stored = await listContactSubmissions(database.db);
    expect(stored.map((row) => row.subject)).toContain("Volunteering");
  });

  it("answers success even when the notification fails (the failure is only logged)", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { result } = await handleContactSubmission(
      contactRequest({ ...message, subject: "Outbox down" }),
      contextWith(async () => {
        throw new Error("outbox unavailable");
      }),
    );
    expect(result).toEqual({ status: "success" });
    await vi.waitFor(() =>
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining("send-contact-email failed")),
    );
  });

  it("notifies nobody of a form with mistakes", async () => {
    const notify = vi.fn<AppLoadContext["notifyContact"]>();
    const { result } = await handleContactSubmission(
      contactRequest({ ...message, message: "short" }),
      contextWith(notify),
    );
    expect(result).toMatchObject({ status: "invalid" });
    expect(notify).not.toHaveBeenCalled();
  });
  it.each([
    ["without a start time", null],
    ["with an empty start time", ""],
    ["with a start time that is no number", "soon"],
    ["sent too quickly", String(submittedAt - 500)],
  ])(
    "drops a message %s as a bot: answered as sent, stored and mailed nowhere (issue 14)",
    async (_case, startedAt) => {
      vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      const before = (await listContactSubmissions(database.db)).length;
      const notify = vi.fn<AppLoadContext["notifyContact"]>();
      const limit = vi.fn<AppLoadContext["limitContactSubmission"]>(async () => ({
        allowed: true,
      }));
      const { result, status } = await handleContactSubmission(
        contactRequest({ ...message, subject: "No start time" }, startedAt),
        contextWith(notify, limit),
        submittedAt,
      );
      expect({ result, status }).toEqual({ result: { status: "success" }, status: 200 });
      expect((await listContactSubmissions(database.db)).length).toBe(before);
      expect(notify).not.toHaveBeenCalled();
      // A bot's attempts never use up a visitor's allowance.
      expect(limit).not.toHaveBeenCalled();
    },
  );

  it("keeps a rate-limited visitor's message in the form with the wait, stores and notifies nothing (429)", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const before = (await listContactSubmissions(database.db)).length;
    const notified: ContactForm[] = [];
    const limited = { ...message, subject: "Sent once too often" };
    const { result, status } = await handleContactSubmission(
      contactRequest(limited),
      contextWith(
        async (sent) => {
          notified.push(sent);
          return { id: "outbox-2", status: "not_sent" };
        },
        async () => ({ allowed: false, retryAfterSeconds: 60 }),
      ),
    );
    expect(status).toBe(429);
    // The page says when to try again (issue 19), from the limiter's answer.
    expect(result).toEqual({ status: "rate-limited", retryAfterSeconds: 60, values: limited });
    expect((await listContactSubmissions(database.db)).length).toBe(before);
    expect(notified).toEqual([]);
  });
});
