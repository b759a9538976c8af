/**
 * `/metrics` (issue 20, item 4): off without configuration, behind a bearer token on the public
 * port, on a port of its own; requests counted per route pattern, the page cache, a 429, and the
 * e-mail queue, in Prometheus text that parses.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { testSecretsKey } from "@heritage/auth-server/testing";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { getRequestListener } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, createApp } from "../app";
import { loadConfig } from "../config/config";
import { serveStoredPagesFirst } from "../page-cache/stored-page-listener";
import type { WebRequestHandler } from "../routes/web";
import { migrationSets } from "../server";
import { ensureSiteAuth, type SiteAuth } from "../site-auth/site-auth";
import { startMetricsServer } from "./metrics-endpoint";

const TOKEN = "scrape-token-0123456789";
const silentLogger = pino({ level: "silent" });

/** A public page the page cache may keep. */
const page: WebRequestHandler = async (request) =>
  new Response(`<html><body><h1>${new URL(request.url).pathname}</h1></body></html>`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
      ETag: '"v1"',
    },
  });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus text exposition format 0.0.4: `# HELP`/`# TYPE` lines, then `name{label="value",...}
 * number` per sample (prom-client writes NaN as `Nan`, which Prometheus's float parser takes, as
 * it ignores case). Throws on any line that is neither, so a malformed answer fails the test.
 */
function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const sampleLine =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (-?[0-9.e+-]+|NaN|Nan|[+-]Inf)$/;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type =
      /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const sample = sampleLine.exec(line);
    if (!sample?.[1] || !sample[3]) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? "").matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      if (name !== undefined && value !== undefined) labels[name] = value;
    }
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The value of the one sample named `name` whose labels include `labels` (undefined if none). */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} series`);
  return found[0]?.value;
}

type App = ReturnType<typeof createApp>;

describe("metrics", () => {
  let database: DatabaseConnection;
  let siteAuth: SiteAuth;
  const apps: App[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    siteAuth = await ensureSiteAuth(
      database.db,
      { SECRETS_KEY: testSecretsKey },
      { baseUrl: "http://localhost:3000", logger: silentLogger },
    );
  });
  afterAll(async () => {
    for (const server of servers) {
      await new Promise((resolve) => server.close(resolve));
    }
    await Promise.all(apps.map((app) => app.close()));
    await database?.close();
  });

  function appWith(env: Record<string, string>, web?: AppDeps["web"]): App {
    const app = createApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, ...env }),
      database,
      logger: silentLogger,
      migrationSets,
      siteAuth,
      ...(web ? { web } : {}),
    });
    apps.push(app);
    return app;
  }

  async function scrape(app: App) {
    const response = await app.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  }

  it("is absent (404) unless METRICS_TOKEN or METRICS_PORT is set", async () => {
    const app = appWith({});
    expect(app.metrics).toBeUndefined();
    const response = await app.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
  });

  it("asks for the bearer token on the public port", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      "Bearer",
      "Bearer wrong-token-0123456789",
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const response = await app.request(
        "/metrics",
        authorization ? { headers: { authorization } } : {},
      );
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    const { types, samples } = await scrape(app);
    expect(types.get("http_requests_total")).toBe("counter");
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    // The refused scrapes were counted too, under the route's pattern.
    expect(
      sampleValue(samples, "http_requests_total", {
        route: "/metrics",
        status: "401",
        method: "GET",
      }),
    ).toBe(6);
    expect(sampleValue(samples, "database_info", { engine: database.engine })).toBe(1);
  });

  it("refuses a METRICS_TOKEN that is short, and METRICS_PORT equal to PORT", () => {
    expect(() => loadConfig({ SECRETS_KEY: testSecretsKey, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: expected at least 16 characters/,
    );
    expect(() =>
      loadConfig({ SECRETS_KEY: testSecretsKey, PORT: "8080", METRICS_PORT: "8080" }),
    ).toThrow(/METRICS_PORT: expected a port other than PORT/);
    expect(() => loadConfig({ SECRETS_KEY: testSecretsKey, METRICS_PORT: "70000" })).toThrow(
      /METRICS_PORT/,
    );
  });

  it("serves METRICS_PORT on a listener of its own, and never on the public port", async () => {
    const app = appWith({ METRICS_PORT: "9464" });
    expect(app.metrics).toBeDefined();
    // Not on the app (the public port).
    expect((await app.request("/metrics")).status).toBe(404);
    const metrics = app.metrics;
    if (!metrics) throw new Error("metrics are on");
    const own = await startMetricsServer(metrics, { host: "127.0.0.1", port: 0 });
    servers.push(own.server);
    const response = await fetch(`http://127.0.0.1:${own.port}/metrics`);
    expect(response.status).toBe(200);
    expect(parsePrometheusText(await response.text()).types.get("email_queue_depth")).toBe("gauge");
    expect((await fetch(`http://127.0.0.1:${own.port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${own.port}/metrics`, { method: "POST" })).status).toBe(
      405,
    );

    // With METRICS_TOKEN as well, the token is asked there too.
    const guarded = await startMetricsServer(metrics, {
      host: "127.0.0.1",
      port: 0,
      token: TOKEN,
    });
    servers.push(guarded.server);
    expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
    const authorised = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(authorised.status).toBe(200);
  });

  it("counts a parameterised route under its pattern, never its URL", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    for (const path of [
      "/api/v1/users/3f0c5bde-0000-4000-8000-000000000001",
      "/api/v1/users/3f0c5bde-0000-4000-8000-000000000002",
      "/media/a1/one.jpg",
      "/media/b2/two.jpg",
      "/api/latest/users/anyone",
      "/no/such/page",
      "/api/v2/nothing",
    ]) {
      await app.request(path);
    }
    // This scrape is counted once it is answered: not in its own figures.
    const { samples } = await scrape(app);
    const routes = new Set(
      samples.filter((sample) => sample.name === "http_requests_total").map((s) => s.labels.route),
    );
    expect(routes).toEqual(
      new Set([
        "/api/v1/users/:user_id",
        "/api/latest/users/:user_id",
        "/media/:id/:file",
        "not_found",
      ]),
    );
    const count = (route: string) =>
      samples
        .filter((sample) => sample.name === "http_requests_total" && sample.labels.route === route)
        .reduce((sum, sample) => sum + sample.value, 0);
    expect(count("/api/v1/users/:user_id")).toBe(2);
    expect(count("/media/:id/:file")).toBe(2);
    expect(count("not_found")).toBe(2);
    expect(
      sampleValue(samples, "http_request_duration_seconds_count", {
        route: "/api/v1/users/:user_id",
        method: "GET",
      }),
    ).toBe(2);
    expect(samples.some((sample) => JSON.stringify(sample.labels).includes("3f0c5bde"))).toBe(
      false,
    );
  });

  it("counts page-cache misses and hits, the Node listener's stored pages included", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN }, { handler: page });
    const pageCache = app.pageCache;
    const metrics = app.metrics;
    if (!pageCache || !metrics) throw new Error("page cache and metrics are on");
    await pageCache.idle();
    expect((await app.request("/en/about")).status).toBe(200);
    await pageCache.idle();
    expect((await app.request("/en/about")).status).toBe(200);

    const listener = serveStoredPagesFirst(
      getRequestListener(app.fetch) as (req: IncomingMessage, res: ServerResponse) => void,
      { pageCache, logger: silentLogger, trustProxy: false, onAnswered: metrics.recordStoredPage },
    );
    const server = createServer(listener);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const stored = await fetch(`http://127.0.0.1:${port}/en/about`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(stored.status).toBe(200);

    const { samples } = await scrape(app);
    expect(sampleValue(samples, "page_cache_misses_total")).toBe(1);
    expect(sampleValue(samples, "page_cache_hits_total")).toBe(2);
    expect(sampleValue(samples, "page_cache_entries")).toBe(1);
    // Two answers through Hono and one from the listener, all under the site's pages.
    expect(
      sampleValue(samples, "http_requests_total", {
        route: "site_page",
        status: "200",
        method: "GET",
      }),
    ).toBe(3);
  });

  it("counts a rate limit's 429 by route", async () => {
    const app = appWith({
      METRICS_TOKEN: TOKEN,
      CONTACT_RATE_LIMIT_MAX: "1",
      CONTACT_MIN_FILL_SECONDS: "0",
    });
    const send = () =>
      app.request("/functions/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Amra Hodžić",
          email: "amra@example.org",
          subject: "Volunteering",
          message: "I would like to help with the oral history project.",
        }),
      });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(429);
    const { samples } = await scrape(app);
    expect(
      sampleValue(samples, "http_rate_limit_refusals_total", {
        route: "/functions/send-contact-email",
      }),
    ).toBe(1);
    expect(
      sampleValue(samples, "http_requests_total", {
        route: "/functions/send-contact-email",
        status: "429",
      }),
    ).toBe(1);
  });

  it("reads the e-mail queue and, on PostgreSQL, the pool at scrape time", async () => {
    const app = appWith({ METRICS_TOKEN: TOKEN });
    // An app's first look at the publishing schedules holds a connection for a moment: the
    // pool is read when no app of this file is looking.
    await Promise.all(apps.map((made) => made.scheduledPublisher.idle()));
    const { samples, types } = await scrape(app);
    expect(sampleValue(samples, "email_queue_depth")).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "email_failed_messages")).toBeGreaterThanOrEqual(0);
    if (database.engine === "postgres") {
      expect(sampleValue(samples, "database_pool_connections", { state: "max" })).toBeGreaterThan(
        0,
      );
      expect(sampleValue(samples, "database_pool_waiting_queries")).toBe(0);
    } else {
      // PGlite is one connection in the process: no pool to show.
      expect(types.has("database_pool_connections")).toBe(false);
    }
    // Default process metrics come with the registry (CPU, memory, event loop lag).
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
  });
});
