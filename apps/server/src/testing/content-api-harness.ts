/**
 * @module
 * Test harness of the content API and functions: the real auth platform (a site project with
 * an admin, and another project with its own user), the real admin guard, and the content API
 * mounted under `/functions` as the app does, on a fresh database. Test-only.
 */

import { createAccessTokenVerifier } from "@heritage/auth-server";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "@heritage/auth-server/testing";
import { type ContentChange, metadataWithSiteRole, type SiteRole } from "@heritage/content";
import type { Database } from "@heritage/db";
import { Hono } from "hono";
import { type AdminVerifier, createAdminVerifier } from "../content-api/admin-guard";
import type { ApiLogger } from "../content-api/api-response";
import { type ContentApiDeps, createContentApi } from "../content-api/content-api";
import { createSiteRoleReader } from "../site-auth/site-roles";

export type LoggedEntry = { level: "info" | "warn" | "error"; object: object; message?: string };

/** A logger that keeps what it is given, so tests can assert on logged failures. */
export function createRecordingLogger(): ApiLogger & { entries: LoggedEntry[] } {
  const entries: LoggedEntry[] = [];
  const record = (level: LoggedEntry["level"]) => (object: object, message?: string) => {
    entries.push({ level, object, ...(message === undefined ? {} : { message }) });
  };
  return { entries, info: record("info"), warn: record("warn"), error: record("error") };
}

export interface SiteTestContext {
  auth: TestAuthApi;
  db: Database;
  siteProjectId: string;
  /** A signed-in user of the site's project without a role: an admin (decision 032). */
  admin: TestUser;
  /** A signed-in user of another project. */
  outsider: TestUser;
  verifyAdmin: AdminVerifier;
  logger: ReturnType<typeof createRecordingLogger>;
  close(): Promise<void>;
}

export async function createSiteTestContext(): Promise<SiteTestContext> {
  const auth = await createTestAuthApi();
  const site = await auth.createProject({
    displayName: "Site admins",
    config: { auth: { allowSignUp: false } },
  });
  const other = await auth.createProject({ displayName: "Another project" });
  const admin = await auth.signUpUser(site.id);
  const outsider = await auth.signUpUser(other.id);
  const verifier = createAccessTokenVerifier(auth.db, { baseUrl: auth.baseUrl, clock: auth.clock });
  const verifyAdmin = createAdminVerifier({
    verifyAccessToken: (token, options) => verifier.verify(token, options),
    siteProjectId: site.id,
    // The app's reader, over this auth API's user cache.
    roleOf: createSiteRoleReader({ users: auth.api.users, siteProjectId: site.id }),
  });
  return {
    auth,
    db: auth.db,
    siteProjectId: site.id,
    admin,
    outsider,
    verifyAdmin,
    logger: createRecordingLogger(),
    close: () => auth.close(),
  };
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** JSON-encoded unless it is a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Mounts the content API like the app does and returns a caller for it. */
export function mountContentApi(context: SiteTestContext, overrides: Partial<ContentApiDeps> = {}) {
  const changes: ContentChange[] = [];
  const app = new Hono();
  app.route(
    "/functions",
    createContentApi({
      db: context.db,
      verifyAdmin: context.verifyAdmin,
      logger: context.logger,
      onContentChanged: (change) => changes.push(change),
      ...overrides,
    }),
  );
  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers = new Headers(options.headers);
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers.set("content-type", "application/json");
    }
    const response = await app.request(`/functions${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const json = (await response.json()) as { data: unknown; error: unknown };
    return { status: response.status, headers: response.headers, ...json } as {
      status: number;
      headers: Headers;
      // Tests read fields freely; the shape is asserted where it matters.
      // biome-ignore lint/suspicious/noExplicitAny: test convenience
      data: any;
      error: {
        code: string;
        message: string;
        details?: { fields?: { field: string; message: string }[] };
      } | null;
    };
  }
  return { app, call, changes };
}

/**
 * Gives a user of the site's project a role, as the users screen does: through the auth API with
 * the project's secret key, other metadata kept.
 */
export async function setSiteRole(
  context: SiteTestContext,
  userId: string,
  role: SiteRole | null,
): Promise<void> {
  const read = await context.auth.request(`/users/${userId}`, {
    accessType: "server",
    projectId: context.siteProjectId,
  });
  const user = (await read.json()) as { client_read_only_metadata: unknown };
  const metadata =
    role === null
      ? Object.fromEntries(
          Object.entries((user.client_read_only_metadata ?? {}) as Record<string, unknown>).filter(
            ([key]) => key !== "role",
          ),
        )
      : metadataWithSiteRole(user.client_read_only_metadata, role);
  const response = await context.auth.request(`/users/${userId}`, {
    accessType: "server",
    projectId: context.siteProjectId,
    method: "PATCH",
    body: { client_read_only_metadata: metadata },
  });
  if (response.status !== 200) throw new Error(`setting the role answered ${response.status}`);
}
