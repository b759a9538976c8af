/**
 * Webhooks: `POST /webhooks/svix-token`, the endpoint-management API (admin access or the token),
 * and deliveries to a real HTTP receiver on loopback, verified with the `standardwebhooks` package:
 * events of user, team and membership changes, retries after a 500, the delivery log, giving up
 * after the last retry, and pending deliveries picked up by a worker started later (a restart).
 * `POST /internal/send-test-webhook` sends one signed test event and says whether it arrived.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuthApi } from "../../app";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { silentLogger } from "../../services/shared/auth-logger";
import {
  deliverDueWebhooks,
  runningWebhookWorker,
  startWebhookWorker,
} from "../../services/webhooks/webhook-delivery";
import { emitWebhookEvent } from "../../services/webhooks/webhook-events";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback HTTP receiver that records requests and answers with the next queued status. */
interface Receiver {
  url(path: string): string;
  received: ReceivedRequest[];
  /** Statuses for the next requests (then 200). */
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The API's worker makes follow-up passes after an event, and a pass when a retry falls due: a
 * test that drives retries by hand with an advanced clock pauses it first (after its pass under
 * way), so each attempt is counted once. Every test ends with it running again.
 */
async function pauseApiWorker(): Promise<void> {
  const worker = runningWebhookWorker(t.db);
  if (!worker) throw new Error("the test API holds no webhook worker");
  await worker.pause();
}

let t: TestAuthApi;
let receiver: Receiver;
let projectId: string;
let otherProjectId: string;
let owner: TestUser;
/** Endpoints a test created and has not deleted yet, with their project. */
const createdEndpoints = new Map<string, string>();

beforeAll(async () => {
  t = await createTestAuthApi();
  receiver = await startReceiver();
  projectId = (await t.createProject()).id;
  otherProjectId = (await t.createProject()).id;
  owner = await t.signUpUser(projectId);
});
afterEach(async () => {
  runningWebhookWorker(t.db)?.resume();
  // A test that failed before deleting its endpoints must not have them receive (and answer for)
  // the next test's events.
  for (const [id, project] of createdEndpoints) {
    await t.request(`/webhooks/endpoints/${id}`, { method: "DELETE", ...asAdmin(project) });
  }
  createdEndpoints.clear();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  // Receivers check the signed timestamp against their own clock (5 minutes of tolerance), and
  // access tokens expire: every test starts at real time, whatever the previous one advanced.
  t.clock.set(new Date());
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const asAdmin = (project = projectId) => ({ accessType: "admin" as const, projectId: project });
const asServer = (project = projectId) => ({ accessType: "server" as const, projectId: project });
const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function svixToken(project = projectId): Promise<string> {
  const response = await t.request("/webhooks/svix-token", { body: {}, ...asAdmin(project) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

interface EndpointWithSecret {
  id: string;
  url: string;
  secret: string;
  event_types: string[] | null;
  disabled: boolean;
}

async function createEndpoint(body: object, project = projectId): Promise<EndpointWithSecret> {
  const response = await t.request("/webhooks/endpoints", { body, ...asAdmin(project) });
  expect(response.status).toBe(201);
  const endpoint = (await response.json()) as EndpointWithSecret;
  createdEndpoints.set(endpoint.id, project);
  return endpoint;
}

async function deleteEndpoint(id: string, project = projectId): Promise<void> {
  createdEndpoints.delete(id);
  const response = await t.request(`/webhooks/endpoints/${id}`, {
    method: "DELETE",
    ...asAdmin(project),
  });
  expect(response.status).toBe(200);
}

interface LogEntry {
  id: string;
  event_type: string;
  status: string;
  attempt_count: number;
  next_attempt_at_millis: number | null;
  attempts: { response_status: number | null; error: string | null }[];
}

async function readLog(endpointId: string): Promise<LogEntry[]> {
  const response = await t.request(`/webhooks/endpoints/${endpointId}/deliveries`, asAdmin());
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: LogEntry[] }).items;
}

/** Verifies one received request with the standardwebhooks package and returns its payload. */
function verified(secret: string, request: ReceivedRequest): { type: string; data: unknown } {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { type: string; data: unknown };
}

describe("POST /webhooks/svix-token", () => {
  it("gives admins a token for the endpoint-management API of their project only", async () => {
    const response = await t.request("/webhooks/svix-token", { body: {}, ...asAdmin() });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { token: string };
    expect(Object.keys(body)).toEqual(["token"]);
    expect(body.token).toMatch(/^whmt_/);

    const created = await t.request("/webhooks/endpoints", {
      body: { url: receiver.url("/via-token") },
      ...withToken(body.token),
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as EndpointWithSecret;
    // The endpoint belongs to the token's project: another project's admin does not see it.
    const elsewhere = await t.request(
      `/webhooks/endpoints/${endpoint.id}`,
      asAdmin(otherProjectId),
    );
    await expectTextError(elsewhere, 404, "Webhook endpoint not found");
    const otherToken = await svixToken(otherProjectId);
    await expectTextError(
      await t.request(`/webhooks/endpoints/${endpoint.id}`, withToken(otherToken)),
      404,
      "Webhook endpoint not found",
    );
    await deleteEndpoint(endpoint.id);
  });

  it("refuses server and client access, requests without access type and extra fields", async () => {
    await expectKnownError(
      await t.request("/webhooks/svix-token", { body: {}, ...asServer() }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/webhooks/svix-token", {
        body: {},
        accessType: "client",
        projectId,
        accessToken: owner.accessToken,
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/webhooks/svix-token", { body: {} }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
    await expectKnownError(
      await t.request("/webhooks/svix-token", { body: { app: "x" }, ...asAdmin() }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("tokens expire after an hour and forged tokens are refused", async () => {
    const token = await svixToken();
    // One character changed: another token, which was never issued.
    await expectTextError(
      await t.request(
        "/webhooks/endpoints",
        withToken(`${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`),
      ),
      401,
      "Invalid or expired webhook management token",
    );
    await expectTextError(
      await t.request("/webhooks/endpoints", withToken("whmt_garbage")),
      401,
      "Invalid or expired webhook management token",
    );
    expect((await t.request("/webhooks/endpoints", withToken(token))).status).toBe(200);
    t.clock.advance(60 * 60 * 1000 + 1);
    await expectTextError(
      await t.request("/webhooks/endpoints", withToken(token)),
      401,
      "Invalid or expired webhook management token",
    );
  });

  it("a token stops working when its owner leaves the project's owner team (issue 28)", async () => {
    const { owner: dashboardUser, teamId, projectId: ownedId } = await t.signUpProjectOwner();
    const issued = await t.request("/webhooks/svix-token", {
      body: {},
      accessType: "admin",
      projectId: ownedId,
      keys: null,
      adminAccessToken: dashboardUser.accessToken,
    });
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    const created = await t.request("/webhooks/endpoints", {
      body: { url: receiver.url("/owned") },
      ...withToken(token),
    });
    expect(created.status).toBe(201);
    createdEndpoints.set(((await created.json()) as EndpointWithSecret).id, ownedId);

    const left = await t.request(`/team-memberships/${teamId}/${dashboardUser.userId}`, {
      method: "DELETE",
      accessType: "server",
      projectId: "internal",
    });
    expect(left.status).toBe(200);
    await expectTextError(
      await t.request("/webhooks/endpoints", withToken(token)),
      401,
      "Invalid or expired webhook management token",
    );
  });

  it("a token stops working when the admin key that asked for it is revoked (issue 28)", async () => {
    const keySet = await t.request("/internal/api-keys", {
      ...asAdmin(),
      body: {
        description: "webhook dashboard",
        expires_at_millis: t.clock().getTime() + 3_600_000,
        has_publishable_client_key: false,
        has_secret_server_key: false,
        has_super_secret_admin_key: true,
      },
    });
    expect(keySet.status).toBe(200);
    const { id, super_secret_admin_key: adminKey } = (await keySet.json()) as {
      id: string;
      super_secret_admin_key: string;
    };
    const issued = await t.request("/webhooks/svix-token", {
      body: {},
      ...asAdmin(),
      keys: { superSecretAdminKey: adminKey },
    });
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    const otherToken = await svixToken();
    expect((await t.request("/webhooks/endpoints", withToken(token))).status).toBe(200);

    const revoked = await t.request(`/internal/api-keys/${id}`, {
      ...asAdmin(),
      method: "PATCH",
      body: { revoked: true },
    });
    expect(revoked.status).toBe(200);
    await expectTextError(
      await t.request("/webhooks/endpoints", withToken(token)),
      401,
      "Invalid or expired webhook management token",
    );
    // A token the project's other admin key asked for is untouched.
    expect((await t.request("/webhooks/endpoints", withToken(otherToken))).status).toBe(200);
  });

  it("tokens work in another auth API process on the same database (and after a restart)", async () => {
    const token = await svixToken();
    // A second API over the same database: nothing but the database is shared with the first.
    const second = createAuthApi({
      db: t.db,
      config: t.config,
      baseUrl: t.baseUrl,
      clock: t.clock,
      logger: silentLogger,
      isDevelopment: true,
      trustProxy: false,
    });
    try {
      const created = await second.request("/webhooks/endpoints", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: receiver.url("/second-process") }),
      });
      expect(created.status).toBe(201);
      const endpoint = (await created.json()) as EndpointWithSecret;
      // The first process sees the endpoint the second made for the token's project.
      const listed = await t.request("/webhooks/endpoints", asAdmin());
      const items = ((await listed.json()) as { items: { id: string }[] }).items;
      expect(items.map((item) => item.id)).toContain(endpoint.id);
      await deleteEndpoint(endpoint.id);
    } finally {
      await second.close();
    }
  });

  it("a token of a deleted project answers PROJECT_NOT_FOUND and creates nothing", async () => {
    const doomed = await t.createProject();
    const token = await svixToken(doomed.id);
    const deleted = await t.request("/internal/projects/current", {
      method: "DELETE",
      ...asAdmin(doomed.id),
    });
    expect(deleted.status).toBe(200);
    await expectKnownError(
      await t.request("/webhooks/endpoints", {
        body: { url: receiver.url("/deleted-project") },
        ...withToken(token),
      }),
      "PROJECT_NOT_FOUND",
      404,
    );
    await expectKnownError(
      await t.request("/webhooks/endpoints", withToken(token)),
      "PROJECT_NOT_FOUND",
      404,
    );
    const rows = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, doomed.id));
    expect(rows).toEqual([]);
  });
});

describe("POST /internal/send-test-webhook", () => {
  const sendTest = (endpointId: string, access: object = asAdmin()) =>
    t.request("/internal/send-test-webhook", { body: { endpoint_id: endpointId }, ...access });

  it("sends one signed stack.test event and reports whether it arrived", async () => {
    const endpoint = await createEndpoint({ url: receiver.url("/test-event") });
    try {
      const sent = await sendTest(endpoint.id);
      expect(sent.status).toBe(200);
      expect(await sent.json()).toEqual({ success: true });
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      if (!request) throw new Error("nothing received");
      expect(verified(endpoint.secret, request)).toEqual({
        type: "stack.test",
        data: {
          message: "Webhook test event triggered from the dashboard.",
          endpointUrl: receiver.url("/test-event"),
        },
      });
      // Not an event of the project: the delivery log stays empty.
      expect(await readLog(endpoint.id)).toEqual([]);

      receiver.answers.push(500);
      const failed = await sendTest(endpoint.id);
      expect(await failed.json()).toEqual({
        success: false,
        error_message:
          "Webhook not delivered: the endpoint answered 500. Make sure the endpoint is configured correctly.",
      });
      expect(receiver.received).toHaveLength(2);
    } finally {
      await deleteEndpoint(endpoint.id);
    }
  });

  it("answers success false for unknown, other projects' and disabled endpoints, sending nothing", async () => {
    const notFound = {
      success: false,
      error_message: "Endpoint not found. Make sure it still exists.",
    };
    expect(await (await sendTest(crypto.randomUUID())).json()).toEqual(notFound);
    expect(await (await sendTest("not-a-uuid")).json()).toEqual(notFound);
    const foreign = await createEndpoint({ url: receiver.url("/foreign") }, otherProjectId);
    expect(await (await sendTest(foreign.id)).json()).toEqual(notFound);
    await deleteEndpoint(foreign.id, otherProjectId);
    const disabled = await createEndpoint({ url: receiver.url("/disabled"), disabled: true });
    expect(await (await sendTest(disabled.id)).json()).toEqual({
      success: false,
      error_message: "The endpoint is disabled. Enable it to test it.",
    });
    await deleteEndpoint(disabled.id);
    expect(receiver.received).toEqual([]);
  });

  it("is for admins only", async () => {
    const endpoint = await createEndpoint({ url: receiver.url("/admins-only") });
    try {
      await expectKnownError(
        await sendTest(endpoint.id, asServer()),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
      await expectKnownError(
        await sendTest(endpoint.id, {
          accessType: "client",
          projectId,
          accessToken: owner.accessToken,
        }),
        "INSUFFICIENT_ACCESS_TYPE",
        401,
      );
      await expectKnownError(
        await t.request("/internal/send-test-webhook", { body: {}, ...asAdmin() }),
        "SCHEMA_ERROR",
        400,
      );
      expect(receiver.received).toEqual([]);
    } finally {
      await deleteEndpoint(endpoint.id);
    }
  });
});

describe("webhook endpoint management", () => {
  it("creates, lists, reads, updates and deletes endpoints", async () => {
    const created = await createEndpoint({
      url: receiver.url("/crud"),
      description: "CRM sync",
      event_types: ["user.created"],
    });
    expect(created).toMatchObject({
      url: receiver.url("/crud"),
      event_types: ["user.created"],
      disabled: false,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const list = await t.request("/webhooks/endpoints", asAdmin());
    const listed = (await list.json()) as { items: object[]; is_paginated: boolean };
    expect(listed.is_paginated).toBe(false);
    expect(listed.items).toContainEqual(expect.objectContaining({ id: created.id }));
    // The secret is shown only on creation and by its own endpoint.
    expect(listed.items.some((item) => "secret" in item)).toBe(false);
    const secret = await t.request(`/webhooks/endpoints/${created.id}/secret`, asAdmin());
    expect(await secret.json()).toEqual({ key: created.secret });

    const patched = await t.request(`/webhooks/endpoints/${created.id}`, {
      method: "PATCH",
      body: { description: "renamed", event_types: null, disabled: true },
      ...asAdmin(),
    });
    expect(await patched.json()).toMatchObject({
      id: created.id,
      description: "renamed",
      event_types: null,
      disabled: true,
    });
    const read = await t.request(`/webhooks/endpoints/${created.id}`, asAdmin());
    expect(await read.json()).toMatchObject({ description: "renamed", disabled: true });

    await deleteEndpoint(created.id);
    await expectTextError(
      await t.request(`/webhooks/endpoints/${created.id}`, asAdmin()),
      404,
      "Webhook endpoint not found",
    );
    await expectTextError(
      await t.request(`/webhooks/endpoints/${created.id}`, { method: "DELETE", ...asAdmin() }),
      404,
      "Webhook endpoint not found",
    );
  });

  it("rejects invalid input and unknown ids without storing anything", async () => {
    const before = await t.db.select().from(webhookEndpoints);
    for (const body of [
      {},
      { url: "ftp://example.com/hook" },
      { url: "not a url" },
      { url: receiver.url("/x"), event_types: ["user.exploded"] },
      { url: receiver.url("/x"), event_types: [] },
      { url: receiver.url("/x"), secret: "whsec_mine" },
    ]) {
      await expectKnownError(
        await t.request("/webhooks/endpoints", { body, ...asAdmin() }),
        "SCHEMA_ERROR",
        400,
      );
    }
    const endpoint = await createEndpoint({ url: receiver.url("/valid") });
    await expectKnownError(
      await t.request(`/webhooks/endpoints/${endpoint.id}`, {
        method: "PATCH",
        body: { url: "javascript:alert(1)" },
        ...asAdmin(),
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect((await t.request(`/webhooks/endpoints/${endpoint.id}`, asAdmin())).status).toBe(200);
    await expectTextError(
      await t.request("/webhooks/endpoints/not-a-uuid", asAdmin()),
      404,
      "Webhook endpoint not found",
    );
    await expectTextError(
      await t.request("/webhooks/endpoints/00000000-0000-4000-8000-000000000000", {
        method: "PATCH",
        body: { description: "x" },
        ...asAdmin(),
      }),
      404,
      "Webhook endpoint not found",
    );
    for (const path of ["secret", "deliveries"]) {
      await expectTextError(
        await t.request(
          `/webhooks/endpoints/00000000-0000-4000-8000-000000000000/${path}`,
          asAdmin(),
        ),
        404,
        "Webhook endpoint not found",
      );
    }
    await expectKnownError(
      await t.request(`/webhooks/endpoints/${endpoint.id}/deliveries?limit=0`, asAdmin()),
      "SCHEMA_ERROR",
      400,
    );
    await deleteEndpoint(endpoint.id);
    expect(await t.db.select().from(webhookEndpoints)).toEqual(before);
  });

  it("is out of reach of server and client access", async () => {
    const endpoint = await createEndpoint({ url: receiver.url("/guarded") });
    const client = { accessType: "client" as const, projectId, accessToken: owner.accessToken };
    for (const access of [asServer(), client]) {
      for (const [path, method, body] of [
        ["/webhooks/endpoints", "GET", undefined],
        ["/webhooks/endpoints", "POST", { url: receiver.url("/nope") }],
        [`/webhooks/endpoints/${endpoint.id}`, "GET", undefined],
        [`/webhooks/endpoints/${endpoint.id}`, "PATCH", { disabled: true }],
        [`/webhooks/endpoints/${endpoint.id}`, "DELETE", undefined],
        [`/webhooks/endpoints/${endpoint.id}/secret`, "GET", undefined],
        [`/webhooks/endpoints/${endpoint.id}/deliveries`, "GET", undefined],
      ] as const) {
        await expectKnownError(
          await t.request(path, { method, ...(body ? { body } : {}), ...access }),
          "INSUFFICIENT_ACCESS_TYPE",
          401,
        );
      }
    }
    await expectKnownError(
      await t.request("/webhooks/endpoints", { projectId }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
    expect(
      await (await t.request(`/webhooks/endpoints/${endpoint.id}`, asAdmin())).json(),
    ).toMatchObject({ disabled: false });
    await deleteEndpoint(endpoint.id);
  });
});

describe("webhook deliveries", () => {
  it("sends signed events of user, team and membership changes", async () => {
    const endpoint = await createEndpoint({ url: receiver.url("/events") });
    const filtered = await createEndpoint({
      url: receiver.url("/teams-only"),
      event_types: ["team.created"],
    });
    const disabled = await createEndpoint({ url: receiver.url("/disabled"), disabled: true });

    const createdUser = await t.request("/users", {
      body: { primary_email: "hook@example.com", display_name: "Hook", country_code: "DE" },
      ...asServer(),
    });
    const user = (await createdUser.json()) as { id: string };
    await t.request(`/users/${user.id}`, {
      method: "PATCH",
      body: { display_name: "Hooked" },
      ...asServer(),
    });
    const createdTeam = await t.request("/teams", {
      body: { display_name: "Crew", creator_user_id: user.id },
      ...asServer(),
    });
    const team = (await createdTeam.json()) as { id: string };
    await t.request(`/teams/${team.id}`, {
      method: "PATCH",
      body: { display_name: "Crew 2" },
      ...asServer(),
    });
    expect(
      (
        await t.request(`/team-memberships/${team.id}/${owner.userId}`, {
          body: {},
          ...asServer(),
        })
      ).status,
    ).toBe(201);
    await t.request(`/team-memberships/${team.id}/${owner.userId}`, {
      method: "DELETE",
      ...asServer(),
    });
    await t.request(`/users/${user.id}`, { method: "DELETE", ...asServer() });
    await t.request(`/teams/${team.id}`, { method: "DELETE", ...asServer() });

    // As the reference: the team's creator joins without an event of its own; a member who
    // joins is announced with the permissions the join granted.
    const expectedTypes = [
      "user.created",
      "user.updated",
      "team.created",
      "team.updated",
      "team_membership.created",
      "team_permission.created",
      "team_membership.deleted",
      "user.deleted",
      "team.deleted",
    ];
    const events = await waitFor(
      () => receiver.received.filter((request) => request.path === "/events"),
      (requests) => requests.length >= expectedTypes.length,
    );
    const payloads = events.map((request) => verified(endpoint.secret, request));
    expect(payloads.map((payload) => payload.type)).toEqual(expectedTypes);
    expect(payloads[0]?.data).toMatchObject({
      id: user.id,
      primary_email: "hook@example.com",
      display_name: "Hook",
      country_code: "DE",
      server_metadata: null,
    });
    expect(payloads[1]?.data).toMatchObject({ id: user.id, display_name: "Hooked" });
    expect(payloads[2]?.data).toMatchObject({ id: team.id, display_name: "Crew" });
    expect(payloads[3]?.data).toMatchObject({ id: team.id, display_name: "Crew 2" });
    expect(payloads[4]?.data).toEqual({ team_id: team.id, user_id: owner.userId });
    expect(payloads[5]?.data).toEqual({
      id: expect.any(String),
      team_id: team.id,
      user_id: owner.userId,
    });
    expect(payloads[6]?.data).toEqual({ team_id: team.id, user_id: owner.userId });
    expect(payloads[7]?.data).toEqual({ id: user.id, teams: [{ id: team.id }] });
    expect(payloads[8]?.data).toEqual({ id: team.id });
    // Every message has its own id, in Svix's form (Stack's suite strips `msg_[0-9a-zA-Z]{27}`);
    // a tampered body fails verification.
    expect(new Set(events.map((request) => request.headers["webhook-id"])).size).toBe(
      events.length,
    );
    for (const request of events) {
      expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-zA-Z]{27}$/);
    }
    const first = events[0] as ReceivedRequest;
    expect(() => verified(endpoint.secret, { ...first, body: `${first.body} ` })).toThrow();
    expect(() => verified(filtered.secret, first)).toThrow();

    const teamsOnly = await waitFor(
      () => receiver.received.filter((request) => request.path === "/teams-only"),
      (requests) => requests.length >= 1,
    );
    expect(teamsOnly.map((request) => verified(filtered.secret, request).type)).toEqual([
      "team.created",
    ]);
    expect(receiver.received.some((request) => request.path === "/disabled")).toBe(false);
    expect(await readLog(disabled.id)).toEqual([]);
    // Another project's changes never reach this project's endpoints.
    await t.request("/users", { body: {}, ...asServer(otherProjectId) });
    // The receiver has each request before the worker records its answer: wait for the log.
    const log = await waitFor(
      () => readLog(endpoint.id),
      (entries) =>
        entries.length === expectedTypes.length &&
        entries.every((entry) => entry.status !== "pending"),
    );
    expect(log.map((entry) => entry.status)).toEqual(expectedTypes.map(() => "succeeded"));
    for (const id of [endpoint.id, filtered.id, disabled.id]) await deleteEndpoint(id);
  });

  it("sends the personal team created on sign-up before the user (team.created alone)", async () => {
    const personal = await t.createProject({
      config: { teams: { createPersonalTeamOnSignUp: true } },
    });
    const endpoint = await createEndpoint({ url: receiver.url("/personal") }, personal.id);
    const created = await t.request("/users", {
      body: { display_name: "Solo" },
      ...asServer(personal.id),
    });
    const { id } = (await created.json()) as { id: string };
    // The creation's answer says selected_team: null, as the reference's does (it reads the user
    // back before making the team); the next read shows the personal team.
    const reread = await t.request(`/users/${id}`, asServer(personal.id));
    const user = (await reread.json()) as { id: string; selected_team_id: string };
    expect(user.selected_team_id).toEqual(expect.any(String));
    const events = await waitFor(
      () => receiver.received.filter((request) => request.path === "/personal"),
      (requests) => requests.length >= 2,
    );
    expect(events.map((request) => verified(endpoint.secret, request))).toEqual([
      {
        type: "team.created",
        data: expect.objectContaining({ id: user.selected_team_id, display_name: "Solo's Team" }),
      },
      { type: "user.created", data: expect.objectContaining({ id: user.id }) },
    ]);
  });

  it("sends team and project permission grants and revocations, as the reference", async () => {
    const endpoint = await createEndpoint({
      url: receiver.url("/permissions"),
      event_types: [
        "team_permission.created",
        "team_permission.deleted",
        "project_permission.created",
        "project_permission.deleted",
      ],
    });
    const createdTeam = await t.request("/teams", {
      body: { display_name: "Grants", creator_user_id: owner.userId },
      ...asServer(),
    });
    const team = (await createdTeam.json()) as { id: string };
    const teamGrant = `/team-permissions/${team.id}/${owner.userId}/$update_team`;
    expect((await t.request(teamGrant, { body: {}, ...asServer() })).status).toBe(201);
    expect((await t.request(teamGrant, { method: "DELETE", ...asServer() })).status).toBe(200);
    const definition = await t.request("/project-permission-definitions", {
      body: { id: "hook_permission" },
      ...asAdmin(),
    });
    expect(definition.status).toBe(201);
    const projectGrant = `/project-permissions/${owner.userId}/hook_permission`;
    expect((await t.request(projectGrant, { body: {}, ...asServer() })).status).toBe(201);
    expect((await t.request(projectGrant, { method: "DELETE", ...asServer() })).status).toBe(200);

    const events = await waitFor(
      () => receiver.received.filter((request) => request.path === "/permissions"),
      (requests) => requests.length >= 4,
    );
    const teamData = { id: "$update_team", team_id: team.id, user_id: owner.userId };
    const projectData = { id: "hook_permission", user_id: owner.userId };
    expect(events.map((request) => verified(endpoint.secret, request))).toEqual([
      { type: "team_permission.created", data: teamData },
      { type: "team_permission.deleted", data: teamData },
      { type: "project_permission.created", data: projectData },
      { type: "project_permission.deleted", data: projectData },
    ]);
    await deleteEndpoint(endpoint.id);
  });

  it("retries after a 500 with backoff, keeping the message id, and logs every attempt", async () => {
    const endpoint = await createEndpoint({
      url: receiver.url("/flaky"),
      event_types: ["user.created"],
    });
    receiver.answers.push(500);
    await t.request("/users", { body: { display_name: "Retry" }, ...asServer() });

    const [pending] = await waitFor(
      () => readLog(endpoint.id),
      (log) => log[0]?.attempts.length === 1,
    );
    await pauseApiWorker();
    expect(pending).toMatchObject({
      event_type: "user.created",
      status: "pending",
      attempt_count: 1,
      next_attempt_at_millis: t.clock().getTime() + 5_000,
      attempts: [{ response_status: 500, error: null }],
    });
    // Not due before the backoff has passed.
    const options = {
      db: t.db,
      clock: t.clock,
      logger: silentLogger,
      outgoing: t.outgoing,
      secrets: t.secrets,
    };
    expect((await deliverDueWebhooks(options)).attempts).toBe(0);
    t.clock.advance(5_000);
    expect(await deliverDueWebhooks(options)).toEqual({ attempts: 1, nextRetryInMs: null });

    const [done] = await readLog(endpoint.id);
    expect(done).toMatchObject({
      id: pending?.id,
      status: "succeeded",
      attempt_count: 2,
      next_attempt_at_millis: null,
      attempts: [{ response_status: 500 }, { response_status: 200 }],
    });
    const requests = receiver.received.filter((request) => request.path === "/flaky");
    expect(requests.map((request) => request.headers["webhook-id"])).toEqual([
      pending?.id,
      pending?.id,
    ]);
    for (const request of requests)
      expect(verified(endpoint.secret, request).type).toBe("user.created");
    await deleteEndpoint(endpoint.id);
  });

  it("gives up after the last retry and logs network errors", async () => {
    const endpoint = await createEndpoint({
      url: receiver.url("/down"),
      event_types: ["user.created"],
    });
    const unreachable = await createEndpoint({
      // Port 9 (discard) on loopback: nothing listens, the connection is refused.
      url: "http://127.0.0.1:9/hook",
      event_types: ["user.created"],
    });
    receiver.answers.push(...Array.from({ length: 20 }, () => 503));
    await t.request("/users", { body: { display_name: "Doomed" }, ...asServer() });
    await waitFor(
      () => readLog(unreachable.id),
      (log) => log[0]?.attempts.length === 1,
    );
    await waitFor(
      () => readLog(endpoint.id),
      (log) => log[0]?.attempts.length === 1,
    );
    await pauseApiWorker();
    const options = {
      db: t.db,
      clock: t.clock,
      logger: silentLogger,
      outgoing: t.outgoing,
      secrets: t.secrets,
    };
    for (let retry = 0; retry < 7; retry += 1) {
      t.clock.advance(36_000_000);
      expect((await deliverDueWebhooks(options)).attempts).toBe(2);
    }
    t.clock.advance(36_000_000);
    expect((await deliverDueWebhooks(options)).attempts).toBe(0);
    const [failed] = await readLog(endpoint.id);
    expect(failed).toMatchObject({ status: "failed", attempt_count: 8 });
    expect(failed?.attempts.map((attempt) => attempt.response_status)).toEqual(
      Array.from({ length: 8 }, () => 503),
    );
    const [refused] = await readLog(unreachable.id);
    expect(refused).toMatchObject({ status: "failed", attempt_count: 8 });
    expect(refused?.attempts[0]).toMatchObject({ response_status: null });
    expect(refused?.attempts[0]?.error).toBeTruthy();
    await deleteEndpoint(endpoint.id);
    await deleteEndpoint(unreachable.id);
  });

  it("sends deliveries left pending in the database by a worker started later", async () => {
    const endpoint = await createEndpoint({ url: receiver.url("/restart") });
    // As if the previous process stopped before sending: a pending row and no worker told of it.
    await t.db.insert(webhookDeliveries).values({
      id: "msg_left_over_by_a_previous_process",
      projectId,
      endpointId: endpoint.id,
      eventType: "team.deleted",
      payload: { type: "team.deleted", data: { id: "00000000-0000-4000-8000-000000000001" } },
      status: "pending",
      nextAttemptAt: new Date(0),
    });
    const worker = startWebhookWorker({
      db: t.db,
      clock: t.clock,
      logger: silentLogger,
      outgoing: t.outgoing,
      secrets: t.secrets,
      pollIntervalMs: 50,
    });
    try {
      const [request] = await waitFor(
        () => receiver.received.filter((received) => received.path === "/restart"),
        (requests) => requests.length === 1,
      );
      expect(request?.headers["webhook-id"]).toBe("msg_left_over_by_a_previous_process");
      expect(verified(endpoint.secret, request as ReceivedRequest)).toEqual({
        type: "team.deleted",
        data: { id: "00000000-0000-4000-8000-000000000001" },
      });
      const [row] = await waitFor(
        () =>
          t.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, "msg_left_over_by_a_previous_process")),
        (rows) => rows[0]?.status === "succeeded",
      );
      expect(row?.attemptCount).toBe(1);
    } finally {
      await worker.stop();
    }
    await deleteEndpoint(endpoint.id);
  });

  it("emitting without endpoints stores nothing", async () => {
    const before = await t.db.select().from(webhookDeliveries);
    await emitWebhookEvent(t.db, otherProjectId, "user.created", { id: "x" });
    expect(await t.db.select().from(webhookDeliveries)).toEqual(before);
  });
});
