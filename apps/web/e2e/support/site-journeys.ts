/**
 * @module
 * What the site journeys of one Vitest worker share (issue 27, decision 027): one server with a
 * bootstrap admin and the default content, one browser, and the admin's signed-in session. Each
 * journey file joins at its start, which puts the site's content back as the server first had it
 * (rows and uploaded files), and leaves at its end, which closes every browser context the file
 * opened. Starting a server, a browser and signing in once per worker instead of once per file
 * saves each file several seconds of both cores.
 *
 * Journeys run one file at a time per worker and share their module graph (vitest.config.ts:
 * `isolate: false`), so this module's state lives as long as the worker. The worker is ended by a
 * signal when the run is over; its browser ends with it (Playwright's pipe closes), its PostgreSQL
 * copy is dropped by the run's teardown, and its data folder lies in the run's own temporary
 * folder (global-setup.ts).
 *
 * A journey that needs other settings (another admin, an SMTP server, a public URL) or a server in
 * a state the group cannot give (no admin yet) keeps its own server (test-server.ts).
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signIn } from "./admin-auth-journey";
import { admin } from "./admin-content-journey";
import { launchBrowser } from "./browser";
import { newContext, recordErrors } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

export interface SiteJourneys {
  server: TestServer;
  browser: Browser;
  /**
   * A browser context signed in as the bootstrap admin (`admin`), on /admin. The first call of the
   * worker signs in through /login; later calls reuse that session's cookies.
   */
  signedInAdmin(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** Closes every browser context this file opened. Call it in `afterAll`. */
  leave(): Promise<void>;
}

interface Shared {
  server: TestServer;
  browser: Browser;
  /** The content schema's rows as the server first had them, table by table. */
  contentRows: Map<string, { columns: string[]; rows: unknown[] }>;
  /** The uploaded files the server first had (none, usually). */
  mediaFiles: Set<string>;
  adminSession?: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

let shared: Promise<Shared> | undefined;

/** Joins the worker's site journeys: its server and browser, with the content reset. */
export async function joinSiteJourneys(): Promise<SiteJourneys> {
  shared ??= startShared();
  const group = await shared.catch((error: unknown) => {
    // A failed start fails this file; the next file of the worker tries again.
    shared = undefined;
    throw error;
  });
  await resetContent(group);
  return {
    server: group.server,
    browser: group.browser,
    signedInAdmin: () => signedInAdmin(group),
    async leave() {
      await Promise.all(group.browser.contexts().map((context) => context.close()));
    },
  };
}

async function startShared(): Promise<Shared> {
  const [server, browser] = await Promise.all([
    startTestServer(
      {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // A schedule runs where it was made, at its time, or at a process's start; no poll
        // between (the FAQ journey's schedule must be run by the process started after it).
        SCHEDULED_PUBLISHING_POLL_SECONDS: "300",
      },
      { dataParent: process.env.HERITAGE_E2E_RUN_DIR },
    ),
    launchBrowser(),
  ]);
  const contentRows: Shared["contentRows"] = new Map();
  for (const [table, columns] of await writableContentColumns(server)) {
    const result = await server.running.database.db.execute<{ rows: unknown[] }>(
      sql`select coalesce(json_agg(t), '[]'::json) as rows from content.${sql.identifier(table)} t`,
    );
    contentRows.set(table, { columns, rows: result.rows[0]?.rows ?? [] });
  }
  return { server, browser, contentRows, mediaFiles: new Set(listMedia(server)) };
}

/** Each table of the content schema with its columns that can be written (not generated ones). */
async function writableContentColumns(server: TestServer): Promise<Map<string, string[]>> {
  const result = await server.running.database.db.execute<{
    table_name: string;
    column_name: string;
  }>(
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t using (table_schema, table_name)
         where c.table_schema = 'content' and t.table_type = 'BASE TABLE'
           and c.is_generated = 'NEVER' and coalesce(c.identity_generation, '') <> 'ALWAYS'
         order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of result.rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  return tables;
}

function mediaFolder(server: TestServer): string {
  return join(server.dataDir, "media");
}

function listMedia(server: TestServer): string[] {
  try {
    return readdirSync(mediaFolder(server), { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
}

/**
 * Puts every content table back as the server first had it, in one transaction (the content
 * schema has no foreign keys, so the order does not matter), removes uploads made since, and waits
 * until the server heard of the change (its page cache is emptied).
 */
async function resetContent(group: Shared): Promise<void> {
  const { server } = group;
  await server.running.database.db.transaction(async (tx) => {
    for (const [table, { columns, rows }] of group.contentRows) {
      const name = sql`content.${sql.identifier(table)}`;
      await tx.execute(sql`delete from ${name}`);
      if (rows.length === 0) continue;
      const list = sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`,
      );
    }
  });
  for (const file of listMedia(server)) {
    if (!group.mediaFiles.has(file)) {
      rmSync(join(mediaFolder(server), file), { recursive: true, force: true });
    }
  }
  await server.contentChangesHeard();
}

async function signedInAdmin(
  group: Shared,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { server, browser } = group;
  const context = await newContext(
    browser,
    group.adminSession ? { storageState: group.adminSession } : {},
  );
  const page = await context.newPage();
  const errors = recordErrors(page);
  if (group.adminSession) {
    await page.goto(`${server.url}/admin`);
    const signOut = page.getByRole("button", { name: "Sign Out" });
    await signOut.or(page.getByLabel("Email")).first().waitFor();
    if (await signOut.isVisible()) return { context, page, errors };
    // The session ended (a journey signed out): sign in again.
  }
  await signIn(page, server, admin);
  group.adminSession = await context.storageState();
  return { context, page, errors };
}
