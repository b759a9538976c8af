/**
 * @module
 * The process's Prometheus metrics (issue 20, item 4): one prom-client registry per app (never
 * prom-client's global one: tests build many apps in one process). Requests are counted and timed
 * per route pattern (route-label.ts); the page cache, the e-mail queue and the database pool are
 * read when Prometheus scrapes. Packages stay free of prom-client: they hand over plain readings
 * (`readEmailQueueState`, `DatabaseConnection.poolStats`, `PageCache.stats`).
 */
import type { EmailQueueState } from "@heritage/auth-server";
import type { DatabaseEngine, PoolStats } from "@heritage/db";
import type { MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PageCacheStats } from "../page-cache/page-cache";
import { methodLabel, ROUTE_LABELS, routeLabel } from "./route-label";

/** Seconds: a stored page takes well under a millisecond, a render tens, an upload seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsSources {
  engine: DatabaseEngine;
  /** The page cache's counters, when there is a page cache. */
  pageCacheStats?: () => PageCacheStats;
  /** The pool's use (PostgreSQL); absent on PGlite, which has no pool. */
  poolStats?: () => PoolStats;
  /** The e-mail send queue, read from the database at scrape time. */
  emailQueueState: () => Promise<EmailQueueState>;
  /** Told when a reading fails; the scrape goes on without it. */
  onReadError?: (what: string, error: unknown) => void;
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every request Hono answers; goes first, before every other middleware. */
  middleware: MiddlewareHandler;
  /** A stored page answered by the Node listener before Hono (stored-page-listener.ts). */
  recordStoredPage(method: string, status: number, durationSeconds: number): void;
  /** The Prometheus text exposition and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request reaching the app to its response's headers, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: "http_rate_limit_refusals_total",
    help: "Requests refused by a rate limit (429), by route pattern.",
    labelNames: ["route"] as const,
    registers,
  });

  const record = (method: string, route: string, status: number, seconds: number) => {
    const m = methodLabel(method);
    requests.inc({ method: m, route, status: String(status) });
    duration.observe({ method: m, route }, seconds);
    if (status === 429) rateLimited.inc({ route });
  };

  new Gauge({
    name: "database_info",
    help: "The database engine in use (1 for the engine named).",
    labelNames: ["engine"] as const,
    registers,
  }).set({ engine: sources.engine }, 1);

  const { pageCacheStats, poolStats, emailQueueState, onReadError } = sources;
  if (pageCacheStats) {
    // Counted by the cache itself (stats()), the Node listener's stored pages included.
    new Counter({
      name: "page_cache_hits_total",
      help: "Requests the page cache answered from memory.",
      registers,
      collect() {
        this.reset();
        this.inc(pageCacheStats().hits);
      },
    });
    new Counter({
      name: "page_cache_misses_total",
      help: "Cacheable page requests the page cache had to render.",
      registers,
      collect() {
        this.reset();
        this.inc(pageCacheStats().misses);
      },
    });
    new Gauge({
      name: "page_cache_entries",
      help: "Pages stored in the page cache.",
      registers,
      collect() {
        this.set(pageCacheStats().entries);
      },
    });
    new Gauge({
      name: "page_cache_bytes",
      help: "Bytes the page cache's stored pages take.",
      registers,
      collect() {
        this.set(pageCacheStats().bytes);
      },
    });
  }

  if (poolStats) {
    new Gauge({
      name: "database_pool_connections",
      help: "PostgreSQL pool connections by state: total open, idle, and the pool's max.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "max" }, stats.max);
      },
    });
    new Gauge({
      name: "database_pool_waiting_queries",
      help: "Queries waiting for a PostgreSQL pool connection.",
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  // One database read per scrape for both e-mail gauges.
  let emailReading: Promise<EmailQueueState | null> | undefined;
  const readEmail = () => {
    emailReading ??= emailQueueState()
      .catch((error: unknown) => {
        onReadError?.("e-mail queue", error);
        return null;
      })
      .finally(() => {
        emailReading = undefined;
      });
    return emailReading;
  };
  new Gauge({
    name: "email_queue_depth",
    help: "E-mails waiting in the outbox to be sent or retried (every process on this database).",
    registers,
    async collect() {
      const state = await readEmail();
      if (state) this.set(state.queued);
    },
  });
  new Gauge({
    name: "email_failed_messages",
    help: "E-mails in the outbox that failed for good (every retry used).",
    registers,
    async collect() {
      const state = await readEmail();
      if (state) this.set(state.failed);
    },
  });

  return {
    registry,
    middleware: async (c, next) => {
      const startedAt = performance.now();
      try {
        await next();
      } finally {
        const status = c.res.status;
        record(c.req.method, routeLabel(c, status), status, (performance.now() - startedAt) / 1000);
      }
    },
    recordStoredPage(method, status, seconds) {
      record(method, ROUTE_LABELS.sitePage, status, seconds);
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
