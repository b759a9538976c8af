/**
 * The Svix-compatible API (decision 025) over our webhook endpoints and delivery log, as Stack
 * Auth's e2e helpers use it (`Webhook.createProjectWithEndpoint`, `listWebhookAttempts`): an
 * endpoint created with the `whmt_` token, an event's attempt listed under the endpoint (a failed
 * one too: a receiver that is down, and a target the outgoing-request policy refuses), the message
 * read with its content; Svix's errors for a bad token, another project's app and unknown ids.
 * The policy is on (private networks refused); 127.0.0.2 plays a public receiver, names are
 * answered by an injected resolver.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../outgoing/address-policy";
import type { HostResolver } from "../outgoing/outgoing-policy";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";

const dns: Record<string, string> = {};
const resolveHost: HostResolver = async (hostname) => {
  const address = dns[hostname];
  if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};

let t: TestAuthApi;
let receiver: Server;
let receiverPort: number;
/** A port on the "public" address where nothing listens. */
let closedPort: number;

beforeAll(async () => {
  t = await createTestAuthApi({
    env: { OUTGOING_ALLOW_PRIVATE_NETWORKS: "false" },
    outgoing: {
      resolveHost,
      isPublicAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    },
  });
  receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.2", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  dns["hooks.example"] = "127.0.0.2";
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await t.close();
});

interface SvixProject {
  projectId: string;
  token: string;
}

async function svixProject(): Promise<SvixProject> {
  const projectId = (await t.createProject()).id;
  const response = await t.request("/webhooks/svix-token", {
    accessType: "admin",
    projectId,
    body: {},
  });
  expect(response.status).toBe(201);
  return { projectId, token: ((await response.json()) as { token: string }).token };
}

function svix(
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return Promise.resolve(
    t.api.svixApi.request(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        "content-type": "application/json",
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
    }),
  );
}

async function createEndpoint(project: SvixProject, url: string): Promise<string> {
  const response = await svix(`/api/v1/app/${project.projectId}/endpoint`, project.token, {
    body: { url },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createUser(project: SvixProject, email: string): Promise<void> {
  const response = await t.request("/users", {
    accessType: "server",
    projectId: project.projectId,
    body: { primary_email: email },
  });
  expect(response.status).toBe(201);
}

interface AttemptList {
  data: {
    id: string;
    msgId: string;
    endpointId: string;
    response: string;
    responseStatusCode: number;
    status: number;
    statusText: string;
    msg?: unknown;
  }[];
  iterator: string | null;
  done: boolean;
}

/** Polls the endpoint's attempts (as the e2e helper does) until `count` are logged. */
async function attemptsOf(
  project: SvixProject,
  endpointId: string,
  count = 1,
  query = "",
): Promise<AttemptList> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await svix(
      `/api/v1/app/${project.projectId}/attempt/endpoint/${endpointId}${query}`,
      project.token,
    );
    expect(response.status).toBe(200);
    const list = (await response.json()) as AttemptList;
    if (list.data.length >= count) return list;
    if (Date.now() > deadline) throw new Error(`No attempts yet: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("endpoints, attempts and messages as Stack Auth's e2e helpers read them", () => {
  it("creates an endpoint with the svix-token and answers Svix's EndpointOut", async () => {
    const project = await svixProject();
    const response = await svix(`/api/v1/app/${project.projectId}/endpoint`, project.token, {
      body: { url: `http://hooks.example:${receiverPort}/hook`, description: "Hooks" },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `http://hooks.example:${receiverPort}/hook`,
      description: "Hooks",
      version: 1,
      rateLimit: null,
      uid: null,
      disabled: false,
      filterTypes: null,
      channels: null,
      metadata: {},
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it("lists a delivered event's attempt and reads its message with the content", async () => {
    const project = await svixProject();
    const endpointId = await createEndpoint(project, `http://hooks.example:${receiverPort}/hook`);
    await createUser(project, "ada@example.com");

    const attempts = await attemptsOf(project, endpointId);
    expect(attempts.data).toHaveLength(1);
    const [attempt] = attempts.data;
    expect(attempt).toMatchObject({
      id: expect.stringMatching(/^atmpt_\d+$/),
      // Svix's form, which Stack's snapshot serializer strips as `msg_[0-9a-zA-Z]{27}`.
      msgId: expect.stringMatching(/^msg_[0-9a-zA-Z]{27}$/),
      endpointId,
      url: `http://hooks.example:${receiverPort}/hook`,
      response: "",
      responseStatusCode: 204,
      status: 0,
      statusText: "success",
      triggerType: 0,
    });
    expect(attempts.done).toBe(true);

    const message = await svix(
      `/api/v1/app/${project.projectId}/msg/${attempt?.msgId}?with_content=true`,
      project.token,
    );
    expect(message.status).toBe(200);
    const body = (await message.json()) as Record<string, unknown>;
    // Exactly the keys the suite's snapshots show.
    expect(Object.keys(body).sort()).toEqual([
      "channels",
      "eventId",
      "eventType",
      "id",
      "payload",
      "timestamp",
    ]);
    expect(body).toMatchObject({
      channels: null,
      eventId: null,
      eventType: "user.created",
      id: attempt?.msgId,
      payload: { type: "user.created", data: { primary_email: "ada@example.com" } },
    });
    expect(new Date(body.timestamp as string).getTime()).not.toBeNaN();

    const withoutContent = await svix(
      `/api/v1/app/${project.projectId}/msg/${attempt?.msgId}?with_content=false`,
      project.token,
    );
    expect(((await withoutContent.json()) as { payload: unknown }).payload).toEqual({});
  });

  it("lists a failed attempt to a receiver that is down (status 2, no HTTP status)", async () => {
    const project = await svixProject();
    const endpointId = await createEndpoint(project, `http://hooks.example:${closedPort}/down`);
    await createUser(project, "grace@example.com");
    const [attempt] = (await attemptsOf(project, endpointId)).data;
    expect(attempt).toMatchObject({ status: 2, statusText: "fail", responseStatusCode: 0 });
    expect(attempt?.response).not.toBe("");
  });

  it("lists an attempt the outgoing-request policy refused, with the reason, and the message", async () => {
    const project = await svixProject();
    dns["rebind.example"] = "127.0.0.2";
    const endpointId = await createEndpoint(project, `http://rebind.example:${receiverPort}/x`);
    // The name now answers loopback: every delivery is refused before a packet leaves.
    dns["rebind.example"] = "127.0.0.1";
    await createUser(project, "linus@example.com");
    const [attempt] = (await attemptsOf(project, endpointId)).data;
    expect(attempt).toMatchObject({
      status: 2,
      statusText: "fail",
      responseStatusCode: 0,
      response:
        "Refused: rebind.example resolves to a loopback, private, link-local or other non-public network address; the server sends no requests there",
    });
    const message = await svix(
      `/api/v1/app/${project.projectId}/msg/${attempt?.msgId}`,
      project.token,
    );
    expect(message.status).toBe(200);
    expect(((await message.json()) as { eventType: string }).eventType).toBe("user.created");
  });

  it("refuses a URL the policy refuses when it is saved, as a validation error of url (422)", async () => {
    const project = await svixProject();
    const response = await svix(`/api/v1/app/${project.projectId}/endpoint`, project.token, {
      body: { url: "http://localhost:12345/webhook" },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [
        {
          loc: ["body", "url"],
          msg: expect.stringMatching(/^Invalid webhook URL: localhost /),
          type: "value_error",
        },
      ],
    });
    const list = await svix(`/api/v1/app/${project.projectId}/endpoint`, project.token);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("pages attempts and messages newest first with limit and iterator", async () => {
    const project = await svixProject();
    const endpointId = await createEndpoint(project, `http://hooks.example:${receiverPort}/hook`);
    await createUser(project, "one@example.com");
    await createUser(project, "two@example.com");
    const all = await attemptsOf(project, endpointId, 2);
    const first = await attemptsOf(project, endpointId, 1, "?limit=1");
    expect(first.data.map((item) => item.id)).toEqual([all.data[0]?.id]);
    expect(first.done).toBe(false);
    const second = await attemptsOf(project, endpointId, 1, `?limit=1&iterator=${first.iterator}`);
    expect(second.data.map((item) => item.id)).toEqual([all.data[1]?.id]);
    expect(second.done).toBe(true);
    const withMessage = await attemptsOf(project, endpointId, 1, "?limit=1&with_msg=true");
    expect(withMessage.data[0]?.msg).toMatchObject({ eventType: "user.created" });

    const messages = await svix(`/api/v1/app/${project.projectId}/msg?limit=1`, project.token);
    const page = (await messages.json()) as { data: { id: string }[]; iterator: string };
    expect(page.data.map((item) => item.id)).toEqual([all.data[0]?.msgId]);
    const next = await svix(
      `/api/v1/app/${project.projectId}/msg?limit=1&iterator=${page.iterator}`,
      project.token,
    );
    expect(((await next.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      all.data[1]?.msgId,
    ]);
    const filtered = await svix(
      `/api/v1/app/${project.projectId}/msg?event_types=team.created`,
      project.token,
    );
    expect(((await filtered.json()) as { data: unknown[] }).data).toEqual([]);

    const byMessage = await svix(
      `/api/v1/app/${project.projectId}/attempt/msg/${all.data[0]?.msgId}`,
      project.token,
    );
    expect(((await byMessage.json()) as AttemptList).data.map((item) => item.id)).toEqual([
      all.data[0]?.id,
    ]);
  });

  it("reads, lists, shows the secret of and deletes an endpoint", async () => {
    const project = await svixProject();
    const endpointId = await createEndpoint(project, `http://hooks.example:${receiverPort}/hook`);
    const base = `/api/v1/app/${project.projectId}/endpoint`;
    expect(
      ((await (await svix(`${base}/${endpointId}`, project.token)).json()) as { id: string }).id,
    ).toBe(endpointId);
    const list = (await (await svix(base, project.token)).json()) as {
      data: { id: string }[];
      done: boolean;
    };
    expect(list).toMatchObject({ data: [{ id: endpointId }], done: true });
    const secret = await svix(`${base}/${endpointId}/secret`, project.token);
    expect(((await secret.json()) as { key: string }).key).toMatch(/^whsec_/);
    expect((await svix(`${base}/${endpointId}`, project.token, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await svix(`${base}/${endpointId}`, project.token)).status).toBe(404);
  });
});

describe("Svix's errors", () => {
  it("answers 401 authentication_failed without a token or with a bad one", async () => {
    const project = await svixProject();
    for (const token of [null, "whmt_not-a-token", "nonsense"]) {
      const response = await svix(`/api/v1/app/${project.projectId}/endpoint`, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: "authentication_failed",
        detail: "Incorrect authentication credentials.",
      });
    }
  });

  it("answers 401 to a token whose owner has left the project's owner team since (issue 28)", async () => {
    const { owner: dashboardUser, teamId, projectId } = await t.signUpProjectOwner();
    const issued = await t.request("/webhooks/svix-token", {
      accessType: "admin",
      projectId,
      keys: null,
      adminAccessToken: dashboardUser.accessToken,
      body: {},
    });
    const { token } = (await issued.json()) as { token: string };
    const project = { projectId, token };
    const endpointId = await createEndpoint(project, `http://hooks.example:${receiverPort}/owned`);
    const secretPath = `/api/v1/app/${projectId}/endpoint/${endpointId}/secret`;
    expect((await svix(secretPath, token)).status).toBe(200);

    await t.request(`/team-memberships/${teamId}/${dashboardUser.userId}`, {
      method: "DELETE",
      accessType: "server",
      projectId: "internal",
    });
    for (const path of [`/api/v1/app/${projectId}/endpoint`, secretPath]) {
      const response = await svix(path, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "authentication_failed" });
    }
  });

  it("answers 404 not_found for another project's app, unknown messages and endpoints", async () => {
    const project = await svixProject();
    const other = await svixProject();
    const notFound = { code: "not_found", detail: "Entity not found" };
    const paths = [
      `/api/v1/app/${other.projectId}/endpoint`,
      `/api/v1/app/no-such-project/msg`,
      `/api/v1/app/${project.projectId}/msg/msg_2ssgKCpeddVpe8ZpqB8Zl0rmXyD`,
      `/api/v1/app/${project.projectId}/msg/not-a-message-id`,
      `/api/v1/app/${project.projectId}/attempt/msg/msg_2ssgKCpeddVpe8ZpqB8Zl0rmXyD`,
      `/api/v1/app/${project.projectId}/endpoint/00000000-0000-4000-8000-000000000000`,
      `/api/v1/app/${project.projectId}/endpoint/ep_2ssgKCpeddVpe8ZpqB8Zl0rmXyD`,
      `/api/v1/app/${project.projectId}/attempt/endpoint/00000000-0000-4000-8000-000000000000`,
      `/api/v1/app/${project.projectId}/no-such-route`,
      "/api/v1/app",
    ];
    for (const path of paths) {
      const response = await svix(path, project.token);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.json()).toEqual(notFound);
    }
  });

  it("answers 422 with Svix's validation items for bodies and queries that do not validate", async () => {
    const project = await svixProject();
    const base = `/api/v1/app/${project.projectId}`;
    const cases: [string, { method?: string; body?: unknown }, string[]][] = [
      [`${base}/endpoint`, { body: "{not json" }, ["body"]],
      [`${base}/endpoint`, { body: { url: "ftp://hooks.example/" } }, ["body", "url"]],
      [
        `${base}/endpoint`,
        { body: { url: "https://hooks.example/", uid: "mine" } },
        ["body", "uid"],
      ],
      [
        `${base}/endpoint`,
        { body: { url: "https://hooks.example/", filterTypes: ["no.such.event"] } },
        ["body", "filterTypes", "0"],
      ],
      [`${base}/endpoint`, { body: { url: "https://hooks.example/\u0000" } }, ["body"]],
      [`${base}/msg?limit=0`, {}, ["query", "limit"]],
      [`${base}/msg?iterator=%00`, {}, ["query", "iterator"]],
      [`${base}/msg?event_types=%00`, {}, ["query", "event_types", "0"]],
    ];
    for (const [path, init, loc] of cases) {
      const response = await svix(path, project.token, init);
      expect({ path, status: response.status }).toEqual({ path, status: 422 });
      const body = (await response.json()) as { detail: { loc: string[] }[] };
      expect(body.detail[0]?.loc).toEqual(loc);
    }
  });
});
