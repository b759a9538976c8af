/**
 * The test harness of the auth platform: a fresh migrated database, the platform initialised, the API
 * mounted at `/api/v1` and `/api/latest` like apps/server does, a controllable clock, cheap argon2
 * parameters, and helpers to create projects, sign users up and send protocol requests.
 * Used by this package's tests and by other modules' tests (`@heritage/auth-server/testing`).
 * @module
 */
import { randomUUID } from "node:crypto";
import type { AccessType, ProtocolHeaderSuffix } from "@heritage/auth-protocol";
import type { Database, DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { type AuthApi, createAuthApi } from "../app";
import { type AuthConfig, parseAuthConfig } from "../config";
import { type EmailOutboxRow, emailOutbox } from "../db/schema";
import { authApiMountPaths } from "../http/api-versions";
import { mountAuthApi } from "../http/mounting";
import { createSigningKeyStore } from "../keys/signing-keys";
import { createOutgoingPolicy, type OutgoingPolicy } from "../outgoing/outgoing-policy";
import { initAuthPlatform } from "../services/admin/platform-init";
import type { AuthDeps } from "../services/auth-deps";
import { holdEmailQueueWorker } from "../services/email/email-queue";
import { createEmailSender } from "../services/email-delivery/emails";
import type { RenderPoolOptions } from "../services/email-sandbox/render-pool";
import type { ProfileImageStore } from "../services/images/profile-image-store";
import type { OAuthSettings } from "../services/oauth/provider-client";
import {
  type Argon2Parameters,
  createPasswordHasher,
} from "../services/password-hashing/passwords";
import type { ProjectConfigOverride } from "../services/projects/project-config";
import { ensureProject, findProject, type LoadedProject } from "../services/projects/projects";
import { type SecretBox, secretBoxFromSettings } from "../services/secrets/secret-box";
import { defaultIdGenerators } from "../services/secrets/secrets";
import type { AuthEvents } from "../services/shared/auth-events";
import { type AuthLogger, silentLogger } from "../services/shared/auth-logger";

/** Journeys that run the whole site make its projects as the server does at start. */
export { ensureProject };

/** Far below production cost: hashing takes well under a millisecond. */
export const testArgon2Parameters: Argon2Parameters = {
  memoryCost: 64,
  timeCost: 1,
  parallelism: 1,
};

export const testInternalKeys = {
  publishableClientKey: "this-publishable-client-key-is-for-local-development-only",
  secretServerKey: "this-secret-server-key-is-for-local-development-only",
  superSecretAdminKey: "this-super-secret-admin-key-is-for-local-development-only",
} as const;

/** The fixed `SECRETS_KEY` of tests (no key file is written); never use it outside tests. */
export const testSecretsKey = "this-secrets-key-is-for-tests-only-0123456789";

export interface FullProjectKeys {
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

/** A clock tests move by hand. */
export interface TestClock {
  (): Date;
  advance(milliseconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  const clock = (() => new Date(current)) as TestClock;
  clock.advance = (milliseconds) => {
    current += milliseconds;
  };
  clock.set = (date) => {
    current = date.getTime();
  };
  return clock;
}

export interface TestRequestOptions {
  method?: string;
  /** Omit for a request without access type (anonymous). */
  accessType?: AccessType;
  /** Default `internal`. */
  projectId?: string;
  /** Default: all three keys of the project (as the e2e suite sends); `null` sends none. */
  keys?: Partial<FullProjectKeys> | null;
  accessToken?: string;
  refreshToken?: string;
  adminAccessToken?: string;
  /** JSON-encoded unless it is a string (sent as is) or URLSearchParams (form). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Header spelling of protocol headers; default `stack` (e2e), `hexclave` as SDK 2.8.108 sends. */
  spelling?: "stack" | "hexclave";
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export interface TestAuthApi {
  /** The API mounted at `/api/v1` and `/api/latest`. */
  app: Hono;
  /** The auth API itself; `close()` stops its webhook worker (`close()` below does it too). */
  api: AuthApi;
  db: Database;
  connection: DatabaseConnection;
  config: AuthConfig;
  /** The outgoing-request policy the API runs under (for workers a test drives itself). */
  outgoing: OutgoingPolicy;
  /** The box of the test `SECRETS_KEY` (to read or write stored secrets as the platform does). */
  secrets: SecretBox;
  clock: TestClock;
  baseUrl: string;
  internalProject: { id: "internal"; keys: FullProjectKeys };
  /** Creates a project with all three keys; config overrides apply over new-project defaults. */
  createProject(options?: {
    displayName?: string;
    config?: ProjectConfigOverride;
    ownerTeamId?: string | null;
  }): Promise<{ id: string; keys: FullProjectKeys }>;
  /**
   * A dashboard user (of the internal project) and a project its personal team owns, as Stack's
   * dashboard makes them: the user's access token is the project's admin access token.
   */
  signUpProjectOwner(): Promise<{ owner: TestUser; teamId: string; projectId: string }>;
  /** A project as the services take it (keys checked, secrets opened), read from the database. */
  loadProject(id: string): Promise<LoadedProject>;
  /** `createProject`, then `loadProject`: for tests that call services directly. */
  createLoadedProject(
    options?: Parameters<TestAuthApi["createProject"]>[0],
  ): Promise<LoadedProject>;
  /**
   * The services' dependencies as createAuthApi gives them (this API's database, clock, caches,
   * e-mail renderer; the outbox as mail sender), for tests that call a service directly. Built on
   * first use, then the same object.
   */
  serviceDeps(): AuthDeps;
  /** Signs a user up through the API (server create + session); `password` default "password123". */
  signUpUser(
    projectId?: string,
    options?: { email?: string; password?: string },
  ): Promise<TestUser>;
  request(path: string, options?: TestRequestOptions): Promise<Response>;
  /** The e-mails stored for an address (or all), oldest first. */
  readOutbox(to?: string): Promise<EmailOutboxRow[]>;
  /** The `code` of the newest link e-mail to this address whose subject contains `subject`. */
  readCodeFromOutbox(to: string, subject: string): Promise<string>;
  /**
   * Runs a pass of the send queue (services/email/email-queue.ts) after the one under way, e.g. after
   * moving `clock` past a scheduled time or a retry; resolves with the delivery attempts made.
   */
  runEmailQueue(): Promise<number>;
  /**
   * Stops the API's workers (webhooks, e-mail queue), then closes the database (unless it was
   * given as `connection`); idempotent.
   */
  close(): Promise<void>;
}

export interface CreateTestAuthApiOptions {
  /** Environment variables (strings) over the test defaults. */
  env?: Record<string, string>;
  /**
   * The database of an earlier harness, to start the platform on it again (a restart, e.g. with
   * other keys); it stays open when this harness closes. Default: a fresh database.
   */
  connection?: DatabaseConnection;
  clock?: TestClock;
  trustProxy?: boolean;
  isDevelopment?: boolean;
  baseUrl?: string;
  logger?: AuthLogger;
  smtpUrl?: string;
  emailFrom?: string;
  /** OAuth settings, e.g. endpoints of a loopback provider (testing/test-oauth-provider.ts). */
  oauth?: OAuthSettings;
  /**
   * The outgoing-request policy's resolver and notion of a public address (createAuthApi's
   * `outgoing`): with `OUTGOING_ALLOW_PRIVATE_NETWORKS: "false"` in `env`, tests show what it
   * refuses without sending anything beyond loopback.
   */
  outgoing?: Partial<Pick<OutgoingPolicy, "resolveHost" | "isPublicAddress">>;
  /** The TSX e-mail sandboxes' limits and queues (createAuthApi's `emailRendering`). */
  emailRendering?: Partial<RenderPoolOptions>;
  /** Where pictures sent as data URLs are kept (createAuthApi's `profileImages`). */
  profileImages?: ProfileImageStore;
  /** Sign-in listeners (createAuthApi's `events`). */
  events?: AuthEvents;
}

let emailCounter = 0;

export async function createTestAuthApi(
  options: CreateTestAuthApiOptions = {},
): Promise<TestAuthApi> {
  const connection = options.connection ?? (await createTestDatabase());
  const db = connection.db;
  const config = parseAuthConfig({
    STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: testInternalKeys.publishableClientKey,
    STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: testInternalKeys.secretServerKey,
    STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: testInternalKeys.superSecretAdminKey,
    // Every test request shares one client IP and many share addresses: code rate limits and the
    // forgot-password timing floor are off unless a test turns them on through `env`.
    AUTH_RATE_LIMIT_SEND_CODE_PER_IP: "0",
    AUTH_RATE_LIMIT_SEND_CODE_PER_EMAIL: "0",
    AUTH_RATE_LIMIT_CHECK_CODE_PER_IP: "0",
    AUTH_EMAIL_LOOKUP_MIN_DURATION_MS: "0",
    SECRETS_KEY: testSecretsKey,
    // Tests sign users up on `internal` (off by default) and send webhooks, OIDC and project SMTP
    // traffic to loopback servers, which the outgoing-request policy refuses by default; tests of
    // those defaults turn them back off through `env`.
    STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "true",
    OUTGOING_ALLOW_PRIVATE_NETWORKS: "true",
    ...options.env,
  });
  const outgoing = createOutgoingPolicy({
    allowPrivateNetworks: config.OUTGOING_ALLOW_PRIVATE_NETWORKS ?? false,
    ...options.outgoing,
  });
  const clock = options.clock ?? createTestClock();
  const baseUrl = options.baseUrl ?? "http://localhost:8102";
  await initAuthPlatform(db, config, silentLogger, { now: clock() });
  const api = createAuthApi({
    db,
    notifications: connection,
    config,
    baseUrl,
    clock,
    logger: options.logger ?? silentLogger,
    isDevelopment: options.isDevelopment ?? true,
    trustProxy: options.trustProxy ?? false,
    passwordHashing: testArgon2Parameters,
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    ...(options.emailFrom ? { emailFrom: options.emailFrom } : {}),
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.outgoing ? { outgoing: options.outgoing } : {}),
    ...(options.emailRendering ? { emailRendering: options.emailRendering } : {}),
    ...(options.profileImages ? { profileImages: options.profileImages } : {}),
    ...(options.events ? { events: options.events } : {}),
  });
  // Mounted as the product mounts it (apps/server): handlers unwrapped, errors through onError.
  const app = new Hono();
  const answerApiError = mountAuthApi(app, api, authApiMountPaths);
  app.onError(
    (error, c) =>
      answerApiError(error, c) ??
      new Response(`an error outside the auth API's handlers: ${String(error)}`, { status: 599 }),
  );

  let closing: Promise<void> | undefined;
  const projectKeys = new Map<string, FullProjectKeys>([["internal", { ...testInternalKeys }]]);

  async function request(path: string, requestOptions: TestRequestOptions = {}): Promise<Response> {
    const prefix = requestOptions.spelling === "hexclave" ? "x-hexclave-" : "x-stack-";
    const headers = new Headers();
    const setProtocolHeader = (suffix: ProtocolHeaderSuffix, value: string | undefined) => {
      if (value !== undefined) headers.set(`${prefix}${suffix}`, value);
    };
    const projectId = requestOptions.projectId ?? "internal";
    if (requestOptions.accessType) {
      setProtocolHeader("access-type", requestOptions.accessType);
      setProtocolHeader("project-id", projectId);
      const keys =
        requestOptions.keys === undefined ? projectKeys.get(projectId) : requestOptions.keys;
      setProtocolHeader("publishable-client-key", keys?.publishableClientKey);
      setProtocolHeader("secret-server-key", keys?.secretServerKey);
      setProtocolHeader("super-secret-admin-key", keys?.superSecretAdminKey);
    }
    setProtocolHeader("access-token", requestOptions.accessToken);
    setProtocolHeader("refresh-token", requestOptions.refreshToken);
    setProtocolHeader("admin-access-token", requestOptions.adminAccessToken);
    let body: BodyInit | undefined;
    if (requestOptions.body instanceof URLSearchParams) {
      body = requestOptions.body;
      headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (typeof requestOptions.body === "string") {
      body = requestOptions.body;
    } else if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers.set("content-type", "application/json");
    }
    for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
      headers.set(name, value);
    }
    const url = path.startsWith("/api/") ? path : `/api/v1${path}`;
    return app.request(url, {
      method: requestOptions.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      ...(body === undefined ? {} : { body }),
    });
  }

  async function expectJson<T>(response: Response, what: string): Promise<T> {
    if (!response.ok)
      throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function readOutbox(to?: string): Promise<EmailOutboxRow[]> {
    return db
      .select()
      .from(emailOutbox)
      .where(to === undefined ? undefined : eq(emailOutbox.to, to))
      .orderBy(asc(emailOutbox.sequence));
  }

  const secrets = secretBoxFromSettings(config);
  let deps: AuthDeps | undefined;
  const harness: TestAuthApi = {
    app,
    api,
    db,
    connection,
    config,
    outgoing,
    secrets,
    clock,
    baseUrl,
    internalProject: { id: "internal", keys: { ...testInternalKeys } },
    async createProject(projectOptions = {}) {
      const id = randomUUID();
      const keys: FullProjectKeys = {
        publishableClientKey: `pck_test_${id}`,
        secretServerKey: `ssk_test_${id}`,
        superSecretAdminKey: `sak_test_${id}`,
      };
      await ensureProject(db, {
        id,
        displayName: projectOptions.displayName ?? "Test Project",
        ownerTeamId: projectOptions.ownerTeamId ?? null,
        ...(projectOptions.config ? { config: projectOptions.config } : {}),
        secrets,
        keys,
        now: clock(),
      });
      projectKeys.set(id, keys);
      return { id, keys };
    },
    async loadProject(id) {
      const loaded = await findProject(db, secrets, id);
      if (!loaded) throw new Error(`Project ${id} not found`);
      return loaded;
    },
    async createLoadedProject(projectOptions) {
      return harness.loadProject((await harness.createProject(projectOptions)).id);
    },
    serviceDeps() {
      deps ??= {
        db,
        config,
        baseUrl,
        clock,
        logger: options.logger ?? silentLogger,
        ids: defaultIdGenerators,
        passwords: createPasswordHasher(testArgon2Parameters),
        signingKeys: createSigningKeyStore(db, {
          clock,
          tokenLifetimeSeconds: config.STACK_ACCESS_TOKEN_EXPIRATION_TIME,
          secrets,
        }),
        projects: api.projects,
        users: api.users,
        sessionActivity: api.sessionActivity,
        secrets,
        emails: createEmailSender({
          db,
          clock,
          generateId: defaultIdGenerators.generateId,
          logger: silentLogger,
        }),
        emailRenderer: api.emailRenderer,
        outgoing,
        isDevelopment: options.isDevelopment ?? true,
      };
      return deps;
    },
    async signUpProjectOwner() {
      const owner = await harness.signUpUser("internal");
      const me = await expectJson<{ selected_team_id: string }>(
        await request("/users/me", { accessType: "client", accessToken: owner.accessToken }),
        "Reading the owner's team",
      );
      const project = await harness.createProject({ ownerTeamId: me.selected_team_id });
      return { owner, teamId: me.selected_team_id, projectId: project.id };
    },
    async signUpUser(projectId = "internal", userOptions = {}) {
      emailCounter += 1;
      const email =
        userOptions.email ?? `user-${emailCounter}-${Date.now().toString(36)}@example.com`;
      const password = userOptions.password ?? "password123";
      const created = await expectJson<{ id: string }>(
        await request("/users", {
          accessType: "server",
          projectId,
          body: { primary_email: email, primary_email_auth_enabled: true, password },
        }),
        "Creating a test user",
      );
      const session = await expectJson<{ access_token: string; refresh_token: string }>(
        await request("/auth/sessions", {
          accessType: "server",
          projectId,
          body: { user_id: created.id },
        }),
        "Creating a test session",
      );
      return {
        userId: created.id,
        email,
        password,
        accessToken: session.access_token,
        refreshToken: session.refresh_token,
      };
    },
    request,
    readOutbox,
    async readCodeFromOutbox(to, subject) {
      const emails = (await readOutbox(to)).filter((email) => email.subject.includes(subject));
      const newest = emails.at(-1);
      const code = newest?.text.match(/[?&]code=([a-z0-9]+)/i)?.[1];
      if (!code) throw new Error(`No e-mail to ${to} with "${subject}" and a code`);
      return code;
    },
    async runEmailQueue() {
      // The API's own worker (one per database); this extra hold never stops it.
      const hold = holdEmailQueueWorker({
        db,
        clock,
        logger: silentLogger,
        outgoing,
        secrets,
        emailRenderer: api.emailRenderer,
      });
      try {
        return await hold.worker.runNow();
      } finally {
        await hold.release();
      }
    },
    close() {
      closing ??= (async () => {
        // The webhook worker first, so no delivery pass runs against a closed database.
        await api.close();
        if (!options.connection) await connection.close();
      })();
      return closing;
    },
  };
  return harness;
}
