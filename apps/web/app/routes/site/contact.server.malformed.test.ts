/**
 * The contact form's action on input no browser sends (issue 14, defect 3): text the database
 * cannot keep is a field error with the visitor's text kept, and a body that is not a form is a
 * 4xx, never a 500; nothing is stored either way.
 */
import { listContactSubmissions } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FORM_STARTED_AT_FIELD } from "../../lib/contact-form-fields";
import { handleContactSubmission } from "./contact.server";

const message = {
  name: "Ana Horvat",
  email: "ana@example.org",
  subject: "Volunteering",
  message: "I would like to help with the oral history project.",
};

function post(body: string, contentType: string) {
  return new Request("http://127.0.0.1:3000/contact", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

describe("the contact form's action on malformed input", () => {
  let database: DatabaseConnection;
  let context: AppLoadContext;
  const notifyContact = vi.fn<AppLoadContext["notifyContact"]>();

  beforeAll(async () => {
    database = await createTestDatabase();
    context = {
      db: database.db,
      requestId: "request-1",
      notifyContact,
      limitContactSubmission: async () => ({ allowed: true }),
    } as unknown as AppLoadContext;
  });
  afterAll(async () => {
    await database.close();
  });

  it.each(["name", "email", "subject", "message"] as const)(
    "shows a NUL in %s as that field's error, keeping everything typed",
    async (field) => {
      const values = { ...message, [field]: `${message[field]}\u0000` };
      const form = new URLSearchParams({
        ...values,
        [FORM_STARTED_AT_FIELD]: String(Date.now() - 60_000),
      });
      const { result, status } = await handleContactSubmission(
        post(form.toString(), "application/x-www-form-urlencoded"),
        context,
      );
      expect(status).toBe(200);
      expect(result).toEqual({
        status: "invalid",
        errors: { [field]: { key: "textNotStorable" } },
        values,
      });
      expect(await listContactSubmissions(database.db)).toEqual([]);
      expect(notifyContact).not.toHaveBeenCalled();
    },
  );

  it.each([
    ["JSON", 415, JSON.stringify(message), "application/json"],
    ["text", 415, "name=Ana", "text/plain"],
    ["multipart without a boundary", 400, "--x\r\n\r\n", "multipart/form-data"],
  ])("answers a body of %s with %i", async (_case, expected, body, contentType) => {
    const thrown = await handleContactSubmission(post(body, contentType), context).then(
      () => null,
      (error: unknown) => error,
    );
    expect((thrown as { init?: { status?: number } } | null)?.init?.status).toBe(expected);
    expect(await listContactSubmissions(database.db)).toEqual([]);
  });
});
