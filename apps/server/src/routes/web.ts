/**
 * @module
 * Serves the React Router app: its built static assets, then server rendering for every other
 * path. The request handler is injected: the production build in `main.ts`, Vite's dev server in
 * `dev.ts`.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { Database } from "@heritage/db";
import type { WebLoadContext } from "@heritage/web/load-context";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import type { ContactProtection } from "../content-api/contact-protection";
import type { DevOutbox } from "../dev-outbox/dev-outbox";
import type { ContactNotifier } from "../functions/send-contact-email";
import type { AppEnv } from "../middleware/app-env";
import { webFormBodyLimit } from "../middleware/body-limits";
import type { PageCache } from "../page-cache/page-cache";
import type { AuthApiFetch } from "../site-auth/in-process-auth-api";
import type { SiteAuthWithSessions } from "../site-auth/site-auth";

/** The web app's request handler, given the contract its loaders read (`WebLoadContext`). */
export type WebRequestHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

export interface WebRoutesOptions {
  handler: WebRequestHandler;
  db: Database;
  publicUrl: string;
  siteAuth: SiteAuthWithSessions;
  authApiFetch: AuthApiFetch;
  notifyContact: ContactNotifier;
  /** Rate limit of contact messages; absent: no limit (tests of other behaviour). */
  contactProtection?: ContactProtection;
  /** The client's address (honours TRUST_PROXY), the key of the contact rate limit. */
  clientAddress?: (c: Context) => string;
  /** Reader of the development outbox; absent or null: /dev/outbox answers 404. */
  devOutbox?: DevOutbox | null;
  /** Folder of the client build (`apps/web/build/client`); absent in development. */
  staticRoot?: string;
  /** The cache of rendered public pages; absent: every page is rendered. */
  pageCache?: PageCache;
  /** Uploads are served straight from a public bucket (the admin's delete dialog says so). */
  mediaInPublicBucket?: boolean;
}

const ONE_YEAR_IN_SECONDS = 31_536_000;
/** The content API's route for public contact inserts: the form counts in the same bucket. */
const CONTACT_LIMIT_ENDPOINT = "/api-contact_submissions";
const ONE_HOUR_IN_SECONDS = 3600;

/** The URL paths of every file under `root` except the fingerprinted assets (served above). */
function listFiles(root: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = `/${relative(root, join(entry.parentPath, entry.name)).split("\\").join("/")}`;
    if (!path.startsWith("/assets/")) paths.add(path);
  }
  return paths;
}

/** A request path as file names spell it (`%20` is a space); undecodable: as sent. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function createWebRoutes(options: WebRoutesOptions) {
  const app = new Hono<AppEnv>();
  if (options.staticRoot) {
    const root = relative(process.cwd(), options.staticRoot) || ".";
    // Fingerprinted build output never changes under the same name.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", `public, max-age=${ONE_YEAR_IN_SECONDS}, immutable`);
        },
      }),
    );
    // The build's other files (favicon, images) are known at start and never change while the
    // process runs: only their paths go to the file system, not every page view (a stat each).
    const staticFiles = listFiles(options.staticRoot);
    const serveFile = serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", `public, max-age=${ONE_HOUR_IN_SECONDS}`);
      },
    });
    app.use("*", (c, next) =>
      staticFiles.has(decodePath(c.req.path)) ? serveFile(c, next) : next(),
    );
  }
  // Pages' form actions read the whole body (request.formData()): bounded like every other route.
  // A GET or HEAD has no body to bound, and asking for one would build the whole Fetch request
  // (a fifth of a stored page's cost).
  const formBodyLimit = webFormBodyLimit();
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : formBodyLimit(c, next),
  );
  app.all("*", (c) => {
    const render = () => options.handler(c.req.raw, loadContext(c));
    return options.pageCache
      ? options.pageCache.serve(c.req.raw, c.get("cspNonce"), render)
      : render();
  });
  return app;

  function loadContext(c: Context<AppEnv>): WebLoadContext {
    return {
      db: options.db,
      cspNonce: c.get("cspNonce"),
      requestId: c.get("requestId"),
      publicUrl: options.publicUrl,
      siteAuth: options.siteAuth,
      authApiFetch: options.authApiFetch,
      notifyContact: options.notifyContact,
      limitContactSubmission: async () => {
        if (!options.contactProtection) return { allowed: true };
        // Honeypot and fill time are the form's own checks; an empty body leaves only the count.
        const verdict = await options.contactProtection.check({
          address: options.clientAddress?.(c) ?? "unknown",
          endpoint: CONTACT_LIMIT_ENDPOINT,
          body: {},
        });
        return verdict.kind === "rate_limited"
          ? { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds }
          : { allowed: true };
      },
      devOutbox: options.devOutbox ?? null,
      mediaInPublicBucket: options.mediaInPublicBucket === true,
    };
  }
}
