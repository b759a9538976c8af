/**
 * Webhooks (contract §3.8): the `POST /webhooks/svix-token` answer and the objects of our own
 * endpoint-management API (`/webhooks/endpoints…`), which stands where the reference uses Svix.
 * Deliveries follow Standard Webhooks; event names and payloads are the reference's.
 * @module
 */
import { z } from "zod";

export const webhookEventTypes = [
  "user.created",
  "user.updated",
  "user.deleted",
  "team.created",
  "team.updated",
  "team.deleted",
  "team_membership.created",
  "team_membership.deleted",
  "team_permission.created",
  "team_permission.deleted",
  "project_permission.created",
  "project_permission.deleted",
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

export const svixTokenResponseSchema = z.object({ token: z.string(), url: z.string().optional() });

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  /** null: every event type. */
  event_types: z.array(z.enum(webhookEventTypes)).nullable(),
  disabled: z.boolean(),
  created_at_millis: z.int(),
  updated_at_millis: z.int(),
});

export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The create answer, the only endpoint object that carries the `whsec_` signing secret. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  payload: z.unknown(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempt_count: z.int(),
  next_attempt_at_millis: z.int().nullable(),
  created_at_millis: z.int(),
  attempts: z.array(
    z.object({
      attempted_at_millis: z.int(),
      response_status: z.int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.int(),
    }),
  ),
});

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
