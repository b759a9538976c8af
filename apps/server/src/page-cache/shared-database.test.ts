/**
 * Two server instances on one database, as two processes behind a load balancer are: an edit
 * made through one is visible on the other as soon as the database's announcement reaches it,
 * although neither reads the database to serve a stored page. On PostgreSQL each instance has its
 * own connections (its own LISTEN), as a process has, and the announcement may arrive a moment
 * after the write's answer: the test waits for it (`announced()`) rather than race it. PGlite is
 * one process's database, so there they share it.
 */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { testSecretsKey } from "@heritage/auth-server/testing";
import { CONTENT_CHANGED_CHANNEL, createFaq } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { connectAgain, createTestDatabase, untilAnnounced } from "@heritage/db/testing";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config/config";
import type { WebRequestHandler } from "../routes/web";
import { migrationSets } from "../server";
import { ensureSiteAuth } from "../site-auth/site-auth";

const silentLogger = pino({ level: "silent" });

/** A web app stand-in: a public page listing the FAQ questions, read from the database. */
const faqPage: WebRequestHandler = async (_request, context) => {
  const { rows } = await context.db.execute<{ questions: string | null }>(
    sql`select string_agg(question, ' | ' order by question) as questions from content.faqs`,
  );
  const questions = rows[0]?.questions ?? "";
  const etag = `"${createHash("sha256").update(questions).digest("base64url").slice(0, 16)}"`;
  return new Response(
    `<html><body><p>${questions}</p><script nonce="${context.cspNonce}">start()</script></body></html>`,
    {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=0, must-revalidate",
        ETag: etag,
      },
    },
  );
};

interface Instance {
  url: string;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

async function startInstance(database: DatabaseConnection): Promise<Instance> {
  const siteAuth = await ensureSiteAuth(
    database.db,
    { SECRETS_KEY: testSecretsKey },
    { baseUrl: "http://localhost:3000", logger: silentLogger },
  );
  const app = createApp({
    config: loadConfig({ SECRETS_KEY: testSecretsKey }),
    database,
    logger: silentLogger,
    migrationSets,
    siteAuth,
    web: { handler: faqPage },
  });
  await app.pageCache?.idle();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

describe("two server instances sharing a database", () => {
  let first: DatabaseConnection;
  let second: DatabaseConnection;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await connectAgain(first, 2);
    a = await startInstance(first);
    b = await startInstance(second);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second !== first) await second?.close();
    await first?.close();
  });

  /** Until every change committed so far has reached both instances. */
  const announced = () => untilAnnounced([first, second], CONTENT_CHANGED_CHANNEL);

  /** One anonymous visit: the page's text and whether the cache answered. */
  const visit = async (instance: Instance) => {
    const response = await fetch(`${instance.url}/faq`);
    const text = await response.text();
    await instance.app.pageCache?.idle();
    return { text, cache: response.headers.get("x-page-cache") };
  };

  it("shows an edit made through one on the other's next request once announced", async () => {
    await createFaq(first.db, { question: "Opening hours?", answer: "Daily." });
    await announced();
    await visit(a);
    await visit(b);
    expect((await visit(a)).cache).toBe("hit");
    expect(await visit(b)).toMatchObject({
      cache: "hit",
      text: expect.stringContaining("Opening"),
    });

    // Written through the first instance's connection, as its content API writes.
    await createFaq(first.db, { question: "Guided tours?", answer: "On Saturdays." });
    await announced();
    const other = await visit(b);
    expect(other.text).toContain("Guided tours?");
    expect(other.cache).toBe("miss");
    expect((await visit(a)).text).toContain("Guided tours?");

    // And the other way round, a second time.
    await createFaq(second.db, { question: "Can I volunteer?", answer: "Yes." });
    await announced();
    expect((await visit(a)).text).toContain("Can I volunteer?");
    expect((await visit(b)).text).toContain("Can I volunteer?");
  });
});
