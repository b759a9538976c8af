import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { testSecretsKey } from "@heritage/auth-server/testing";
import { seedDefaultContent } from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, AUTH_API_BODY_LIMIT_BYTES, createApp } from "./app";
import { loadConfig } from "./config/config";
import type { WebRequestHandler } from "./routes/web";
import { migrationSets } from "./server";
import { ensureSiteAuth, type SiteAuth } from "./site-auth/site-auth";

const openApps = new Set<ReturnType<typeof createApp>>();
/** `createApp`, remembered so that the tests can close every app they made. */
function openApp(deps: AppDeps): ReturnType<typeof createApp> {
  const app = createApp(deps);
  openApps.add(app);
  return app;
}

const silentLogger = pino({ level: "silent" });

describe("the app", () => {
  let database: DatabaseConnection;
  let siteAuth: SiteAuth;

  beforeAll(async () => {
    database = await createTestDatabase();
    siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      {
        baseUrl: "http://localhost:3000",
        logger: silentLogger,
      },
    );
  });
  afterAll(async () => {
    // Each app holds the auth platform's webhook worker: stopped before the database closes.
    await Promise.all([...openApps].map((app) => app.close()));
    await database.close();
  });

  /** An app whose web app is `handler` (a stand-in for React Router's). */
  function appServing(handler: WebRequestHandler, env: Record<string, string> = {}) {
    return openApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, ...env }),
      database,
      logger: silentLogger,
      migrationSets,
      siteAuth,
      web: { handler },
    });
  }

  function appWith(env: Record<string, string> = {}, sets = migrationSets) {
    return openApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, ...env }),
      database,
      logger: silentLogger,
      migrationSets: sets,
      siteAuth,
    });
  }

  describe("health", () => {
    it("answers /healthz while the process is up", async () => {
      const response = await appWith().request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    });

    it("mounts the e-mail monitor's POST /health/email behind its token", async () => {
      const app = appWith({ STACK_EMAIL_MONITOR_SECRET_TOKEN: "monitor-token-0123" });
      const refused = await app.request("/health/email", {
        method: "POST",
        headers: { authorization: "Bearer wrong-token-0123" },
      });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toBe("Unauthorized");
      // A path of the reference's: no header beyond the reference's (as under /api).
      expect(refused.headers.get("x-request-id")).toBeNull();
      // No SMTP_URL here: the check runs and reports the missing server.
      const checked = await app.request("/health/email", {
        method: "POST",
        headers: { authorization: "Bearer monitor-token-0123" },
      });
      expect(checked.status).toBe(503);
      expect(await checked.json()).toMatchObject({ success: false });
    });

    it("answers /readyz 200 when the database is reachable and migrated", async () => {
      const response = await appWith().request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ready" });
    });

    it("answers /readyz 503 while a migration is pending", async () => {
      const folder = mkdtempSync(join(tmpdir(), "pending-"));
      mkdirSync(join(folder, "meta"));
      writeFileSync(
        join(folder, "meta", "_journal.json"),
        JSON.stringify({ entries: [{ idx: 0, tag: "0000_x" }] }),
      );
      writeFileSync(join(folder, "0000_x.sql"), "select 1;");
      const response = await appWith({}, [...migrationSets, { module: "later", folder }]).request(
        "/readyz",
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "unavailable",
        reason: "migrations pending",
        pending: ["later/0000_x"],
      });
    });
  });

  describe("security headers", () => {
    it("are on every response, with a fresh script nonce each time", async () => {
      const app = appWith();
      const first = await app.request("/healthz");
      const second = await app.request("/no-such-path");
      for (const response of [first, second]) {
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
        expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
      const nonceOf = (response: Response) =>
        /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonceOf(first)).toBeTruthy();
      expect(nonceOf(first)).not.toBe(nonceOf(second));
    });

    it("put the opener policy on every answer that brings none, and keep one an answer brings", async () => {
      // Public pages bring `unsafe-none` (decision 026); everything else is isolated.
      expect((await appWith().request("/healthz")).headers.get("cross-origin-opener-policy")).toBe(
        "same-origin",
      );
      const app = appServing(
        async () =>
          new Response("<p>A public page</p>", {
            headers: {
              "Content-Type": "text/html; charset=utf-8",
              "Cross-Origin-Opener-Policy": "unsafe-none",
            },
          }),
      );
      const page = await app.request("/about");
      expect(page.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
      expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    });

    it("leaves the policy off 304 answers, so a revalidated page keeps its own nonce", async () => {
      const app = appServing(async () => new Response(null, { status: 304 }));
      const response = await app.request("/about");
      expect(response.status).toBe(304);
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("adds HSTS only for HTTPS, trusting X-Forwarded-Proto only behind a proxy", async () => {
      const forwarded = { headers: { "x-forwarded-proto": "https" } };
      expect(
        (await appWith().request("/healthz")).headers.get("strict-transport-security"),
      ).toBeNull();
      expect(
        (await appWith().request("/healthz", forwarded)).headers.get("strict-transport-security"),
      ).toBeNull();
      expect(
        (await appWith({ TRUST_PROXY: "true" }).request("/healthz", forwarded)).headers.get(
          "strict-transport-security",
        ),
      ).toBe("max-age=63072000; includeSubDomains");
      expect(
        (await appWith().request("https://example.org/healthz")).headers.get(
          "strict-transport-security",
        ),
      ).toBe("max-age=63072000; includeSubDomains");
    });
  });

  describe("the page cache", () => {
    function appRenderingPages(env: Record<string, string> = {}) {
      let renders = 0;
      const app = appServing(async (_request, context) => {
        renders++;
        return new Response(`<script nonce="${context.cspNonce}">start()</script>`, {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "public, max-age=0, must-revalidate",
            ETag: '"page"',
          },
        });
      }, env);
      return { app, renders: () => renders };
    }
    const policyNonce = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const pageNonce = async (response: Response) =>
      /nonce="([^"]+)"/.exec(await response.text())?.[1];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

    it("serves a stored public page under a stored policy naming its scripts by hash", async () => {
      const { app, renders } = appRenderingPages();
      await app.pageCache?.idle(); // listening for content changes
      const first = await app.request("/about");
      expect(await pageNonce(first)).toBe(policyNonce(first));
      await app.pageCache?.idle(); // stored
      const second = await app.request("/about", { headers: { "accept-encoding": "br" } });
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(second.headers.get("content-encoding")).toBe("br");
      expect(renders()).toBe(1);
      const policy = second.headers.get("content-security-policy") ?? "";
      expect(policy).not.toContain("'nonce-");
      const hash = createHash("sha256").update("start()").digest("base64");
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}' 'strict-dynamic';`);
      expect(policy).toContain("object-src 'none'");
      expect(second.headers.get("x-content-type-options")).toBe("nosniff");
      const third = await app.request("/about", {
        headers: { "if-none-match": second.headers.get("etag") ?? "" },
      });
      expect(third.status).toBe(304);
      expect(renders()).toBe(1);
    });

    it("renders for a visitor with cookies, and not at all from the cache at PAGE_CACHE_MB=0", async () => {
      const cached = appRenderingPages();
      await (await cached.app.request("/about")).text();
      await settle();
      const withCookie = await cached.app.request("/about", { headers: { cookie: "a=1" } });
      expect(withCookie.headers.get("x-page-cache")).toBeNull();
      expect(cached.renders()).toBe(2);

      const off = appRenderingPages({ PAGE_CACHE_MB: "0" });
      await (await off.app.request("/about")).text();
      await settle();
      const again = await off.app.request("/about");
      expect(again.headers.get("x-page-cache")).toBeNull();
      expect(off.renders()).toBe(2);
    });
  });

  describe("contact messages", () => {
    it("counts the form and the content API's public insert in one allowance per visitor", async () => {
      const app = appServing(
        async (_request, context) => Response.json(await context.limitContactSubmission()),
        { CONTACT_RATE_LIMIT_MAX: "2", TRUST_PROXY: "true" },
      );
      const visitor = { "x-forwarded-for": "203.0.113.7" };
      const viaForm = async (headers: Record<string, string>) =>
        (await app.request("/contact", { method: "POST", headers })).json();
      await expect(viaForm(visitor)).resolves.toEqual({ allowed: true });
      const viaApi = await app.request("/functions/api-contact_submissions", {
        method: "POST",
        headers: { ...visitor, "content-type": "application/json" },
        body: JSON.stringify({
          name: "Ana",
          email: "ana@example.org",
          subject: "Hello",
          message: "A message long enough to be accepted.",
        }),
      });
      expect(viaApi.status).toBeLessThan(300);
      await expect(viaForm(visitor)).resolves.toMatchObject({ allowed: false });
      // Another visitor has an allowance of their own.
      await expect(viaForm({ "x-forwarded-for": "203.0.113.8" })).resolves.toEqual({
        allowed: true,
      });
    });
  });

  describe("auth platform mount", () => {
    it.each(["/api/v1", "/api/latest"])("answers the probe at %s", async (prefix) => {
      const response = await appWith().request(prefix);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^Welcome to the Stack API endpoint!/);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
    });

    it("refuses bodies over the limit with 413 before they reach the auth platform", async () => {
      const response = await appWith().request("/api/v1/auth/password/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(AUTH_API_BODY_LIMIT_BYTES + 1),
      });
      expect(response.status).toBe(413);
    });

    it("answers unknown /api/* paths and wrong methods with JSON, never the site's page", async () => {
      const app = appServing(
        async () =>
          new Response("<!doctype html><title>Not found</title>", {
            status: 404,
            headers: { "content-type": "text/html; charset=utf-8" },
          }),
      );
      for (const path of ["/api", "/api/", "/api/v2/x", "/api/whatever", "/api/v1/no/such/route"]) {
        const response = await app.request(path, { method: "POST" });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(await response.json()).toEqual({
          error: `404 — this page does not exist in Stack Auth's API.\n\nURL: ${path}`,
        });
        expect(response.headers.get("access-control-allow-origin")).toBe("*");
      }
      const wrongMethod = await app.request("/api/latest/auth/password/sign-in");
      expect(wrongMethod.status).toBe(405);
      expect(await wrongMethod.text()).toBe("");
      expect(wrongMethod.headers.get("allow")).toBeNull();
      const preflight = await app.request("/api/v2/x", { method: "OPTIONS" });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
      // The site itself still answers its own unknown pages.
      expect((await app.request("/apis")).headers.get("content-type")).toContain("text/html");
    });

    it("reports a known error in the spelling the request used, with no header the reference lacks", async () => {
      // The headers the reference's /api/* answers carry (Next.js, its proxy and smart responses).
      const referenceHeaders = new Set([
        "access-control-allow-headers",
        "access-control-allow-methods",
        "access-control-allow-origin",
        "access-control-expose-headers",
        "access-control-max-age",
        "cache-control",
        "content-encoding",
        "content-length",
        "content-security-policy",
        "content-type",
        "cross-origin-opener-policy",
        "permissions-policy",
        "referrer-policy",
        "vary",
        "x-content-type-options",
        "x-frame-options",
      ]);
      const app = appWith();
      for (const prefix of ["x-stack-", "x-hexclave-"]) {
        const other = prefix === "x-stack-" ? "x-hexclave-" : "x-stack-";
        const response = await app.request("/api/v1/users/me", {
          headers: { [`${prefix}access-type`]: "client", [`${prefix}project-id`]: "no-such" },
        });
        expect(response.status).toBe(400);
        expect(response.headers.get(`${prefix}known-error`)).toBe("CURRENT_PROJECT_NOT_FOUND");
        expect(response.headers.get(`${prefix}request-id`)).toMatch(/^[0-9a-f-]{32,36}$/);
        const extra = [...response.headers.keys()].filter(
          (name) => !referenceHeaders.has(name) && !name.startsWith(prefix),
        );
        expect({ prefix, extra }).toEqual({ prefix, extra: [] });
        expect([...response.headers.keys()].some((name) => name.startsWith(other))).toBe(false);
      }
    });
  });

  it("compresses text answers for clients that accept gzip", async () => {
    await seedDefaultContent(database.db);
    const response = await appWith().request("/functions/api-projects", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    // An answer under 1 KiB (here a refusal) says its length and goes out as it is.
    const refused = await appWith().request("/functions/api-faqs", {
      method: "POST",
      headers: { "accept-encoding": "gzip", "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-encoding")).toBeNull();
    const refusedText = await refused.text();
    expect(refused.headers.get("content-length")).toBe(String(Buffer.byteLength(refusedText)));
    expect(JSON.parse(refusedText)).toMatchObject({ data: null });
    // Without Accept-Encoding the same answer goes out as it is, still saying what it varies on,
    // with every security header and a fresh nonce in the policy of each answer.
    const plain = await appWith().request("/functions/api-projects");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    expect(((await plain.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    const nonces = new Set<string>();
    const app = appWith();
    // Text, and JSON the auth API sends with every header already on it (finished-answers.ts).
    const jwks = `/api/v1/projects/${siteAuth.projectId}/.well-known/jwks.json`;
    for (let i = 0; i < 300; i++) {
      const answer = await app.request(i % 2 === 0 ? "/api/v1" : jwks);
      const policy = answer.headers.get("content-security-policy");
      nonces.add(/'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy ?? "")?.[1] ?? "");
    }
    expect(nonces.size).toBe(300);
    expect(nonces.has("")).toBe(false);
    const json = await app.request(jwks, { headers: { "x-hexclave-client-version": "js 2" } });
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("vary")).toBe("Accept-Encoding");
    expect(json.headers.get("x-content-type-options")).toBe("nosniff");
    expect(json.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(json.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(json.headers.get("x-hexclave-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.headers.get("x-stack-request-id")).toBeNull();
  });

  it("gzips the auth API's answers from 1 KiB for clients that take gzip, and sends smaller ones as they are", async () => {
    const app = appWith();
    const asServer = {
      "x-stack-project-id": siteAuth.projectId,
      "x-stack-access-type": "server",
      "x-stack-secret-server-key": siteAuth.secretServerKey,
    };
    // Enough users that the list is well over 1 KiB.
    for (let i = 0; i < 6; i++) {
      const created = await app.request("/api/v1/users", {
        method: "POST",
        headers: { ...asServer, "content-type": "application/json" },
        body: JSON.stringify({ primary_email: `compressed-${i}@example.com` }),
      });
      expect(created.status).toBe(201);
    }
    const list = (acceptEncoding: string) =>
      app.request("/api/v1/users?limit=6", {
        headers: { ...asServer, "accept-encoding": acceptEncoding },
      });
    const plain = await list("identity");
    const plainText = await plain.text();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.byteLength(plainText)).toBeGreaterThan(1024);

    // What Node's fetch sends, so the SDK from a server; and what browsers send.
    for (const acceptEncoding of ["gzip, deflate", "gzip, deflate, br, zstd", "*"]) {
      const gzipped = await list(acceptEncoding);
      expect({ acceptEncoding, encoding: gzipped.headers.get("content-encoding") }).toEqual({
        acceptEncoding,
        encoding: "gzip",
      });
      const bytes = Buffer.from(await gzipped.arrayBuffer());
      expect(gunzipSync(bytes).toString("utf8")).toBe(plainText);
      expect(bytes.length).toBeLessThan(Buffer.byteLength(plainText) / 2);
      // Every other header as on the plain answer, but for the request's own id and nonce.
      const perRequest = ["content-encoding", "content-length", "x-stack-request-id"];
      const others = (response: Response) =>
        [...response.headers]
          .filter(([name]) => !perRequest.includes(name))
          .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce'")]);
      expect(others(gzipped)).toEqual(others(plain));
      expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    }
    // A client that refuses gzip, or takes only deflate, gets the bytes as they are.
    for (const acceptEncoding of ["gzip;q=0, deflate", "deflate", "br"]) {
      const answer = await list(acceptEncoding);
      expect({ acceptEncoding, encoding: answer.headers.get("content-encoding") }).toEqual({
        acceptEncoding,
        encoding: null,
      });
      expect(await answer.text()).toBe(plainText);
    }

    // Under 1 KiB: as it is, saying that it varies on the encoding.
    const small = await app.request(
      `/api/v1/projects/${siteAuth.projectId}/.well-known/jwks.json`,
      {
        headers: { "accept-encoding": "gzip, deflate" },
      },
    );
    const smallText = await small.text();
    expect(Buffer.byteLength(smallText)).toBeLessThan(1024);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept-Encoding");
    expect(JSON.parse(smallText)).toHaveProperty("keys");
    // A known error too (an answer the API does not finish): it says its length, so it stays plain.
    const refused = await app.request("/api/v1/users/me", {
      headers: {
        "x-stack-project-id": siteAuth.projectId,
        "x-stack-access-type": "client",
        "x-stack-publishable-client-key": siteAuth.publishableClientKey,
        "x-stack-access-token": "not-a-token",
        "accept-encoding": "gzip, deflate",
      },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(refused.headers.get("x-stack-known-error")).toBe("UNPARSABLE_ACCESS_TOKEN");
    expect(await refused.json()).toMatchObject({ code: "UNPARSABLE_ACCESS_TOKEN" });
  });

  it("limits a request body however its size is sent, and lets a bodiless GET through untouched", async () => {
    const app = appWith();
    const big = "x".repeat(1024 * 1024 + 1);
    const declared = await app.request("/api/v1/auth/password/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(declared.status).toBe(413);
    // Chunked (no Content-Length): the stream is counted as it comes.
    const chunked = await app.request("/api/v1/auth/password/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await app.request("/api/v1")).status).toBe(200);
  });

  it("answers unknown paths with 404 when no web app is mounted", async () => {
    expect((await appWith().request("/nothing-here")).status).toBe(404);
  });
});
