/**
 * Sending pending webhook deliveries. The queue is the `webhook_deliveries` table, so deliveries
 * survive a restart; each HTTP attempt is logged in `webhook_delivery_attempts`. A failed attempt
 * (non-2xx answer, network error, timeout, or a target the outgoing-request policy refuses) is
 * retried on the Svix schedule, then the delivery is marked `failed`. Redirects are not followed
 * (as Svix): a 3xx answer is a failed attempt.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, asc, eq, lte } from "drizzle-orm";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "../../db/schema";
import { guardedFetch } from "../../outgoing/guarded-fetch";
import { findRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { SecretBox } from "../secrets/secret-box";
import type { AuthLogger } from "../shared/auth-logger";
import { perDatabaseWorkers, type WorkerHold } from "../shared/per-database-worker";
import { webhookHeaders } from "./standard-webhooks";
import { openWebhookSecret } from "./webhook-endpoints";
import { onWebhookWork } from "./webhook-events";

/** Delays before the 2nd, 3rd, … attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (as Svix). */
export const defaultRetryDelaysMs: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

export interface WebhookDeliveryOptions {
  db: Database;
  clock: () => Date;
  logger: AuthLogger;
  /** Opens the endpoints' signing secrets (stored encrypted). */
  secrets: SecretBox;
  /** Endpoint URLs are user-aimed: every attempt connects under this policy. */
  outgoing: OutgoingPolicy;
  /** Tests only: sends instead of the policy's guarded client. */
  fetch?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => Promise<Response>;
  retryDelaysMs?: readonly number[];
  /** Per attempt; a slower receiver counts as failed. */
  timeoutMs?: number;
}

/** While one worker sends a delivery, others skip it until this lease ends. */
const claimLeaseMs = 60_000;
const batchSize = 20;
const followUpDelaysMs = [50, 250, 1_000];

export interface DeliveryPass {
  attempts: number;
  /** The shortest retry delay scheduled in this pass, if any attempt failed and will be retried. */
  nextRetryInMs: number | null;
}

/** Sends every delivery due now; with `signal`, stops claiming more once it is aborted. */
export async function deliverDueWebhooks(
  options: WebhookDeliveryOptions,
  signal?: AbortSignal,
): Promise<DeliveryPass> {
  const now = options.clock();
  const due = await options.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(batchSize);
  let attempts = 0;
  let nextRetryInMs: number | null = null;
  for (const delivery of due) {
    // Unclaimed deliveries stay pending for the next worker (or process).
    if (signal?.aborted) break;
    // Claiming by the exact due time we read makes two workers (or processes) never both send it.
    const claimed = await options.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + claimLeaseMs) })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) continue;
    const retryInMs = await attemptDelivery(options, delivery);
    attempts += 1;
    if (retryInMs !== null) nextRetryInMs = Math.min(nextRetryInMs ?? retryInMs, retryInMs);
  }
  return { attempts, nextRetryInMs };
}

async function attemptDelivery(
  options: WebhookDeliveryOptions,
  delivery: typeof webhookDeliveries.$inferSelect,
): Promise<number | null> {
  const { db, clock } = options;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  const attemptedAt = clock();
  const started = performance.now();
  let responseStatus: number | null = null;
  let error: string | null = null;
  if (!endpoint || endpoint.disabled) {
    error = "Endpoint disabled";
  } else {
    const body = JSON.stringify(delivery.payload);
    const request = {
      method: "POST",
      headers: webhookHeaders(openWebhookSecret(options.secrets, endpoint), {
        id: delivery.id,
        timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
        body,
      }),
      body,
    };
    try {
      const response = options.fetch
        ? await options.fetch(endpoint.url, request)
        : await guardedFetch(options.outgoing, endpoint.url, {
            ...request,
            maxRedirects: 0,
            timeoutMs: options.timeoutMs ?? 15_000,
          });
      responseStatus = response.status;
      await response.body?.cancel();
    } catch (cause) {
      const refusal = findRefusal(cause);
      error = refusal
        ? `Refused: ${refusal.message}`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const succeeded = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
  const attemptCount = delivery.attemptCount + 1;
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const retryDelay = endpoint && !endpoint.disabled ? delays[attemptCount - 1] : undefined;
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      responseStatus,
      error,
      durationMs,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        succeeded
          ? { status: "succeeded", attemptCount }
          : retryDelay === undefined
            ? { status: "failed", attemptCount }
            : { attemptCount, nextAttemptAt: new Date(attemptedAt.getTime() + retryDelay) },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  if (!succeeded) {
    options.logger.warn(
      { deliveryId: delivery.id, endpointId: delivery.endpointId, responseStatus, error },
      "Webhook delivery attempt failed",
    );
  }
  return succeeded ? null : (retryDelay ?? null);
}

export interface WebhookWorker {
  /** Runs a pass now (after the one under way); resolves with the number of attempts (0 once stopped). */
  runNow(): Promise<number>;
  /**
   * No pass starts after this, and a pass under way claims no further delivery (the one being sent
   * is finished and recorded). Resolves when that pass is over, so the database can close next.
   */
  stop(): Promise<void>;
  /**
   * No pass starts until `resume()`; resolves when the pass under way is over. For whoever drives
   * deliveries by hand meanwhile (tests with a fake clock), so two passes never race.
   */
  pause(): Promise<void>;
  /** Passes start again, and one runs now for whatever fell due while paused. */
  resume(): void;
}

/**
 * The in-process worker: a pass when an event is emitted (in any database of the process: the
 * emitter may hold a transaction, which cannot tell its database), when a retry falls due, and
 * every `pollIntervalMs` if given (deliveries a previous process left pending). Passes never
 * overlap; timers do not keep the process alive.
 */
export function startWebhookWorker(
  options: WebhookDeliveryOptions & { pollIntervalMs?: number },
): WebhookWorker {
  let chain: Promise<number> = Promise.resolve(0);
  let paused = false;
  const stopping = new AbortController();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const runLater = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void runNow();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };
  const runNow = (): Promise<number> => {
    if (stopping.signal.aborted || paused) return Promise.resolve(0);
    chain = chain
      .catch(() => 0)
      .then(async () => {
        let total = 0;
        // Keep going while full batches come back, so a backlog drains in one pass.
        while (!stopping.signal.aborted && !paused) {
          const pass = await deliverDueWebhooks(options, stopping.signal);
          total += pass.attempts;
          if (pass.nextRetryInMs !== null) runLater(pass.nextRetryInMs + 100);
          if (pass.attempts < batchSize) break;
        }
        return total;
      });
    chain.catch((error: unknown) => {
      options.logger.error({ error: String(error) }, "Webhook delivery pass failed");
    });
    return chain;
  };
  // An event emitted inside a transaction is told before that transaction commits, so the first
  // pass may not see it yet: follow-up passes catch it without waiting for the poll.
  const unsubscribe = onWebhookWork(() => {
    void runNow();
    for (const delayMs of followUpDelaysMs) runLater(delayMs);
  });
  const poll =
    options.pollIntervalMs === undefined
      ? undefined
      : setInterval(() => void runNow(), options.pollIntervalMs);
  poll?.unref();
  if (poll) void runNow();
  return {
    runNow,
    async stop() {
      if (!stopping.signal.aborted) {
        stopping.abort();
        unsubscribe();
        clearInterval(poll);
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      }
      await chain.catch(() => 0);
    },
    async pause() {
      paused = true;
      await chain.catch(() => 0);
    },
    resume() {
      paused = false;
      void runNow();
    },
  };
}

const webhookWorkers = perDatabaseWorkers(startWebhookWorker);

export type WebhookWorkerHold = WorkerHold<WebhookWorker>;

/** The webhook worker running for `db` in this process, if an API holds one. */
export function runningWebhookWorker(db: WebhookDeliveryOptions["db"]): WebhookWorker | undefined {
  return webhookWorkers.running(db);
}

/** The process's one webhook worker for `options.db` (see per-database-worker.ts). */
export function holdWebhookWorker(
  options: WebhookDeliveryOptions & { pollIntervalMs?: number },
): WebhookWorkerHold {
  return webhookWorkers.hold(options);
}
