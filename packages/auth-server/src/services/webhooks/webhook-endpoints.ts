/**
 * A project's webhook endpoints and their delivery log, as the endpoint-management API shows them.
 * Unknown ids (or ids of another project) answer 404 and change nothing. An endpoint URL the
 * outgoing-request policy already refuses (an internal address, or a name resolving to one) is
 * refused with a 400 when it is set; deliveries check it again on every connection.
 * @module
 */
import type { Database, Transaction } from "@heritage/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
} from "../../db/schema";
import { findTargetRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import { type SecretBox, secretContexts } from "../secrets/secret-box";
import type { IdGenerators } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import { generateWebhookSecret } from "./standard-webhooks";
import type { WebhookEventType } from "./webhook-events";

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  /** null: every event type. */
  event_types: WebhookEventType[] | null;
  disabled: boolean;
  created_at_millis: number;
  updated_at_millis: number;
}

export interface WebhookEndpointWrite {
  url?: string;
  description?: string;
  event_types?: WebhookEventType[] | null;
  disabled?: boolean;
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEventType[] | null,
    disabled: row.disabled,
    created_at_millis: row.createdAt.getTime(),
    updated_at_millis: row.updatedAt.getTime(),
  };
}

async function requireEndpointRow(
  db: Database | Transaction,
  projectId: string,
  endpointId: string,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)));
  if (!row) throw plainErrors.webhookEndpointNotFound();
  return row;
}

/** Refuses (text 400, nothing stored) a URL the server would never deliver to. */
async function assertDeliverableUrl(url: string, outgoing: OutgoingPolicy): Promise<void> {
  const refusal = await findTargetRefusal({ url }, outgoing);
  if (refusal) throw plainErrors.invalidWebhookUrl(refusal);
}

/** The `whsec_` secret deliveries sign with; it is stored encrypted, bound to its endpoint. */
export function openWebhookSecret(
  secrets: SecretBox,
  row: Pick<WebhookEndpointRow, "id" | "secret">,
): string {
  return secrets.open(row.secret, secretContexts.webhookSecret(row.id));
}

/** Creates an endpoint; the answer is the only one besides GET …/secret that shows the secret. */
export async function createWebhookEndpoint(
  db: Database,
  ids: IdGenerators,
  secrets: SecretBox,
  outgoing: OutgoingPolicy,
  projectId: string,
  input: WebhookEndpointWrite & { url: string },
  now: Date,
): Promise<WebhookEndpoint & { secret: string }> {
  await assertDeliverableUrl(input.url, outgoing);
  const id = ids.generateId();
  const secret = generateWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      projectId,
      url: input.url,
      description: input.description ?? "",
      secret: secrets.seal(secret, secretContexts.webhookSecret(id)),
      eventTypes: input.event_types ?? null,
      disabled: input.disabled ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("Insert returned no webhook endpoint");
  return { ...toEndpoint(row), secret };
}

export async function listWebhookEndpoints(
  db: Database,
  projectId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

export async function getWebhookEndpoint(
  db: Database,
  projectId: string,
  endpointId: string,
): Promise<WebhookEndpoint> {
  return toEndpoint(await requireEndpointRow(db, projectId, endpointId));
}

export async function getWebhookEndpointSecret(
  db: Database,
  secrets: SecretBox,
  projectId: string,
  endpointId: string,
): Promise<string> {
  return openWebhookSecret(secrets, await requireEndpointRow(db, projectId, endpointId));
}

export async function updateWebhookEndpoint(
  db: Database,
  outgoing: OutgoingPolicy,
  projectId: string,
  endpointId: string,
  input: WebhookEndpointWrite,
  now: Date,
): Promise<WebhookEndpoint> {
  await requireEndpointRow(db, projectId, endpointId);
  if (input.url !== undefined) await assertDeliverableUrl(input.url, outgoing);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.event_types === undefined ? {} : { eventTypes: input.event_types }),
      ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  if (!row) throw plainErrors.webhookEndpointNotFound();
  return toEndpoint(row);
}

/** Deletes the endpoint with its deliveries and their log (cascade). */
export async function deleteWebhookEndpoint(
  db: Database,
  projectId: string,
  endpointId: string,
): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw plainErrors.webhookEndpointNotFound();
}

export interface WebhookDeliveryLogEntry {
  id: string;
  event_type: string;
  payload: unknown;
  status: "pending" | "succeeded" | "failed";
  attempt_count: number;
  /** When a pending delivery is next tried; null once it succeeded or failed for good. */
  next_attempt_at_millis: number | null;
  created_at_millis: number;
  attempts: {
    attempted_at_millis: number;
    response_status: number | null;
    error: string | null;
    duration_ms: number;
  }[];
}

/**
 * The newest deliveries of an endpoint (up to `limit`), each with its attempts oldest first. Both
 * reads share one snapshot: the worker logs an attempt and counts it in one transaction, and read
 * apart (READ COMMITTED) a delivery could show an attempt its `attempt_count` did not count yet.
 */
export async function listWebhookDeliveries(
  db: Database,
  projectId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryLogEntry[]> {
  const { deliveries, attempts } = await db.transaction(
    async (tx) => {
      await requireEndpointRow(tx, projectId, endpointId);
      const deliveries = await tx
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.sequence))
        .limit(limit);
      const attempts =
        deliveries.length === 0
          ? []
          : await tx
              .select()
              .from(webhookDeliveryAttempts)
              .where(
                inArray(
                  webhookDeliveryAttempts.deliveryId,
                  deliveries.map((delivery) => delivery.id),
                ),
              )
              .orderBy(asc(webhookDeliveryAttempts.id));
      return { deliveries, attempts };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return deliveries.map((delivery) => ({
    id: delivery.id,
    event_type: delivery.eventType,
    payload: delivery.payload,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    // New deliveries carry the epoch ("due at once", see webhook-events.ts): show their creation.
    next_attempt_at_millis:
      delivery.status === "pending"
        ? Math.max(delivery.nextAttemptAt.getTime(), delivery.createdAt.getTime())
        : null,
    created_at_millis: delivery.createdAt.getTime(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempted_at_millis: attempt.attemptedAt.getTime(),
        response_status: attempt.responseStatus,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
  }));
}
