/**
 * Reading the delivery log page by page: a project's deliveries (one event for one endpoint) newest
 * first, and the HTTP attempts of an endpoint or of one delivery newest first, each attempt with its
 * delivery. The Svix-compatible API (svix-api/) lists these; a page ends before a given row (the
 * previous page's last), so rows added meanwhile never shift a page. Every read is scoped to the
 * project: an id of another project finds nothing.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import {
  type WebhookDeliveryAttemptRow,
  type WebhookDeliveryRow,
  webhookDeliveries,
  webhookDeliveryAttempts,
} from "../../db/schema";

export interface LogPage {
  limit: number;
  /** Only rows older than this one (the last row of the previous page). */
  before?: string | undefined;
}

/** One delivery of the project, or null (unknown id, or another project's). */
export async function findDelivery(
  db: Database,
  projectId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

/** The project's deliveries, newest first; `eventTypes` keeps only those types. */
export async function listProjectDeliveries(
  db: Database,
  projectId: string,
  page: LogPage & { eventTypes?: readonly string[] | undefined },
): Promise<WebhookDeliveryRow[]> {
  const conditions: SQL[] = [eq(webhookDeliveries.projectId, projectId)];
  if (page.before !== undefined) {
    const previous = await findDelivery(db, projectId, page.before);
    if (!previous) return [];
    conditions.push(lt(webhookDeliveries.sequence, previous.sequence));
  }
  if (page.eventTypes && page.eventTypes.length > 0) {
    conditions.push(inArray(webhookDeliveries.eventType, [...page.eventTypes]));
  }
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.sequence))
    .limit(page.limit);
}

export interface LoggedAttempt {
  attempt: WebhookDeliveryAttemptRow;
  delivery: WebhookDeliveryRow;
}

/**
 * Attempts newest first, of one endpoint or of one delivery (the caller has checked that it is the
 * project's). `before` is an attempt id.
 */
export async function listAttempts(
  db: Database,
  projectId: string,
  of: { endpointId: string } | { deliveryId: string },
  page: { limit: number; before?: number | undefined },
): Promise<LoggedAttempt[]> {
  const conditions: SQL[] = [
    eq(webhookDeliveries.projectId, projectId),
    "endpointId" in of
      ? eq(webhookDeliveries.endpointId, of.endpointId)
      : eq(webhookDeliveries.id, of.deliveryId),
  ];
  if (page.before !== undefined) conditions.push(lt(webhookDeliveryAttempts.id, page.before));
  const rows = await db
    .select({ attempt: webhookDeliveryAttempts, delivery: webhookDeliveries })
    .from(webhookDeliveryAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveryAttempts.id))
    .limit(page.limit);
  return rows;
}
