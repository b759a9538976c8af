import { testSecretsKey } from "@heritage/auth-server/testing";
import { createOutboxEmail } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { ConfigError, loadConfig } from "../config/config";
import { migrationSets } from "../server";
import { ensureSiteAuth, type SiteAuth } from "../site-auth/site-auth";
import { createDevOutbox, isDevOutboxEnabled } from "./dev-outbox";

const silentLogger = pino({ level: "silent" });

describe("whether the development outbox is on", () => {
  it.each([
    [{}, false],
    [{ NODE_ENV: "test" }, false],
    [{ NODE_ENV: "development" }, true],
    [{ NODE_ENV: "development", DEV_OUTBOX: "off" }, false],
    [{ DEV_OUTBOX: "on" }, true],
    [{ NODE_ENV: "production", DEV_OUTBOX: "on" }, true],
  ])("with %o: %s", (env, on) => {
    expect(isDevOutboxEnabled(loadConfig(env))).toBe(on);
  });

  it("refuses another value with one line naming the variable", () => {
    expect(() => loadConfig({ DEV_OUTBOX: "yes" })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_OUTBOX: "yes" })).toThrow(
      'Invalid configuration: DEV_OUTBOX: expected on or off (got "yes")',
    );
  });
});

describe("the development outbox", () => {
  let database: DatabaseConnection;
  let siteAuth: SiteAuth;

  beforeAll(async () => {
    database = await createTestDatabase();
    siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      { baseUrl: "http://localhost:3000", logger: silentLogger },
    );
  });
  afterAll(async () => {
    await database.close();
  });

  async function keepAuthMail(subject: string, at: string, status = "queued") {
    await database.db.execute(
      `insert into auth.email_outbox (id, project_id, "to", "from", subject, text, html, status, created_at)
       values (gen_random_uuid(), '${siteAuth.projectId}', 'ana@example.org', '"Site" <noreply@example.com>',
               '${subject}', 'Open http://localhost:3000/handler/x?code=abc.', '<p>${subject}</p>', '${status}', '${at}')`,
    );
  }

  async function keepSiteMail(subject: string, at: string) {
    const row = await createOutboxEmail(database.db, {
      kind: "contact_notification",
      to_address: "office@example.org",
      from_address: "Balkan Heritage <no-reply@example.org>",
      subject,
      text_body: `Text of ${subject}`,
    });
    await database.db.execute(
      `update content.email_outbox set created_at = '${at}' where id = '${row.id}'`,
    );
  }

  it("is empty before any mail", async () => {
    expect(await createDevOutbox(database.db).read()).toEqual({ limit: 50, total: 0, mails: [] });
  });

  it("merges both outboxes newest first, up to its limit, and counts them all", async () => {
    await keepAuthMail("Reset your password", "2026-01-01T10:00:00Z");
    await keepSiteMail("New contact message", "2026-01-01T11:00:00Z");
    await keepAuthMail("Verify your e-mail", "2026-01-01T12:00:00Z", "sent");
    await keepSiteMail("Another contact message", "2026-01-01T09:00:00Z");

    const page = await createDevOutbox(database.db, 3).read();
    expect(page.limit).toBe(3);
    expect(page.total).toBe(4);
    expect(page.mails.map((mail) => mail.subject)).toEqual([
      "Verify your e-mail",
      "New contact message",
      "Reset your password",
    ]);
    const [verify, contact] = page.mails;
    expect(verify).toMatchObject({
      source: "auth",
      projectId: siteAuth.projectId,
      kind: null,
      createdAt: "2026-01-01T12:00:00.000Z",
      to: "ana@example.org",
      from: '"Site" <noreply@example.com>',
      status: "sent",
      text: "Open http://localhost:3000/handler/x?code=abc.",
      html: "<p>Verify your e-mail</p>",
    });
    expect(verify?.key).toMatch(/^auth:[0-9a-f-]{36}$/);
    expect(contact).toMatchObject({
      source: "site",
      projectId: null,
      kind: "contact_notification",
      to: "office@example.org",
      status: "pending",
      text: "Text of New contact message",
      html: null,
    });
    expect(contact?.key).toMatch(/^site:[0-9a-f-]{36}$/);
  });

  it("reaches the web app only when on", async () => {
    const seen = async (env: Record<string, string>) => {
      const app = createApp({
        config: loadConfig({ SECRETS_KEY: testSecretsKey, ...env }),
        database,
        logger: silentLogger,
        migrationSets,
        siteAuth,
        web: {
          handler: async (_request, context) =>
            Response.json(context.devOutbox ? (await context.devOutbox.read()).total : null),
        },
      });
      try {
        return await (await app.request("/dev/outbox")).json();
      } finally {
        await app.close();
      }
    };
    expect(await seen({})).toBeNull();
    expect(await seen({ NODE_ENV: "development" })).toBe(4);
    expect(await seen({ NODE_ENV: "development", DEV_OUTBOX: "off" })).toBeNull();
    expect(await seen({ DEV_OUTBOX: "on" })).toBe(4);
  });
});
