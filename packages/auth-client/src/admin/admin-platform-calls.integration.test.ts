/**
 * The AdminApp's platform-administration calls against the real auth server: metrics, the svix
 * token, webhook endpoint management and the delivery log of a delivery to a loopback receiver
 * (verified with the `standardwebhooks` package); a wrong admin key is refused.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminApp, createAdminApp } from "../admin-app";
import { testServerRuntime } from "../testing/test-server-runtime";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
let admin: AdminApp;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    response.end("ok");
  });
});
let receiverUrl: string;

const runtimeOptions = () => testServerRuntime(api);

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject();
  admin = createAdminApp({
    projectId: project.id,
    superSecretAdminKey: project.keys.superSecretAdminKey,
    ...runtimeOptions(),
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await api?.close();
});

describe("AdminApp platform administration", () => {
  it("manages webhook endpoints and reads the delivery log of a signed delivery", async () => {
    expect(await admin.createSvixToken()).toMatch(/^whmt_/);
    const endpoint = await admin.createWebhookEndpoint({
      url: receiverUrl,
      description: "sync",
      eventTypes: ["user.created"],
    });
    expect(endpoint).toMatchObject({ url: receiverUrl, event_types: ["user.created"] });
    expect(await admin.getWebhookEndpointSecret(endpoint.id)).toBe(endpoint.secret);
    expect((await admin.listWebhookEndpoints()).map((item) => item.id)).toEqual([endpoint.id]);

    const user = await admin.createUser({ displayName: "Webhooked" });
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [request] = received;
    if (!request) throw new Error("No delivery arrived");
    const payload = new Webhook(endpoint.secret).verify(request.body, {
      "webhook-id": String(request.headers["webhook-id"]),
      "webhook-timestamp": String(request.headers["webhook-timestamp"]),
      "webhook-signature": String(request.headers["webhook-signature"]),
    });
    expect(payload).toMatchObject({ type: "user.created", data: { id: user.id } });
    // The receiver has the request before the worker has recorded its answer: wait for the log.
    let [delivery] = await admin.listWebhookDeliveries(endpoint.id);
    while (delivery?.status !== "succeeded" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [delivery] = await admin.listWebhookDeliveries(endpoint.id);
    }
    expect(delivery).toMatchObject({
      id: request.headers["webhook-id"],
      event_type: "user.created",
      status: "succeeded",
      attempts: [{ response_status: 200 }],
    });

    const updated = await admin.updateWebhookEndpoint(endpoint.id, {
      disabled: true,
      eventTypes: null,
    });
    expect(updated).toMatchObject({ disabled: true, event_types: null });
    await admin.deleteWebhookEndpoint(endpoint.id);
    expect(await admin.listWebhookEndpoints()).toEqual([]);
  });

  it("reads the metrics", async () => {
    const metrics = await admin.getMetrics();
    expect(metrics.total_users).toBe(1);
    expect(metrics.daily_users).toHaveLength(31);
    expect(metrics.daily_users.at(-1)?.activity).toBe(1);
    expect(metrics.recently_registered[0]).toMatchObject({ display_name: "Webhooked" });
    expect(metrics.auth_overview).toMatchObject({
      verified_users: 0,
      unverified_users: 1,
      anonymous_users: 0,
      mau: 1,
      total_users_filtered: 1,
    });
    expect(metrics.auth_overview.daily_active_users_split.new.at(-1)?.activity).toBe(1);
    expect(metrics.payments_overview).toMatchObject({ total_orders: 0, revenue_cents: 0 });
    expect(metrics.analytics_overview.daily_page_views).toHaveLength(31);
    const anonymous = await admin.createUser({ isAnonymous: true });
    const withAnonymous = await admin.getMetrics({ includeAnonymous: true });
    expect(withAnonymous.total_users).toBe(2);
    expect(withAnonymous.auth_overview).toMatchObject({ anonymous_users: 1, mau: 2 });
    expect(withAnonymous.analytics_overview.anonymous_visitors_fallback).toBe(1);
    expect((await admin.getMetrics()).total_users).toBe(1);
    expect(anonymous.id).toBeTruthy();
  });

  it("is refused with a wrong admin key", async () => {
    const intruder = createAdminApp({
      projectId: project.id,
      superSecretAdminKey: "sak_wrong",
      ...runtimeOptions(),
    });
    const error = await intruder.getMetrics().catch((caught: unknown) => caught);
    expect(isKnownError(error, "INVALID_SUPER_SECRET_ADMIN_KEY")).toBe(true);
    const tokenError = await intruder.createSvixToken().catch((caught: unknown) => caught);
    expect(isKnownError(tokenError, "INVALID_SUPER_SECRET_ADMIN_KEY")).toBe(true);
  });
});
