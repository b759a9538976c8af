/**
 * Interop: the official SDK's admin interface (`@stackframe/js` 2.8.108, the calls behind
 * `StackAdminApp`'s svix-token and metrics caches, which it exposes only as React hooks) against
 * this server over a loopback port: `getSvixToken` answers a token our endpoint-management API
 * accepts, and `getMetrics` the project's metrics, which pass the SDK's own response schema
 * (`MetricsResponseBodySchema`, with unknown keys refused as the reference's route does).
 * `StackAdminApp.sendTestWebhook` sends a test event to an endpoint (a loopback receiver).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { StackAdminApp } from "@stackframe/js";
import { MetricsResponseBodySchema } from "@stackframe/stack-shared/dist/interface/admin-metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

interface SdkAdminInterface {
  getSvixToken(): Promise<{ token: string; url?: string }>;
  getMetrics(includeAnonymous?: boolean): Promise<{ total_users: number; daily_users: unknown[] }>;
}

let server: InteropServer;
let projectId: string;
let sdk: SdkAdminInterface;
let admin: StackAdminApp;

beforeAll(async () => {
  server = await startInteropServer();
  const project = await server.t.createProject({ displayName: "SDK platform admin" });
  projectId = project.id;
  admin = new StackAdminApp({
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
    projectId,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    superSecretAdminKey: project.keys.superSecretAdminKey,
  });
  sdk = (admin as unknown as { _interface: SdkAdminInterface })._interface;
});
afterAll(async () => {
  await server.close();
});

describe("StackAdminApp platform administration", () => {
  it("gets a svix token that opens our endpoint-management API", async () => {
    const { token } = await sdk.getSvixToken();
    const response = await fetch(`${server.baseUrl}/api/v1/webhooks/endpoints`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/hook" }),
    });
    expect(response.status).toBe(201);
    const listed = await fetch(`${server.baseUrl}/api/v1/webhooks/endpoints`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { items: unknown[] }).items).toHaveLength(1);
  });

  it("reads the metrics", async () => {
    await server.t.request("/users", { body: {}, accessType: "server", projectId });
    await server.t.request("/users", {
      body: { is_anonymous: true },
      accessType: "server",
      projectId,
    });
    const metrics = await sdk.getMetrics();
    expect(metrics.total_users).toBe(1);
    const withAnonymous = await sdk.getMetrics(true);
    expect(withAnonymous.total_users).toBe(2);
    expect(withAnonymous.daily_users).toHaveLength(31);
    for (const answer of [metrics, withAnonymous]) {
      const parsed = await MetricsResponseBodySchema.validate(answer, {
        context: { noUnknownPathPrefixes: [""] },
      });
      // Nothing was missing or mistyped: the schema's casts and defaults (for the fields older
      // servers lack) changed nothing.
      expect(parsed).toEqual(answer);
    }
    expect(withAnonymous).toMatchObject({
      auth_overview: { anonymous_users: 1, unverified_users: 1, total_users_filtered: 2, mau: 2 },
      email_overview: { total_emails: 0, emails_by_status: {} },
      payments_overview: { total_orders: 0, subscriptions_by_status: {} },
      analytics_overview: { anonymous_visitors_fallback: 1, top_region: null },
    });
  });

  it("has its metrics schema refuse a missing overview or an unknown key (the check above can fail)", async () => {
    const answer = (await sdk.getMetrics()) as Record<string, unknown>;
    const validate = (body: unknown) =>
      MetricsResponseBodySchema.validate(body, { context: { noUnknownPathPrefixes: [""] } });
    await expect(validate(answer)).resolves.toBeTruthy();
    const { email_overview: _omitted, ...incomplete } = answer;
    await expect(validate(incomplete)).rejects.toThrow(/email_overview/);
    await expect(validate({ ...answer, surplus: 1 })).rejects.toThrow(/surplus/);
  });

  it("sendTestWebhook delivers a test event to an endpoint and reports a failing one", async () => {
    const received: string[] = [];
    let status = 200;
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        received.push(body);
        response.statusCode = status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const created = await server.t.request("/webhooks/endpoints", {
        accessType: "admin",
        projectId,
        body: { url: `http://127.0.0.1:${port}/hook` },
      });
      const { id } = (await created.json()) as { id: string };

      const ok = await admin.sendTestWebhook({ endpointId: id });
      expect(ok.status).toBe("ok");
      expect(received.map((body) => (JSON.parse(body) as { type: string }).type)).toEqual([
        "stack.test",
      ]);

      status = 503;
      const failed = await admin.sendTestWebhook({ endpointId: id });
      expect(failed.status === "error" && failed.error.errorMessage).toMatch(/answered 503/);
      const unknown = await admin.sendTestWebhook({ endpointId: crypto.randomUUID() });
      expect(unknown.status === "error" && unknown.error.errorMessage).toBe(
        "Endpoint not found. Make sure it still exists.",
      );
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
