/**
 * The webhook worker's lifecycle: `stop()` lets the delivery under way finish (and be recorded),
 * claims nothing more and runs no pass afterwards, so the database can close next without a failed
 * pass in the log; one worker per database however many auth APIs hold it; the auth API's
 * `close()` stops it, also with a delivery in flight at shutdown; `pause()` lets a test drive
 * deliveries by hand without a pass of the worker racing it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAuthApi } from "../../app";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import type { AuthLogger } from "../shared/auth-logger";
import { holdWebhookWorker, startWebhookWorker } from "./webhook-delivery";
import { emitWebhookEvent } from "./webhook-events";

interface LogEntry {
  level: "info" | "warn" | "error";
  message: string;
}

function recordingLogger(): AuthLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (_data, message) => entries.push({ level: "info", message }),
    warn: (_data, message) => entries.push({ level: "warn", message }),
    error: (_data, message) => entries.push({ level: "error", message }),
  };
}

/** A `fetch` that records each delivery and holds its answer until `open()`. */
function gatedFetch() {
  const calls: string[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const fetchDelivery = (async (url: string | URL | Request) => {
    calls.push(String(url));
    await gate;
    return new Response("ok", { status: 200 });
  }) as typeof fetch;
  return { calls, open: () => open(), fetch: fetchDelivery };
}

async function waitFor(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestAuthApi;
let projectId: string;
let endpointId: string;
let logger: ReturnType<typeof recordingLogger>;

async function insertDelivery(id: string): Promise<void> {
  await t.db.insert(webhookDeliveries).values({
    id,
    projectId,
    endpointId,
    eventType: "team.deleted",
    payload: { type: "team.deleted", data: { id } },
    status: "pending",
    nextAttemptAt: new Date(0),
  });
}

async function deliveryRow(id: string) {
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

beforeEach(async () => {
  logger = recordingLogger();
  t = await createTestAuthApi({ logger });
  projectId = (await t.createProject()).id;
  // Inserted directly: the API's own worker hears only of emitted events, and these tests drive
  // their own worker.
  endpointId = crypto.randomUUID();
  await t.db.insert(webhookEndpoints).values({
    id: endpointId,
    projectId,
    url: "http://127.0.0.1:9/hook",
    secret: `whsec_${Buffer.from("a test secret of 24 bytes").toString("base64")}`,
    updatedAt: new Date(),
  });
});
afterEach(async () => {
  await t.close();
});

describe("webhook worker stop", () => {
  it("finishes the delivery under way, claims no other and runs nothing after the database closes", async () => {
    // Only this test's worker runs: the API's own one is stopped first.
    await t.api.close();
    await insertDelivery("msg_in_flight");
    await insertDelivery("msg_next_in_batch");
    const receiver = gatedFetch();
    const worker = startWebhookWorker({
      db: t.db,
      clock: () => new Date(),
      logger,
      outgoing: t.outgoing,
      secrets: t.secrets,
      fetch: receiver.fetch,
      pollIntervalMs: 20,
    });
    await waitFor(() => receiver.calls.length === 1);

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await pause(50);
    expect(stopped).toBe(false);
    receiver.open();
    await stopping;

    expect(await deliveryRow("msg_in_flight")).toMatchObject({
      status: "succeeded",
      attemptCount: 1,
    });
    const attempts = await t.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, "msg_in_flight"));
    expect(attempts.map((attempt) => attempt.responseStatus)).toEqual([200]);
    // Stopped between deliveries: the second one is left for the next worker, unclaimed.
    expect(await deliveryRow("msg_next_in_batch")).toMatchObject({
      status: "pending",
      attemptCount: 0,
      nextAttemptAt: new Date(0),
    });
    expect(await worker.runNow()).toBe(0);
    await emitWebhookEvent(t.db, projectId, "team.deleted", { id: "after-stop" });

    await t.close();
    // Many poll intervals and every follow-up delay (up to 1 s) later: no pass has run.
    await pause(1_200);
    expect(receiver.calls).toHaveLength(1);
    expect(logger.entries.filter((entry) => entry.level === "error")).toEqual([]);
  });
});

describe("webhook worker pause", () => {
  it("waits for the pass under way, runs none while paused, and delivers what fell due on resume", async () => {
    await t.api.close();
    await insertDelivery("msg_before_pause");
    const receiver = gatedFetch();
    const worker = startWebhookWorker({
      db: t.db,
      clock: () => new Date(),
      logger,
      outgoing: t.outgoing,
      secrets: t.secrets,
      fetch: receiver.fetch,
      pollIntervalMs: 20,
    });
    try {
      await waitFor(() => receiver.calls.length === 1);
      let paused = false;
      const pausing = worker.pause().then(() => {
        paused = true;
      });
      await pause(50);
      expect(paused).toBe(false);
      receiver.open();
      await pausing;

      await insertDelivery("msg_while_paused");
      expect(await worker.runNow()).toBe(0);
      // Many poll intervals later: still not sent.
      await pause(200);
      expect(receiver.calls).toHaveLength(1);
      expect(await deliveryRow("msg_while_paused")).toMatchObject({ status: "pending" });

      worker.resume();
      await waitFor(async () => (await deliveryRow("msg_while_paused"))?.status === "succeeded");
      expect(receiver.calls).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });
});

describe("one worker per database", () => {
  it("is shared by every holder and stops with the last release", async () => {
    // The test API already holds the worker of t.db.
    const first = holdWebhookWorker({
      db: t.db,
      clock: () => new Date(),
      logger,
      outgoing: t.outgoing,
      secrets: t.secrets,
    });
    const second = holdWebhookWorker({
      db: t.db,
      clock: () => new Date(),
      logger,
      outgoing: t.outgoing,
      secrets: t.secrets,
    });
    expect(second.worker).toBe(first.worker);
    await first.release();
    await first.release();
    await second.release();
    // The API's hold keeps it running: an emitted event is still attempted (the endpoint's
    // address refuses connections, so the attempt is logged as failed).
    await emitWebhookEvent(t.db, projectId, "team.deleted", { id: "while-held" });
    await waitFor(async () => {
      const rows = await t.db.select().from(webhookDeliveryAttempts);
      return rows.length === 1;
    });

    await t.api.close();
    const fresh = holdWebhookWorker({
      db: t.db,
      clock: () => new Date(),
      logger,
      outgoing: t.outgoing,
      secrets: t.secrets,
    });
    expect(fresh.worker).not.toBe(first.worker);
    await fresh.release();
  });

  it("a second auth API on the same database shares the worker; closing the last one stops it", async () => {
    const server = await startReceiver();
    try {
      await t.db
        .update(webhookEndpoints)
        .set({ url: server.url })
        .where(eq(webhookEndpoints.id, endpointId));
      const second = createAuthApi({ db: t.db, config: t.config, baseUrl: t.baseUrl, logger });
      await t.api.close();
      await emitWebhookEvent(t.db, projectId, "team.deleted", { id: "second-api" });
      await waitFor(() => server.received.length === 1);

      await second.close();
      await emitWebhookEvent(t.db, projectId, "team.deleted", { id: "after-close" });
      await pause(1_200);
      expect(server.received).toHaveLength(1);
      const pending = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, "pending"));
      expect(pending.map((row) => row.payload)).toEqual([
        { type: "team.deleted", data: { id: "after-close" } },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("the auth API's close", () => {
  it("waits for a delivery in flight, so the database closes after it without a failed pass", async () => {
    const server = await startReceiver({ holdAnswers: true });
    try {
      await t.db
        .update(webhookEndpoints)
        .set({ url: server.url })
        .where(eq(webhookEndpoints.id, endpointId));
      await emitWebhookEvent(t.db, projectId, "team.deleted", { id: "at-shutdown" });
      await waitFor(() => server.received.length === 1);

      const closing = t.close();
      await pause(50);
      server.answerHeld();
      await closing;
      await pause(1_200);
      expect(server.received).toHaveLength(1);
      expect(logger.entries.filter((entry) => entry.level === "error")).toEqual([]);
    } finally {
      server.answerHeld();
      await server.close();
    }
  });
});

/** A loopback receiver; with `holdAnswers`, answers wait for `answerHeld()`. */
async function startReceiver(options: { holdAnswers?: boolean } = {}) {
  const received: string[] = [];
  const held: (() => void)[] = [];
  let releaseAll = !options.holdAnswers;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(request.url ?? "");
      const answer = () => response.end("ok");
      if (releaseAll) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answerHeld() {
      releaseAll = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
