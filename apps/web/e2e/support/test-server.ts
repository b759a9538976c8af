/**
 * @module
 * Runs the real server (production web build, real database) on a loopback port for one
 * browser-journey file. The database is a fresh copy of the migrated test template.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTENT_CHANGED_CHANNEL } from "@heritage/content";
import {
  connectAgain,
  createTestDatabase,
  describeServerActivity,
  untilAnnounced,
} from "@heritage/db/testing";
import { loadWebBuild, type RunningServer, startServer } from "@heritage/server/testing";

export interface TestServer {
  url: string;
  running: RunningServer;
  /** The server's DATA_DIR (uploaded media live in its `media` folder). */
  dataDir: string;
  /**
   * Until the server has heard of every content change written so far. A journey that writes
   * straight into the database (not through the server) waits for this before it expects pages
   * to show the change: the server learns of such writes by the database's announcement, as it
   * would of another process's.
   */
  contentChangesHeard(): Promise<void>;
  /**
   * Starts another server process on the same database and data folder, as a second process
   * of the site runs (its own connections on PostgreSQL; the one embedded database shared, left
   * open when it stops). Close it before this one.
   */
  startAnother(): Promise<TestServer>;
  close(): Promise<void>;
}

type WebRequestHandler = Awaited<ReturnType<typeof loadWebBuild>>["handler"];

export interface TestServerOptions {
  /** Wraps the web app's handler (a journey that plays a flaw of the app, e.g. unsanitised HTML). */
  wrapWebHandler?: (handler: WebRequestHandler) => WebRequestHandler;
  /**
   * Where the server's data folder is made (default: the system's temporary folder). A server
   * that is never closed (site-journeys.ts) puts it in the run's folder, which the run removes.
   */
  dataParent?: string | undefined;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(options.dataParent ?? tmpdir(), "heritage-e2e-"));
  let step = "creating its database";
  // A start takes a second or two. One still going after a minute is stuck: say where, and on
  // PostgreSQL what the server is doing, long before the hook's timeout ends the file silently.
  const watchdog = setTimeout(() => void reportSlowStart(() => step), slowStartMs);
  watchdog.unref();
  try {
    const database = await createTestDatabase();
    step = "starting the server (migrations, seed, keys, web app)";
    return await startOn(database, dataDir, env, options, true);
  } finally {
    clearTimeout(watchdog);
  }
}

const slowStartMs = 60_000;

async function reportSlowStart(step: () => string): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const activity = databaseUrl
    ? await describeServerActivity(databaseUrl).catch((error: unknown) => String(error))
    : "(PGlite: nothing to ask)";
  process.stderr.write(
    `The test server has been starting for ${slowStartMs / 1000} s, still ${step()}.\nWhat the PostgreSQL server is doing:\n${activity}\n`,
  );
}

async function startOn(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  dataDir: string,
  env: Record<string, string>,
  options: TestServerOptions,
  ownsDataDir: boolean,
): Promise<TestServer> {
  const running = await startServer({
    env: { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    database,
    // HERITAGE_WEB_BUILD_DIR points journeys at another build of the web app (default: apps/web/build).
    loadWeb: async () => {
      const web = await loadWebBuild(process.env.HERITAGE_WEB_BUILD_DIR || undefined);
      return options.wrapWebHandler
        ? { ...web, handler: options.wrapWebHandler(web.handler) }
        : web;
    },
  });
  return {
    url: running.url,
    running,
    dataDir,
    contentChangesHeard: () => untilAnnounced([running.database], CONTENT_CHANGED_CHANNEL),
    async startAnother() {
      const again = await connectAgain(database);
      // The embedded database is one connection: the other process must not close it.
      const shared = again === database ? { ...database, close: async () => {} } : again;
      return startOn(shared, dataDir, env, options, false);
    },
    async close() {
      await running.stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
