/**
 * Enqueuing webhook events (reference event names and payloads: `{type, data}` with the server
 * user/team object, `{id, teams: [{id}]}` for a deleted user, `{id}` for a deleted team and
 * `{team_id, user_id}` for memberships, `{id, team_id, user_id}` and `{id, user_id}` for team and
 * project permissions). Emitting only inserts one pending delivery per matching
 * endpoint, in the caller's transaction when given one, so the request never waits on a receiver;
 * the delivery worker (webhook-delivery.ts) sends them.
 * @module
 */
import { randomBytes } from "node:crypto";
import type { WebhookEventType } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";

export type { WebhookEventType } from "@heritage/auth-protocol";
export { webhookEventTypes } from "@heritage/auth-protocol";

/** New deliveries are due at once; the epoch stands for "now" whatever clock the worker uses. */
export const dueImmediately = new Date(0);

type WorkListener = () => void;
const workListeners = new Set<WorkListener>();

/** Delivery workers of this process register here to hear of new deliveries at once. */
export function onWebhookWork(listener: WorkListener): () => void {
  workListeners.add(listener);
  return () => workListeners.delete(listener);
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `msg_` + 27 random base62 characters, the form of Svix message ids (clients and Stack's suite
 * match them as `msg_[0-9a-zA-Z]{27}`); the `webhook-id` header.
 */
function generateMessageId(): string {
  let id = "";
  while (id.length < 27) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: larger bytes are skipped, so every character is equally likely.
      if (byte < 248 && id.length < 27) id += base62[byte % 62];
    }
  }
  return `msg_${id}`;
}

/**
 * Enqueues an event for every enabled endpoint of the project that subscribes to its type. The
 * workers are told after the current tick, i.e. usually after the caller's transaction commits;
 * otherwise their polling picks the rows up.
 */
export async function emitWebhookEvent(
  db: Database,
  projectId: string,
  type: WebhookEventType,
  data: unknown,
): Promise<void> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.disabled, false)));
  const targets = endpoints.filter(
    (endpoint) => endpoint.eventTypes === null || endpoint.eventTypes.includes(type),
  );
  if (targets.length === 0) return;
  await db.insert(webhookDeliveries).values(
    targets.map((endpoint) => ({
      id: generateMessageId(),
      projectId,
      endpointId: endpoint.id,
      eventType: type,
      payload: { type, data },
      status: "pending" as const,
      nextAttemptAt: dueImmediately,
    })),
  );
  setImmediate(() => {
    for (const listener of workListeners) listener();
  });
}
