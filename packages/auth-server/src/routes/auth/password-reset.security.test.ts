/**
 * Forgot-password never tells whether an address has an account (issue 14, defect 4): a known and
 * an unknown address get the same status and body, with a trusted or an untrusted callback URL;
 * both answer after the same minimum time, and the known one does not wait for its mail server.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verificationCodes } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

const minimumMs = 300;
const trustedCallbackUrl = "http://localhost:12345/some-callback-url";
const untrustedCallbackUrl = "https://evil.example.com/cb";
const unknownEmail = "nobody-here@example.com";

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
let user: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi({ env: { AUTH_EMAIL_LOOKUP_MIN_DURATION_MS: String(minimumMs) } });
  ({ id: projectId } = await t.createProject({
    displayName: "Reset Project",
    config: { emails: { server: smtp.projectServer("Reset Sender", "team@reset.example") } },
  }));
  user = await t.signUpUser(projectId, { email: "known-reset@example.com" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Answer {
  status: number;
  body: unknown;
  elapsedMs: number;
}

async function askForReset(email: string, callbackUrl: string): Promise<Answer> {
  const startedAt = performance.now();
  const response = await t.request("/auth/password/send-reset-code", {
    accessType: "client",
    projectId,
    body: { email, callback_url: callbackUrl },
  });
  const body: unknown = await response.json();
  return { status: response.status, body, elapsedMs: performance.now() - startedAt };
}

async function countCodes(): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(verificationCodes);
  return row?.value ?? 0;
}

describe("send-reset-code (security)", () => {
  it("answers an untrusted callback URL alike for a known and an unknown address", async () => {
    const codesBefore = await countCodes();
    const known = await askForReset(user.email, untrustedCallbackUrl);
    const unknown = await askForReset(unknownEmail, untrustedCallbackUrl);
    expect(known).toMatchObject({ status: 400, body: { code: "REDIRECT_URL_NOT_WHITELISTED" } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(await countCodes()).toBe(codesBefore);
    expect(await t.readOutbox(user.email)).toEqual([]);
  });

  it("answers a trusted one alike and in the same minimum time, whatever the mail server does", async () => {
    const unknown = await askForReset(unknownEmail, trustedCallbackUrl);
    // The project's mail server holds every message until released: the answer must not wait.
    const held = smtp.hold();
    try {
      const known = await Promise.race([
        askForReset(user.email, trustedCallbackUrl),
        new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 5000)),
      ]);
      if (known === "still waiting") throw new Error("The known address waited for its mail");
      expect(known).toMatchObject({
        status: 200,
        body: { success: "maybe, only if user with e-mail exists" },
      });
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: known.status,
        body: known.body,
      });
      // The floor is measured on the server's clock; a timer may fire a millisecond early.
      expect(known.elapsedMs).toBeGreaterThanOrEqual(minimumMs - 5);
      expect(unknown.elapsedMs).toBeGreaterThanOrEqual(minimumMs - 5);
      expect(smtp.delivered).toEqual([]);
      // The mail is stored before the answer (a reader of the outbox finds it at once).
      expect(await t.readOutbox(user.email)).toHaveLength(1);
    } finally {
      held.release();
    }
    await vi.waitFor(() => expect(smtp.delivered.map((mail) => mail.to)).toEqual([[user.email]]));
    expect(await t.readOutbox(unknownEmail)).toEqual([]);
  });
});
