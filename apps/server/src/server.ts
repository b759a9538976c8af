/**
 * @module
 * Starts the process: configuration -> database -> migrations -> HTTP server -> graceful stop.
 * Shared by production (main.ts) and development (dev.ts), which differ only in how the web app
 * is served.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import { initAuthPlatform, UnreadableSecretError } from "@heritage/auth-server";
import { migrationSet as authMigrations } from "@heritage/auth-server/migrations";
import { adoptReadableProjectAddresses, seedDefaultContent } from "@heritage/content";
import { migrationSet as contentMigrations } from "@heritage/content/migrations";
import { connect, type DatabaseConnection, migrate } from "@heritage/db";
import { getRequestListener } from "@hono/node-server";
import type { DestinationStream, Logger } from "pino";
import { createApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config/config";
import { warnOfPlaceholdersLeft } from "./config/go-live-check";
import { resolveSecretsKey } from "./config/secrets-key";
import { createLogger } from "./logging/logger";
import { startMetricsServer } from "./metrics/metrics-endpoint";
import { closeConnectionOnUnreadBody } from "./middleware/close-on-unread-body";
import { serveStoredPagesFirst } from "./page-cache/stored-page-listener";
import type { WebRequestHandler } from "./routes/web";
import { ensureSiteAuth, type SiteAuth } from "./site-auth/site-auth";
import { startSvixApiServer } from "./svix-api/svix-api-server";

export const migrationSets = [contentMigrations, authMigrations];

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Provides the web app once configuration and database are ready. */
  loadWeb?: (config: Config) => Promise<{ handler: WebRequestHandler; staticRoot?: string }>;
  /** Wraps the app's Node listener, e.g. to put Vite's dev middleware in front of it. */
  wrapListener?: (listener: NodeListener) => NodeListener;
  /** An already-open database (tests pass a prepared copy); by default one is opened from config. */
  database?: DatabaseConnection;
  /** Where the log's lines go; standard output by default (tests read them). */
  logDestination?: DestinationStream;
}

export interface RunningServer {
  server: Server;
  config: Config;
  database: DatabaseConnection;
  logger: Logger;
  url: string;
  /** The site's project on the auth platform (its id and keys). */
  siteAuth: SiteAuth;
  stop(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL, options.logDestination);

  const database =
    options.database ??
    (await connect({
      databaseUrl: config.DATABASE_URL,
      dataDir: resolve(config.DATA_DIR, "db"),
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  // Listen first, so that with PORT=0 the real port is known before anything derives URLs from
  // it; requests that arrive while the app is being built get a 503.
  let handle: NodeListener = (_request, response) => {
    response.writeHead(503, { "content-type": "text/plain", "retry-after": "1" });
    response.end("Starting up");
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolveListening, rejectListening) => {
    server.once("error", rejectListening);
    server.listen(config.PORT, config.HOST, () => resolveListening());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  if (!(options.env ?? process.env).PUBLIC_URL) config.PUBLIC_URL = url;

  const { applied } = await migrate(database.db, migrationSets);
  if (applied.length > 0) logger.info({ applied }, "migrations applied");
  const seeded = await seedDefaultContent(database.db);
  if (seeded.seeded) logger.info("seeded the default content (first start)");
  const readable = await adoptReadableProjectAddresses(database.db);
  if (readable.length > 0) {
    logger.info(
      { projects: readable },
      "gave projects published at their id a readable address; the old one redirects",
    );
  }
  config.SECRETS_KEY = await resolveSecretsKey(config, logger);
  await initAuthPlatform(database.db, config, logger);
  const siteAuth = await ensureSiteAuth(database.db, config, {
    baseUrl: config.PUBLIC_URL,
    logger,
  });

  const web = options.loadWeb ? await options.loadWeb(config) : undefined;
  const app = createApp({
    config,
    database,
    logger,
    migrationSets,
    siteAuth,
    ...(web ? { web } : {}),
  });
  const appListener = getRequestListener(app.fetch) as NodeListener;
  // Stored pages go out before the request becomes a Fetch Request and meets Hono (issue 16).
  const listener = app.pageCache
    ? serveStoredPagesFirst(appListener, {
        pageCache: app.pageCache,
        logger,
        trustProxy: config.TRUST_PROXY,
        ...(app.metrics ? { onAnswered: app.metrics.recordStoredPage } : {}),
      })
    : appListener;
  handle = closeConnectionOnUnreadBody(
    options.wrapListener ? options.wrapListener(listener) : listener,
  );
  logger.info({ url, engine: database.engine }, "listening");
  // The default copy's placeholders left in the content: one warning, naming them (issue 33).
  await warnOfPlaceholdersLeft(database.db, logger, config.PUBLIC_URL);
  // Metrics on a port of their own, on the same interface, never on the public port.
  const metricsServer =
    app.metrics && config.METRICS_PORT !== undefined
      ? await startMetricsServer(app.metrics, {
          host: config.HOST,
          port: config.METRICS_PORT,
          token: config.METRICS_TOKEN,
        })
      : undefined;
  if (metricsServer) logger.info({ port: metricsServer.port }, "metrics listening");
  // The Svix-compatible API on a port of its own, on the same interface (decision 025).
  const svixApiServer =
    config.SVIX_API_PORT !== undefined
      ? await startSvixApiServer(app.svixApi, { host: config.HOST, port: config.SVIX_API_PORT })
      : undefined;
  if (svixApiServer) logger.info({ port: svixApiServer.port }, "Svix API listening");

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      logger.info("stopping: no new connections, finishing requests in flight");
      const closed = new Promise<void>((resolveClosed) => server.close(() => resolveClosed()));
      server.closeIdleConnections();
      const forceTimer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(forceTimer);
      await svixApiServer?.close(config.SHUTDOWN_TIMEOUT_MS);
      await metricsServer?.close();
      await app.close();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  }

  return { server, config, database, logger, url, siteAuth, stop };
}

/**
 * Runs until SIGTERM or SIGINT, then stops gracefully and exits 0. Bad configuration, or stored
 * secrets this process has no key for, exit 1 with one line on stderr.
 */
export async function runServer(options: StartOptions = {}): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer(options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof UnreadableSecretError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const shutDown = () => {
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutDown);
  process.once("SIGINT", shutDown);
}
