/**
 * @module
 * Admin calls of the platform's administration (contract §3.8): user metrics, the management token
 * of `POST /webhooks/svix-token`, and the project's webhook endpoints with their delivery log.
 */
import {
  type AdminMetrics,
  adminMetricsSchema,
  createdWebhookEndpointSchema,
  svixTokenResponseSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from "@heritage/auth-protocol";
import { type AppCore, parseResponse, type ResponseSchema } from "../calls-core";

export interface WebhookEndpointInput {
  url: string;
  description?: string;
  /** null or omitted: every event type. */
  eventTypes?: WebhookEventType[] | null;
  disabled?: boolean;
}

export interface AdminPlatformCalls {
  /**
   * `GET /internal/metrics`: user figures and the auth, payments, e-mail and analytics overviews;
   * anonymous users count only with `includeAnonymous`.
   */
  getMetrics(options?: { includeAnonymous?: boolean }): Promise<AdminMetrics>;
  /** `POST /webhooks/svix-token`: a token for the endpoint-management API (valid one hour). */
  createSvixToken(): Promise<string>;
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>;
  /** The answer carries the endpoint's `whsec_` signing secret. */
  createWebhookEndpoint(input: WebhookEndpointInput): Promise<WebhookEndpoint & { secret: string }>;
  updateWebhookEndpoint(id: string, input: Partial<WebhookEndpointInput>): Promise<WebhookEndpoint>;
  deleteWebhookEndpoint(id: string): Promise<void>;
  getWebhookEndpointSecret(id: string): Promise<string>;
  /** Newest deliveries first, each with its attempts. */
  listWebhookDeliveries(id: string, options?: { limit?: number }): Promise<WebhookDelivery[]>;
}

const itemsOf = <T>(schema: ResponseSchema<T>): ResponseSchema<{ items: T[] }> => ({
  safeParse(data) {
    const items = (data as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) return { success: false, error: new Error("items is not an array") };
    const parsed: T[] = [];
    for (const item of items) {
      const result = schema.safeParse(item);
      if (!result.success) return result;
      parsed.push(result.data);
    }
    return { success: true, data: { items: parsed } };
  },
});

const secretSchema: ResponseSchema<{ key: string }> = {
  safeParse: (data) =>
    typeof (data as { key?: unknown } | null)?.key === "string"
      ? { success: true, data: data as { key: string } }
      : { success: false, error: new Error("key is not a string") },
};

function toWire(input: Partial<WebhookEndpointInput>): Record<string, unknown> {
  return {
    ...(input.url === undefined ? {} : { url: input.url }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.eventTypes === undefined ? {} : { event_types: input.eventTypes }),
    ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
  };
}

export function createAdminPlatformCalls(core: AppCore): AdminPlatformCalls {
  const endpointPath = (id: string) => `/webhooks/endpoints/${encodeURIComponent(id)}`;
  return {
    async getMetrics(options = {}) {
      const query = options.includeAnonymous ? "?include_anonymous=true" : "";
      return parseResponse(await core.send(`/internal/metrics${query}`), adminMetricsSchema);
    },
    async createSvixToken() {
      const response = await core.send("/webhooks/svix-token", { method: "POST", body: {} });
      return (await parseResponse(response, svixTokenResponseSchema)).token;
    },
    async listWebhookEndpoints() {
      const response = await core.send("/webhooks/endpoints");
      return (await parseResponse(response, itemsOf(webhookEndpointSchema))).items;
    },
    async createWebhookEndpoint(input) {
      const response = await core.send("/webhooks/endpoints", {
        method: "POST",
        body: toWire(input),
      });
      return parseResponse(response, createdWebhookEndpointSchema);
    },
    async updateWebhookEndpoint(id, input) {
      const response = await core.send(endpointPath(id), { method: "PATCH", body: toWire(input) });
      return parseResponse(response, webhookEndpointSchema);
    },
    async deleteWebhookEndpoint(id) {
      await core.send(endpointPath(id), { method: "DELETE" });
    },
    async getWebhookEndpointSecret(id) {
      return (await parseResponse(await core.send(`${endpointPath(id)}/secret`), secretSchema)).key;
    },
    async listWebhookDeliveries(id, options = {}) {
      const query = options.limit === undefined ? "" : `?limit=${options.limit}`;
      const response = await core.send(`${endpointPath(id)}/deliveries${query}`);
      return (await parseResponse(response, itemsOf(webhookDeliverySchema))).items;
    },
  };
}
