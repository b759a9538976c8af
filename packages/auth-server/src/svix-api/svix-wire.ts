/**
 * Svix's wire shapes (camelCase, ISO dates), made from our rows: `EndpointOut` from a webhook
 * endpoint, `MessageOut` from a delivery (our deliveries are one event for one endpoint, so each is
 * a message of its own, its id the `msg_…` `webhook-id` the receiver saw), `MessageAttemptOut` from a
 * logged HTTP attempt, and the `ListResponse…` envelope. Fields Svix has and we do not (channels,
 * uid, rate limit, metadata, tags) are answered as Svix answers them when unset.
 * @module
 */
import type { WebhookDeliveryAttemptRow, WebhookDeliveryRow } from "../db/schema";
import type { WebhookEndpoint } from "../services/webhooks/webhook-endpoints";

export interface SvixEndpointOut {
  id: string;
  url: string;
  description: string;
  version: number;
  rateLimit: null;
  uid: null;
  disabled: boolean;
  filterTypes: string[] | null;
  channels: null;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export function toSvixEndpoint(endpoint: WebhookEndpoint): SvixEndpointOut {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    version: 1,
    rateLimit: null,
    uid: null,
    disabled: endpoint.disabled,
    filterTypes: endpoint.event_types,
    channels: null,
    metadata: {},
    createdAt: new Date(endpoint.created_at_millis).toISOString(),
    updatedAt: new Date(endpoint.updated_at_millis).toISOString(),
  };
}

export interface SvixMessageOut {
  id: string;
  eventId: null;
  eventType: string;
  /** `{}` when the caller asked `with_content=false`, as Svix. */
  payload: unknown;
  channels: null;
  timestamp: string;
}

export function toSvixMessage(delivery: WebhookDeliveryRow, withContent: boolean): SvixMessageOut {
  return {
    id: delivery.id,
    eventId: null,
    eventType: delivery.eventType,
    payload: withContent ? delivery.payload : {},
    channels: null,
    timestamp: delivery.createdAt.toISOString(),
  };
}

/** Svix's attempt status: 0 success, 1 pending, 2 failed, 3 sending; logged attempts are done. */
const succeeded = { status: 0, statusText: "success" } as const;
const failed = { status: 2, statusText: "fail" } as const;

export interface SvixMessageAttemptOut {
  id: string;
  msgId: string;
  endpointId: string;
  url: string;
  /** We keep no response bodies: the network error or refusal, else "". */
  response: string;
  /** 0 when no HTTP answer came (network error, timeout, refused target), as Svix. */
  responseStatusCode: number;
  responseDurationMs: number;
  status: 0 | 2;
  statusText: "success" | "fail";
  /** 0: scheduled (we have no manual resends). */
  triggerType: 0;
  timestamp: string;
  msg?: SvixMessageOut;
}

/** Attempt ids: ours are a sequence; Svix's carry a type prefix, so ours do too. */
const attemptIdPrefix = "atmpt_";

export function toSvixAttemptId(id: number): string {
  return `${attemptIdPrefix}${id}`;
}

/** The sequence number an `atmpt_…` id names, or null if it names none. */
export function fromSvixAttemptId(id: string): number | null {
  const match = /^atmpt_([1-9]\d{0,15})$/.exec(id);
  return match?.[1] ? Number(match[1]) : null;
}

export function toSvixAttempt(
  attempt: WebhookDeliveryAttemptRow,
  delivery: WebhookDeliveryRow,
  endpointUrl: string,
  withMessage: boolean,
): SvixMessageAttemptOut {
  const status = attempt.responseStatus;
  const ok = status !== null && status >= 200 && status < 300;
  return {
    id: toSvixAttemptId(attempt.id),
    msgId: delivery.id,
    endpointId: delivery.endpointId,
    url: endpointUrl,
    response: attempt.error ?? "",
    responseStatusCode: status ?? 0,
    responseDurationMs: attempt.durationMs,
    ...(ok ? succeeded : failed),
    triggerType: 0,
    timestamp: attempt.attemptedAt.toISOString(),
    ...(withMessage ? { msg: toSvixMessage(delivery, true) } : {}),
  };
}

export interface SvixListResponse<T> {
  data: T[];
  /** The id to pass as `iterator` for the next page; null on an empty page. */
  iterator: string | null;
  /** Backward paging is not offered. */
  prevIterator: null;
  done: boolean;
}

/**
 * A page from `limit + 1` rows read: the extra row only says whether more follow.
 */
export function listResponse<Row, T>(
  rows: readonly Row[],
  limit: number,
  toWire: (row: Row) => T,
  idOf: (item: T) => string,
): SvixListResponse<T> {
  const data = rows.slice(0, limit).map(toWire);
  const last = data.at(-1);
  return {
    data,
    iterator: last === undefined ? null : idOf(last),
    prevIterator: null,
    done: rows.length <= limit,
  };
}
