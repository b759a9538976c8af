import { createServer } from "node:net";
import { listOutboxEmails, saveSiteContent } from "@heritage/content";
import { Hono } from "hono";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createContactProtection,
  createDatabaseRateLimiter,
} from "../content-api/contact-protection";
import { createDiskMediaStorage } from "../media/media-storage";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { createFunctionsApi, type FunctionsApiDeps } from "./functions-api";
import { createSmtpMailer } from "./mailer";

type ReceivedMail = { from: string; to: string[]; data: string };

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on: connecting to it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let context: SiteTestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  context = await createSiteTestContext();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await context.close();
});

function mountFunctions(overrides: Partial<FunctionsApiDeps> = {}) {
  const app = new Hono();
  app.route(
    "/functions",
    createFunctionsApi({
      db: context.db,
      logger: context.logger,
      verifyAdmin: context.verifyAdmin,
      mailer: null,
      emailFrom: "Balkan Heritage <no-reply@example.org>",
      notificationAddress: "office@example.org",
      mediaStorage: createDiskMediaStorage({ root: "/nonexistent" }),
      ...overrides,
    }),
  );
  return async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request("/functions/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      ...((await response.json()) as {
        data: { id: string; status: string } | null;
        error: { code: string; message: string } | null;
      }),
    };
  };
}

const message = {
  name: "Amra Hodžić",
  email: "amra@example.org",
  subject: "Volunteering\r\nBcc: victim@example.org",
  message: "I would like to help with the oral history project.",
};

describe("send-contact-email", () => {
  it("sends the notification by SMTP and records it as sent", async () => {
    const send = mountFunctions({ mailer: createSmtpMailer(smtp.url) });
    const response = await send(message);
    expect(response.status).toBe(202);
    expect(response.data?.status).toBe("sent");

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["office@example.org"]);
    expect(mail?.from).toBe("no-reply@example.org");
    expect(mail?.data).toContain("Reply-To: amra@example.org");
    expect(mail?.data).toContain("Subject: Contact form: Volunteering Bcc: victim@example.org");
    expect(mail?.data).not.toMatch(/^Bcc:/m);
    expect(mail?.data).toContain("oral history project");

    const [stored] = await listOutboxEmails(context.db);
    expect(stored).toMatchObject({
      id: response.data?.id,
      status: "sent",
      attempts: 1,
      to_address: "office@example.org",
      reply_to: "amra@example.org",
    });
    expect(stored?.sent_at).toBeInstanceOf(Date);
  });

  it("queues nothing to the contact page's placeholder address, and warns of it once (issue 33, item 3)", async () => {
    // No CONTACT_NOTIFICATION_EMAIL, and the contact page still shows info@example.org.
    const send = mountFunctions({
      mailer: createSmtpMailer(smtp.url),
      notificationAddress: undefined,
    });
    const outboxBefore = (await listOutboxEmails(context.db)).length;
    const mailsBefore = smtp.received.length;
    const logged = context.logger.entries.length;
    for (const subject of ["Nobody to tell", "Nobody to tell again"]) {
      const response = await send({ ...message, subject });
      expect(response.status).toBe(202);
      expect(response.data).toEqual({ id: null, status: "no_recipient" });
    }
    expect(await listOutboxEmails(context.db)).toHaveLength(outboxBefore);
    expect(smtp.received).toHaveLength(mailsBefore);
    const warnings = context.logger.entries.slice(logged).filter((entry) => entry.level === "warn");
    expect(warnings).toEqual([
      {
        level: "warn",
        object: { to: "info@example.org" },
        message: expect.stringMatching(
          /^contact notifications not sent: the contact page's e-mail address is still a placeholder/,
        ),
      },
    ]);
  });

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    // Without CONTACT_NOTIFICATION_EMAIL, the address of the contact page is used.
    await saveSiteContent(context.db, {
      id: "contact",
      language: "en",
      content: { email: "office@sevdah.ba" },
    });
    const send = mountFunctions({ mailer: null, notificationAddress: undefined });
    const response = await send({ ...message, subject: "Outbox only" });
    expect(response.status).toBe(202);
    expect(response.data?.status).toBe("not_sent");
    const stored = (await listOutboxEmails(context.db)).find((row) => row.id === response.data?.id);
    expect(stored).toMatchObject({
      status: "not_sent",
      to_address: "office@sevdah.ba",
      attempts: 0,
    });

    const admin = mountContentApi(context);
    const outbox = await admin.call("GET", "/api-email_outbox", {
      token: context.admin.accessToken,
    });
    expect(outbox.data.map((row: { id: string }) => row.id)).toContain(response.data?.id);
    expect((await admin.call("GET", "/api-email_outbox")).status).toBe(401);
  });

  it("logs a mail failure and still keeps the message", async () => {
    const port = await closedPort();
    const send = mountFunctions({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`) });
    const before = context.logger.entries.length;
    const response = await send({ ...message, subject: "Server down" });
    expect(response.status).toBe(202);
    expect(response.data?.status).toBe("failed");
    const stored = (await listOutboxEmails(context.db)).find((row) => row.id === response.data?.id);
    expect(stored).toMatchObject({ status: "failed", attempts: 1 });
    expect(stored?.last_error).toMatch(/ECONNREFUSED/);
    expect(context.logger.entries.slice(before)).toContainEqual(
      expect.objectContaining({ level: "error", message: "contact notification not sent" }),
    );
  });

  it("validates the message with the contact form's rules and stores nothing", async () => {
    const send = mountFunctions();
    const before = (await listOutboxEmails(context.db)).length;
    const response = await send({ ...message, email: "nope", message: "short" });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(
      "email: Invalid email address; message: Message must be at least 10 characters long",
    );
    expect(await listOutboxEmails(context.db)).toHaveLength(before);
  });

  it("drops spam silently and rate-limits each address", async () => {
    const send = mountFunctions({
      contactProtection: createContactProtection({
        rateLimiter: createDatabaseRateLimiter(context.db, { max: 2, windowSeconds: 60 }),
        minFillMilliseconds: 3000,
      }),
      clientAddress: (c) => c.req.header("x-test-address") ?? "unknown",
    });
    const before = (await listOutboxEmails(context.db)).length;
    const honeypot = await send(
      { ...message, website: "http://spam.example" },
      { "x-test-address": "a" },
    );
    expect(honeypot.status).toBe(202);
    const tooFast = await send(
      { ...message, form_started_at: Date.now() },
      { "x-test-address": "a" },
    );
    expect(tooFast.status).toBe(202);
    expect(await listOutboxEmails(context.db)).toHaveLength(before);

    expect((await send(message, { "x-test-address": "b" })).status).toBe(202);
    expect((await send(message, { "x-test-address": "b" })).status).toBe(202);
    const limited = await send(message, { "x-test-address": "b" });
    expect(limited.status).toBe(429);
    expect(limited.error?.message).toBe("Too many messages. Please try again later.");
    expect(await listOutboxEmails(context.db)).toHaveLength(before + 2);
  });
});
