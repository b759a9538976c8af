/**
 * The Svix-compatible API (decision 025): the part of Svix's REST API that Stack Auth's dashboard
 * and its end-to-end suite speak, over our own webhook endpoints and delivery log (no second store).
 * An application is a project, its id the project id; the bearer token is a `whmt_` management
 * token from `POST /api/v1/webhooks/svix-token`, which names one project. Routes, all under
 * `/api/v1/app/{app_id}`:
 *
 * - `endpoint`: create (`POST`, EndpointIn: url, description, filterTypes, disabled), list;
 *   `endpoint/{id}`: read, delete; `endpoint/{id}/secret`: the signing secret;
 * - `msg`: list (newest first, `event_types` filter); `msg/{id}`: one message (`with_content`);
 * - `attempt/endpoint/{id}` and `attempt/msg/{id}`: logged attempts, newest first (`with_msg`).
 *
 * Lists take `limit` (1 to 250, default 50) and `iterator` (the previous page's). Errors are
 * Svix's: 401 for a missing or bad token, 404 for an unknown id or another project's application
 * (alike, as Svix), 422 for a request that does not validate; never a 5xx for what a client sends.
 * Served on a port of its own (apps/server, SVIX_API_PORT), not on the public port.
 * @module
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { jsonNestsDeeperThan, maxJsonDepth } from "../http/body-parser";
import { findUnstorableText } from "../http/input-guard";
import { readManagementToken } from "../services/admin/management-tokens";
import type { AuthDeps } from "../services/auth-deps";
import { StatusError } from "../services/shared/status-error";
import {
  findDelivery,
  listAttempts,
  listProjectDeliveries,
} from "../services/webhooks/delivery-log";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  getWebhookEndpointSecret,
  listWebhookEndpoints,
  type WebhookEndpoint,
} from "../services/webhooks/webhook-endpoints";
import { webhookEventTypes } from "../services/webhooks/webhook-events";
import { SvixError, svixErrors, validationError } from "./svix-errors";
import {
  fromSvixAttemptId,
  listResponse,
  toSvixAttempt,
  toSvixEndpoint,
  toSvixMessage,
} from "./svix-wire";

export type SvixApiDeps = Pick<
  AuthDeps,
  "db" | "clock" | "logger" | "ids" | "secrets" | "outgoing"
>;

export interface SvixEnv {
  Variables: { projectId: string };
}

/** A Hono app: serve its `fetch` on a listener of its own. */
export type SvixApi = Hono<SvixEnv>;

/** The largest body taken: an EndpointIn is a few hundred bytes. */
export const SVIX_API_BODY_LIMIT_BYTES = 64 * 1024;

/** Our message ids (`msg_` + 27 base64url characters); anything else names no message. */
const messageIdPattern = /^msg_[A-Za-z0-9_-]{1,64}$/;

const notSupported = "not supported by this server";
/** Fields of Svix's EndpointIn we do not offer: accepted only unset (null or absent). */
const unsupportedField = z.null({ error: notSupported }).optional();

const endpointIn = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL" })
    .max(2000, "expected at most 2000 characters"),
  description: z.string().max(1000).optional(),
  filterTypes: z
    .array(z.enum(webhookEventTypes))
    .min(1, "expected at least one event type, or null for all")
    .nullable()
    .optional(),
  disabled: z.boolean().optional(),
  /** Svix's payload version: we have version 1 only. */
  version: z.literal(1, { error: "only version 1 is offered" }).nullable().optional(),
  metadata: z
    .record(z.string(), z.string())
    .refine((metadata) => Object.keys(metadata).length === 0, notSupported)
    .optional(),
  uid: unsupportedField,
  rateLimit: unsupportedField,
  channels: unsupportedField,
  secret: unsupportedField,
  headers: unsupportedField,
});

const pageQuery = z.object({
  limit: z.coerce
    .number({ error: "expected a number" })
    .int("expected a whole number")
    .min(1, "expected 1 to 250")
    .max(250, "expected 1 to 250")
    .default(50),
  iterator: z.string().max(100).optional(),
});
const booleanFlag = z.enum(["true", "false"], { error: "expected true or false" });
const messageQuery = z.object({ with_content: booleanFlag.default("true") });
const messageListQuery = pageQuery.extend({ with_content: booleanFlag.default("true") });
const attemptListQuery = pageQuery.extend({ with_msg: booleanFlag.default("false") });
/** Svix's event type names; a type we never emit just matches nothing. */
const eventTypeFilter = z.object({
  event_types: z
    .array(z.string().regex(/^[a-zA-Z0-9\-_.]{1,256}$/, "expected an event type name"))
    .max(50),
});

function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const queries = c.req.queries();
  const flat = Object.fromEntries(
    Object.entries(queries).map(([name, values]) => [name, values.at(-1)]),
  );
  const result = schema.safeParse(flat);
  if (!result.success) throw validationError("query", result.error);
  return result.data;
}

async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    if (jsonNestsDeeperThan(text, maxJsonDepth)) throw new Error("too deep");
    body = JSON.parse(text);
  } catch {
    throw svixErrors.invalid([
      { loc: ["body"], msg: "expected a JSON object", type: "type_error" },
    ]);
  }
  // PostgreSQL stores no NUL character or lone surrogate: refused here, not by a failing query.
  const unstorable = findUnstorableText(body, "body");
  if (unstorable)
    throw svixErrors.invalid([{ loc: ["body"], msg: unstorable, type: "value_error" }]);
  const result = schema.safeParse(body);
  if (!result.success) throw validationError("body", result.error);
  return result.data;
}

export function createSvixApi(deps: SvixApiDeps): SvixApi {
  const app = new Hono<SvixEnv>();
  // Svix is called from browsers (the dashboard's app portal) with a bearer token, no cookies.
  app.use("*", cors({ origin: "*", maxAge: 600 }));
  app.use(
    "*",
    bodyLimit({
      maxSize: SVIX_API_BODY_LIMIT_BYTES,
      onError: (c) => svixAnswer(c, svixErrors.payloadTooLarge()),
    }),
  );

  // Every route names an application: the token's project, else 404 (as Svix, which does not say
  // whether an application it will not show exists).
  app.use("/api/v1/app/:app_id/*", async (c, next) => {
    const match = /^Bearer +(\S+) *$/i.exec(c.req.header("authorization") ?? "");
    const reading = match?.[1]
      ? await readManagementToken(deps.db, match[1], deps.clock())
      : ({ status: "invalid" } as const);
    if (reading.status === "invalid") throw svixErrors.authenticationFailed();
    if (c.req.param("app_id") !== reading.projectId) throw svixErrors.notFound();
    // The token outlives a deleted project.
    if (reading.status === "project-gone") throw svixErrors.notFound();
    c.set("projectId", reading.projectId);
    await next();
  });

  async function requireEndpoint(c: Context<SvixEnv>): Promise<WebhookEndpoint> {
    const endpointId = c.req.param("endpoint_id") ?? "";
    // Anything but a UUID names no endpoint (and must not reach the uuid column).
    if (!z.uuid().safeParse(endpointId).success) throw svixErrors.notFound();
    return getWebhookEndpoint(deps.db, c.get("projectId"), endpointId);
  }

  function requireMessageId(c: Context<SvixEnv>): string {
    const messageId = c.req.param("msg_id") ?? "";
    if (!messageIdPattern.test(messageId)) throw svixErrors.notFound();
    return messageId;
  }

  app.post("/api/v1/app/:app_id/endpoint", async (c) => {
    const body = await parseJsonBody(c, endpointIn);
    let endpoint: WebhookEndpoint;
    try {
      endpoint = await createWebhookEndpoint(
        deps.db,
        deps.ids,
        deps.secrets,
        deps.outgoing,
        c.get("projectId"),
        {
          url: body.url,
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.filterTypes === undefined ? {} : { event_types: body.filterTypes }),
          ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
        },
        deps.clock(),
      );
    } catch (error) {
      // The outgoing-request policy refuses the URL (decision 008): a validation error of `url`.
      if (error instanceof StatusError && error.status === 400) {
        throw svixErrors.invalid([
          { loc: ["body", "url"], msg: error.message, type: "value_error" },
        ]);
      }
      throw error;
    }
    return c.json(toSvixEndpoint(endpoint), 201);
  });

  app.get("/api/v1/app/:app_id/endpoint", async (c) => {
    const query = parseQuery(c, pageQuery);
    // A project has a handful of endpoints: one read, paged here, newest first.
    const endpoints = (await listWebhookEndpoints(deps.db, c.get("projectId"))).reverse();
    let rows = endpoints;
    if (query.iterator !== undefined) {
      const previous = endpoints.findIndex((endpoint) => endpoint.id === query.iterator);
      rows = previous === -1 ? [] : endpoints.slice(previous + 1);
    }
    return c.json(
      listResponse(rows.slice(0, query.limit + 1), query.limit, toSvixEndpoint, (item) => item.id),
    );
  });

  app.get("/api/v1/app/:app_id/endpoint/:endpoint_id", async (c) => {
    return c.json(toSvixEndpoint(await requireEndpoint(c)));
  });

  app.delete("/api/v1/app/:app_id/endpoint/:endpoint_id", async (c) => {
    const endpoint = await requireEndpoint(c);
    await deleteWebhookEndpoint(deps.db, c.get("projectId"), endpoint.id);
    return c.body(null, 204);
  });

  app.get("/api/v1/app/:app_id/endpoint/:endpoint_id/secret", async (c) => {
    const endpoint = await requireEndpoint(c);
    const key = await getWebhookEndpointSecret(
      deps.db,
      deps.secrets,
      c.get("projectId"),
      endpoint.id,
    );
    return c.json({ key });
  });

  app.get("/api/v1/app/:app_id/msg", async (c) => {
    const query = parseQuery(c, messageListQuery);
    const filter = eventTypeFilter.safeParse({ event_types: c.req.queries("event_types") ?? [] });
    if (!filter.success) throw validationError("query", filter.error);
    if (query.iterator !== undefined && !messageIdPattern.test(query.iterator)) {
      throw svixErrors.invalid([
        { loc: ["query", "iterator"], msg: "expected a message id", type: "value_error" },
      ]);
    }
    const rows = await listProjectDeliveries(deps.db, c.get("projectId"), {
      limit: query.limit + 1,
      before: query.iterator,
      eventTypes: filter.data.event_types,
    });
    const withContent = query.with_content === "true";
    return c.json(
      listResponse(
        rows,
        query.limit,
        (row) => toSvixMessage(row, withContent),
        (item) => item.id,
      ),
    );
  });

  app.get("/api/v1/app/:app_id/msg/:msg_id", async (c) => {
    const messageId = requireMessageId(c);
    const query = parseQuery(c, messageQuery);
    const delivery = await findDelivery(deps.db, c.get("projectId"), messageId);
    if (!delivery) throw svixErrors.notFound();
    return c.json(toSvixMessage(delivery, query.with_content === "true"));
  });

  function readAttemptIterator(iterator: string | undefined): number | undefined {
    if (iterator === undefined) return undefined;
    const before = fromSvixAttemptId(iterator);
    if (before === null) {
      throw svixErrors.invalid([
        { loc: ["query", "iterator"], msg: "expected an attempt id", type: "value_error" },
      ]);
    }
    return before;
  }

  app.get("/api/v1/app/:app_id/attempt/endpoint/:endpoint_id", async (c) => {
    const endpoint = await requireEndpoint(c);
    const query = parseQuery(c, attemptListQuery);
    const rows = await listAttempts(
      deps.db,
      c.get("projectId"),
      { endpointId: endpoint.id },
      { limit: query.limit + 1, before: readAttemptIterator(query.iterator) },
    );
    const withMessage = query.with_msg === "true";
    return c.json(
      listResponse(
        rows,
        query.limit,
        ({ attempt, delivery }) => toSvixAttempt(attempt, delivery, endpoint.url, withMessage),
        (item) => item.id,
      ),
    );
  });

  app.get("/api/v1/app/:app_id/attempt/msg/:msg_id", async (c) => {
    const messageId = requireMessageId(c);
    const query = parseQuery(c, attemptListQuery);
    const delivery = await findDelivery(deps.db, c.get("projectId"), messageId);
    if (!delivery) throw svixErrors.notFound();
    const endpoint = await getWebhookEndpoint(deps.db, c.get("projectId"), delivery.endpointId);
    const rows = await listAttempts(
      deps.db,
      c.get("projectId"),
      { deliveryId: delivery.id },
      { limit: query.limit + 1, before: readAttemptIterator(query.iterator) },
    );
    const withMessage = query.with_msg === "true";
    return c.json(
      listResponse(
        rows,
        query.limit,
        ({ attempt }) => toSvixAttempt(attempt, delivery, endpoint.url, withMessage),
        (item) => item.id,
      ),
    );
  });

  app.notFound((c) => svixAnswer(c, svixErrors.notFound()));
  app.onError((error, c) => {
    if (error instanceof SvixError) return svixAnswer(c, error);
    // Our services' 404 (an endpoint gone meanwhile) and any other client error they raise.
    if (error instanceof StatusError && error.status === 404) {
      return svixAnswer(c, svixErrors.notFound());
    }
    if (error instanceof StatusError && error.status >= 400 && error.status < 500) {
      return c.json(
        { code: "generic_error", detail: error.message },
        error.status as ContentfulStatusCode,
      );
    }
    deps.logger.error({ error: String(error), path: c.req.path }, "Svix API request failed");
    return c.json({ code: "server_error", detail: "Internal Server Error" }, 500);
  });
  return app;
}

function svixAnswer(c: Context, error: SvixError): Response {
  return c.json(error.body, error.status);
}
