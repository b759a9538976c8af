/**
 * `POST /internal/send-test-webhook` (the SDK's `StackAdminApp.sendTestWebhook`): one signed
 * `stack.test` event straight to an endpoint of the project, answered with whether it arrived (a 2xx).
 * As the reference, failures are answers (`success: false` with a reason), not errors. The test is
 * sent once, without retries, and stays out of the delivery log (it is no event of the project).
 * It goes out under the outgoing-request policy: a refused target is reported as refused, with
 * nothing sent, so the answer never tells what listens on an internal address.
 * @module
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { webhookEndpoints } from "../../db/schema";
import { guardedFetch } from "../../outgoing/guarded-fetch";
import { findRefusal, type OutgoingPolicy } from "../../outgoing/outgoing-policy";
import type { SecretBox } from "../secrets/secret-box";
import { webhookHeaders } from "./standard-webhooks";
import { openWebhookSecret } from "./webhook-endpoints";

export type TestWebhookResult = { success: true } | { success: false; error_message: string };

const testTimeoutMs = 10_000;

export async function sendTestWebhook(
  db: Database,
  secrets: SecretBox,
  outgoing: OutgoingPolicy,
  projectId: string,
  endpointId: string,
  now: Date,
): Promise<TestWebhookResult> {
  // Anything but a UUID names no endpoint (and must not reach the uuid column).
  const [endpoint] = z.uuid().safeParse(endpointId).success
    ? await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, endpointId)))
    : [];
  if (!endpoint) {
    return { success: false, error_message: "Endpoint not found. Make sure it still exists." };
  }
  if (endpoint.disabled) {
    return { success: false, error_message: "The endpoint is disabled. Enable it to test it." };
  }
  const body = JSON.stringify({
    type: "stack.test",
    data: {
      message: "Webhook test event triggered from the dashboard.",
      endpointUrl: endpoint.url,
    },
  });
  try {
    const response = await guardedFetch(outgoing, endpoint.url, {
      method: "POST",
      headers: webhookHeaders(openWebhookSecret(secrets, endpoint), {
        id: `msg_test_${randomUUID()}`,
        timestampSeconds: Math.floor(now.getTime() / 1000),
        body,
      }),
      body,
      maxRedirects: 0,
      timeoutMs: testTimeoutMs,
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { success: true };
    return {
      success: false,
      error_message: `Webhook not delivered: the endpoint answered ${response.status}. Make sure the endpoint is configured correctly.`,
    };
  } catch (error) {
    const refusal = findRefusal(error);
    if (refusal) {
      return {
        success: false,
        error_message: `Webhook not sent: ${refusal.message}.`,
      };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return {
      success: false,
      error_message: `Webhook not delivered (${reason}). Make sure the endpoint is configured correctly.`,
    };
  }
}
