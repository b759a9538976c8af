/**
 * @module
 * The whole HTTP surface of the process, as one Hono app. This file is the table of contents:
 * every part is mounted here. It never listens (main.ts does), so tests call `app.request()`.
 */
import { isKnownError } from "@heritage/auth-protocol";
import {
  authApiMountPaths,
  createAuthApi,
  createEmailHealthRoutes,
  createUnknownApiRoutes,
  findUserLabel,
  mountAuthApi,
  readEmailQueueState,
} from "@heritage/auth-server";
import { CONTENT_CHANGED_CHANNEL } from "@heritage/content";
import { type DatabaseConnection, type MigrationSet, redactQueryParameters } from "@heritage/db";
import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { Logger } from "pino";
import { API_DESCRIPTION_PATHS, createApiDescription } from "./api-description/api-description";
import type { Config } from "./config/config";
import { createAdminVerifier } from "./content-api/admin-guard";
import {
  createClientAddressReader,
  createContactProtectionFromConfig,
} from "./content-api/contact-protection";
import { createContentApi } from "./content-api/content-api";
import { contentApiTableOf } from "./content-api/content-tables";
import { createScheduledPublisher } from "./content-api/scheduled-publisher";
import { createDevOutbox, isDevOutboxEnabled } from "./dev-outbox/dev-outbox";
import { createFunctionsApi } from "./functions/functions-api";
import { createMailerFromConfig } from "./functions/mailer";
import { createContactNotifier } from "./functions/send-contact-email";
import { createMediaRoutes } from "./media/media-routes";
import { createMediaStorageFromConfig } from "./media/media-storage-from-config";
import { createMediaSweeper } from "./media/media-sweep";
import { createProfileImageStore } from "./media/profile-images";
import { createShareImageRoutes, createShareImages } from "./media/share-images";
import { createWithheldMedia } from "./media/withheld-media";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { metricsMode } from "./metrics/metrics-config";
import { METRICS_PATH, metricsHandler } from "./metrics/metrics-endpoint";
import type { AppEnv } from "./middleware/app-env";
import { authApiBodyLimit } from "./middleware/body-limits";
import { compressText } from "./middleware/compression";
import { requestId } from "./middleware/request-id";
import { requestLog } from "./middleware/request-log";
import {
  contentSecurityPolicyForScriptHashes,
  securityHeaders,
} from "./middleware/security-headers";
import { createPageCache, type PageCache } from "./page-cache/page-cache";
import { createHealthRoutes } from "./routes/health";
import { MemoizedRouter } from "./routes/memoized-router";
import { createWebRoutes, type WebRequestHandler } from "./routes/web";
import { createCookieAdminCheck } from "./site-auth/admin-cookie";
import { adminSignInAudit } from "./site-auth/admin-sign-in-audit";
import { createInProcessAuthApiFetch } from "./site-auth/in-process-auth-api";
import { type SiteAuth, withSiteSessions } from "./site-auth/site-auth";
import { createSiteRoleReader } from "./site-auth/site-roles";

export { AUTH_API_BODY_LIMIT_BYTES } from "./middleware/body-limits";

/** Memory for rendered public pages unless PAGE_CACHE_MB says otherwise (a page is ~20-60 KiB). */
const DEFAULT_PAGE_CACHE_MB = 32;
/** The content API's tables that public pages show (the ones whose writes the database announces). */
const PAGE_CONTENT_TABLES = new Set([
  "projects",
  "categories",
  "faqs",
  "languages",
  "site_content",
  "media",
]);

const EMPTY_PAGE_CACHE_STATS = { entries: 0, bytes: 0, hits: 0, misses: 0 };

export interface AppDeps {
  config: Config;
  database: DatabaseConnection;
  logger: Logger;
  migrationSets: MigrationSet[];
  siteAuth: SiteAuth;
  web?: { handler: WebRequestHandler; staticRoot?: string };
}

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  // The trie router, the one of Hono's that takes this table, its answers remembered by method
  // and path (memoized-router.ts).
  const app = new Hono<AppEnv>({ router: new MemoizedRouter(new TrieRouter()) });

  // Prometheus metrics (issue 20, item 4), only when METRICS_TOKEN or METRICS_PORT asks for them.
  // Their middleware goes first, so that a request's time includes every other middleware.
  const mode = metricsMode(config);
  const pageCacheMegabytes =
    config.PAGE_CACHE_MB ?? (config.NODE_ENV === "development" ? 0 : DEFAULT_PAGE_CACHE_MB);
  let metrics: Metrics | undefined;
  let pageCache: PageCache | undefined;
  if (mode !== "off") {
    const poolStats = database.poolStats?.bind(database);
    metrics = createMetrics({
      engine: database.engine,
      ...(deps.web && pageCacheMegabytes > 0
        ? { pageCacheStats: () => pageCache?.stats() ?? EMPTY_PAGE_CACHE_STATS }
        : {}),
      ...(poolStats ? { poolStats } : {}),
      emailQueueState: () => readEmailQueueState(database.db),
      onReadError: (what, error) =>
        logger.warn({ err: error }, `metrics: could not read the ${what}`),
    });
    app.use(metrics.middleware);
  }

  app.use(requestId);
  app.use(requestLog(logger));
  // Text answers (HTML, CSS, JS, JSON) are compressed; images and fonts already are.
  app.use(compressText());
  app.use(
    securityHeaders({
      isDevelopment: config.NODE_ENV === "development",
      trustProxy: config.TRUST_PROXY,
    }),
  );

  app.route("/", createHealthRoutes(database, deps.migrationSets));
  // The e-mail monitor's call, where the reference has it (outside /api/v1).
  app.route(
    "/health",
    createEmailHealthRoutes({
      secret: config.STACK_EMAIL_MONITOR_SECRET_TOKEN,
      smtpUrl: config.SMTP_URL,
      logger,
      isDevelopment: config.NODE_ENV !== "production",
    }),
  );
  if (metrics && mode === "public-port-with-token" && config.METRICS_TOKEN !== undefined) {
    app.get(METRICS_PATH, metricsHandler(metrics, config.METRICS_TOKEN));
  }

  // The auth platform, under both prefixes the Stack Auth clients use. Its largest legitimate
  // bodies are a data vault value (10 MiB) and pictures sent as data URLs (5 MiB on those
  // routes); 1 MiB on the others.
  app.use("/api/*", authApiBodyLimit());
  const mediaStorage = createMediaStorageFromConfig(config);
  const authApi = createAuthApi({
    db: database.db,
    // Projects and keys stay in memory until the database announces a change (issue 15).
    notifications: database,
    config,
    baseUrl: config.PUBLIC_URL,
    logger,
    isDevelopment: config.NODE_ENV !== "production",
    trustProxy: config.TRUST_PROXY,
    smtpUrl: config.SMTP_URL,
    emailFrom: config.EMAIL_FROM,
    // Webhook deliveries a previous process left pending (or whose retry fell due while it was
    // down) are picked up by this poll.
    webhookPollIntervalMs: 30_000,
    // Pictures sent as data URLs become files beside the site's media (issue 28, item 3).
    profileImages: createProfileImageStore({
      storage: mediaStorage,
      publicUrl: config.PUBLIC_URL,
      logger,
    }),
    // The site's admins signing in (and failing to) go into its audit log (issue 29).
    events: adminSignInAudit(database.db, deps.siteAuth.projectId),
  });
  // The OpenAPI description of both APIs (issue 20, item 3), ahead of the auth API's own routes.
  const apiDescription = createApiDescription({
    publicUrl: config.PUBLIC_URL,
    routes: () => app.routes,
  });
  for (const path of API_DESCRIPTION_PATHS) app.get(path, ...apiDescription.handlers);
  // Every API version Stack Auth names (/api/v1, its betas, /api/latest) serves the same routes;
  // an error one of them throws is answered in the API's shape (onError below).
  const answerAuthApiError = mountAuthApi(app, authApi, authApiMountPaths);
  // Any other `/api/*` path gets the API's JSON 404 (and CORS), never the site's HTML page.
  app.route("/api", createUnknownApiRoutes());

  // Rendered public pages, kept until content changes (decisions 007 and 011).
  if (deps.web && pageCacheMegabytes > 0) {
    pageCache = createPageCache({
      // The database's triggers announce every content write to every process (decision 011).
      watchContentChanges: (onChange, { onInterrupted, onResumed }) =>
        database.listen(CONTENT_CHANGED_CHANNEL, onChange, {
          onInterrupted(error) {
            logger.warn(
              { err: error },
              "page cache paused: the database connection that hears content changes was lost; reconnecting",
            );
            onInterrupted();
          },
          onResumed() {
            logger.info("page cache resumed: hearing content changes again");
            onResumed();
          },
        }),
      policyForScriptHashes: contentSecurityPolicyForScriptHashes,
      maxBytes: pageCacheMegabytes * 1024 * 1024,
      onWatchError: (error) =>
        logger.error({ err: error }, "page cache off: cannot listen for content changes"),
    });
  }

  // The site's content API and functions (site spec, section 7). Writes need an admin of the
  // site's auth project, verified in process with the platform's keys; what they may write
  // depends on their role, read per request from the auth API's user cache (decision 032).
  const tokenVerifier = authApi.accessTokens;
  const siteRoleOf = createSiteRoleReader({
    users: authApi.users,
    siteProjectId: deps.siteAuth.projectId,
  });
  const verifyAdmin = createAdminVerifier({
    siteProjectId: deps.siteAuth.projectId,
    roleOf: siteRoleOf,
    verifyAccessToken: async (token, options) => {
      const result = await tokenVerifier.verify(token, options);
      return isKnownError(result)
        ? { code: result.code, message: result.message }
        : { userId: result.userId };
    },
  });
  // Uploads no live content uses (a trashed project's photos) answer 404 to visitors at once, in
  // every process (issue 33, item 8): a set per process, read again on content announcements.
  const withheldMedia = createWithheldMedia({
    db: database.db,
    notifications: database,
    logger,
  });
  // Uploads that nothing else uses go as soon as their item leaves the trash, and orphans after a
  // grace period (issue 19, defect 9).
  const mediaSweeper = createMediaSweeper({
    db: database.db,
    storage: mediaStorage,
    logger,
    graceMs: config.MEDIA_ORPHAN_GRACE_HOURS * 60 * 60 * 1000,
    // Editors' history past its time goes first, so that images only it kept can go too.
    retention: {
      revisionDays: config.REVISION_RETENTION_DAYS,
      revisionsPerItem: config.REVISIONS_PER_ITEM,
      trashDays: config.TRASH_RETENTION_DAYS,
      auditDays: config.AUDIT_LOG_RETENTION_DAYS,
    },
  });
  // Publishing at a given time (issue 34, item 3): what fell due while no process was up runs
  // now, the rest at its time; every process's page cache turns over as for a save.
  const scheduledPublisher = createScheduledPublisher({
    db: database.db,
    logger,
    tableOf: contentApiTableOf,
    pollMs: config.SCHEDULED_PUBLISHING_POLL_SECONDS * 1000,
    onPublished: () => {
      pageCache?.contentChanged();
      withheldMedia.contentChanged();
    },
  });
  const contactProtection = createContactProtectionFromConfig(config, database.db);
  const clientAddress = createClientAddressReader({ trustProxy: config.TRUST_PROXY });
  const mailer = createMailerFromConfig(config);
  app.route(
    "/functions",
    createContentApi({
      db: database.db,
      verifyAdmin,
      logger,
      contactProtection,
      clientAddress,
      // This process's own writes to what pages show empty its page cache before the write is
      // answered; the database's announcement reaches the other processes (and this one again).
      // A visitor's contact message is no page's content: it must not empty the cache.
      onContentChanged: (change) => {
        if (!PAGE_CONTENT_TABLES.has(change.table)) return;
        pageCache?.contentChanged();
        withheldMedia.contentChanged();
      },
      // Revisions and the audit log name the admin as others know them.
      describeAdmin: (userId) => findUserLabel(database.db, deps.siteAuth.projectId, userId),
      removePurgedMedia: () => mediaSweeper.removeDue(),
      scheduledAt: (runAt) => scheduledPublisher.scheduledAt(runAt),
    }),
  );
  app.route(
    "/functions",
    createFunctionsApi({
      db: database.db,
      logger,
      verifyAdmin,
      mailer,
      emailFrom: config.EMAIL_FROM,
      notificationAddress: config.CONTACT_NOTIFICATION_EMAIL,
      mediaStorage,
      contactProtection,
      clientAddress,
    }),
  );
  app.route(
    "/media",
    createMediaRoutes({
      storage: mediaStorage,
      visibility: withheldMedia,
      // A signed-in admin still sees a withheld upload (their browser sends the session cookie).
      isAdmin: createCookieAdminCheck({
        siteProjectId: deps.siteAuth.projectId,
        accessTokens: tokenVerifier,
      }),
    }),
  );
  // Pages' share images (og:image): uploads as 1200 x 630 JPEGs, made once (issue 19, defect 5).
  app.route(
    "/share-image",
    createShareImageRoutes({
      shareImages: createShareImages({ db: database.db, storage: mediaStorage }),
      visibility: withheldMedia,
    }),
  );

  if (deps.web) {
    const devOutbox = isDevOutboxEnabled(config) ? createDevOutbox(database.db) : null;
    if (devOutbox && config.NODE_ENV === "production") {
      logger.warn("DEV_OUTBOX is on: /dev/outbox shows every mail kept, sign-in links included");
    }
    app.route(
      "/",
      createWebRoutes({
        handler: deps.web.handler,
        db: database.db,
        publicUrl: config.PUBLIC_URL,
        siteAuth: withSiteSessions(deps.siteAuth, authApi.accessTokens, siteRoleOf),
        // The web app's server code calls the auth API in process, never at the request's Host.
        authApiFetch: createInProcessAuthApiFetch({
          publicUrl: config.PUBLIC_URL,
          dispatch: (request) => app.fetch(request),
        }),
        // The contact form notifies in process, as send-contact-email does for outside callers.
        notifyContact: createContactNotifier({
          db: database.db,
          logger,
          mailer,
          emailFrom: config.EMAIL_FROM,
          notificationAddress: config.CONTACT_NOTIFICATION_EMAIL,
        }),
        contactProtection,
        clientAddress,
        devOutbox,
        mediaInPublicBucket: Boolean(config.S3_BUCKET && config.S3_PUBLIC_URL),
        ...(deps.web.staticRoot ? { staticRoot: deps.web.staticRoot } : {}),
        ...(pageCache ? { pageCache } : {}),
      }),
    );
  }

  app.notFound((c) => c.text("Not found", 404));
  app.onError((error, c) => {
    const authApiAnswer = answerAuthApiError(error, c);
    if (authApiAnswer) return authApiAnswer;
    // The cause goes to the log only; the client gets an id to quote.
    // A failed query's parameters are what a visitor sent: they stay out of the log.
    logger.error(
      { requestId: c.get("requestId"), err: redactQueryParameters(error) },
      "unhandled error",
    );
    return c.text(`Something went wrong. Request ID: ${c.get("requestId")}`, 500);
  });

  // Background work (the auth platform's webhook deliveries, the media sweep) stops before the
  // database closes.
  // The page cache and the withheld uploads stop listening for content changes before then too.
  return Object.assign(app, {
    close: async () => {
      await Promise.all([
        authApi.close(),
        pageCache?.close(),
        mediaSweeper.close(),
        scheduledPublisher.close(),
        withheldMedia.close(),
      ]);
    },
    pageCache,
    /** Publishing at a given time (issue 34, item 3): `runDue()` runs what is due now. */
    scheduledPublisher,
    /** Which uploads visitors may not get now (issue 33, item 8); `ready()` once read. */
    withheldMedia,
    /** Present when metrics are on: server.ts serves them on METRICS_PORT and counts stored pages. */
    metrics,
    /** The Svix-compatible API (decision 025): server.ts serves it on SVIX_API_PORT when set. */
    svixApi: authApi.svixApi,
    /** The process's one access-token verifier, the auth API's (site sessions, admin guard). */
    accessTokens: authApi.accessTokens,
    /** The role of a user of the site's project as it is now (site sessions, admin guard). */
    siteRoleOf,
  });
}
