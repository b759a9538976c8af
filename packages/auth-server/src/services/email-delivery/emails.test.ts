/**
 * E-mail delivery: stored in the outbox always; delivered to a real SMTP server on loopback when one
 * is configured; kept `queued` without one; `failed` (not thrown) when the server is unreachable.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { silentLogger } from "../shared/auth-logger";
import {
  buildCodeLink,
  createEmailSender,
  renderEmailVerificationEmail,
  renderPasswordResetEmail,
} from "./emails";

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

let t: TestAuthApi;
let server: SMTPServer;
let smtpUrl: string;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  t = await createTestAuthApi();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function createSender(options: { smtpUrl?: string; emailFrom?: string } = {}) {
  return createEmailSender({
    db: t.db,
    clock: t.clock,
    generateId: randomUUID,
    logger: silentLogger,
    ...options,
  });
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const link = buildCodeLink("http://localhost:12345/some-callback-url?code=old&x=1", "abc123");

describe("email delivery", () => {
  it("delivers over SMTP and records the message as sent", async () => {
    const sender = createSender({ smtpUrl, emailFrom: "noreply@heritage.test" });
    const rendered = renderPasswordResetEmail({ projectName: "Stack Dashboard", link });
    const id = await sender.send({
      projectId: "internal",
      fromName: "Stack Dashboard",
      to: "smtp-reader@example.com",
      ...rendered,
    });
    const mail = received.find((message) => message.to.includes("smtp-reader@example.com"));
    expect(mail?.from).toBe("noreply@heritage.test");
    expect(mail?.raw).toContain("Subject: Reset your password at Stack Dashboard");
    expect(mail?.raw).toMatch(/From: "?Stack Dashboard"? <noreply@heritage\.test>/);
    expect(decodeQuotedPrintable(mail?.raw ?? "")).toContain(
      "http://localhost:12345/some-callback-url?code=abc123&x=1",
    );
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({
      status: "sent",
      to: "smtp-reader@example.com",
      error: null,
      subject: "Reset your password at Stack Dashboard",
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the message queued in the outbox without an SMTP URL", async () => {
    const before = received.length;
    const sender = createSender();
    const rendered = renderEmailVerificationEmail({ projectName: "Stack Dashboard", link });
    await sender.send({
      projectId: "internal",
      fromName: "Stack Dashboard",
      to: "outbox-only@example.com",
      ...rendered,
    });
    expect(received.length).toBe(before);
    const [row] = await t.readOutbox("outbox-only@example.com");
    expect(row).toMatchObject({
      status: "queued",
      from: '"Stack Dashboard" <noreply@example.com>',
      subject: "Verify your email at Stack Dashboard",
      sentAt: null,
    });
    expect(row?.text).toContain("http://localhost:12345/some-callback-url?code=abc123&x=1");
    expect(row?.html).toContain(
      'href="http://localhost:12345/some-callback-url?code=abc123&amp;x=1"',
    );
    expect(await t.readCodeFromOutbox("outbox-only@example.com", "Verify your email")).toBe(
      "abc123",
    );
  });

  it("records a failed delivery instead of throwing", async () => {
    const sender = createSender({ smtpUrl: "smtp://127.0.0.1:1" });
    const rendered = renderPasswordResetEmail({ projectName: "P", link });
    await sender.send({
      projectId: null,
      fromName: "P",
      to: "unreachable@example.com",
      ...rendered,
    });
    const [row] = await t.readOutbox("unreachable@example.com");
    expect(row?.status).toBe("failed");
    expect(row?.error).toBeTruthy();
  });

  it("escapes the HTML part and uses an EMAIL_FROM with a display name as it is", async () => {
    const sender = createSender({ emailFrom: "Heritage <mail@heritage.test>" });
    const rendered = renderPasswordResetEmail({ projectName: "<b>Evil</b>", link });
    expect(rendered.html).not.toContain("<b>Evil</b>");
    await sender.send({ projectId: null, fromName: "x", to: "display@example.com", ...rendered });
    const [row] = await t.readOutbox("display@example.com");
    expect(row?.from).toBe("Heritage <mail@heritage.test>");
  });
});
