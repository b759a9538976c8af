/**
 * Webhooks under the outgoing-request policy with private networks refused, the default (issue
 * 14, defect 2): endpoint URLs aimed at internal addresses are refused with a 400 when set and
 * nothing is stored; deliveries and `POST /internal/send-test-webhook` check the address again at
 * connect time, so an endpoint stored earlier or a name that rebinds to 127.0.0.1 is refused (a
 * failed attempt with its reason; the test answer says refused, never what listens there) and the
 * loopback server behind it never sees a connection. A "public" receiver is played by 127.0.0.2,
 * which this test's `isPublicAddress` admits; names are answered by an injected resolver.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../../db/schema";
import { isPublicAddress } from "../../outgoing/address-policy";
import type { HostResolver } from "../../outgoing/outgoing-policy";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

interface Listener {
  port: number;
  connections: number;
  paths: string[];
  close(): Promise<void>;
}

async function listen(host: string, status = 200, location?: string): Promise<Listener> {
  const state = { connections: 0, paths: [] as string[] };
  const server: Server = createServer((request, response) => {
    state.paths.push(request.url ?? "");
    request.resume();
    request.on("end", () => {
      response.writeHead(status, location ? { location } : {}).end("ok");
    });
  });
  server.on("connection", () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    paths: state.paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const dns: Record<string, string> = {};
const resolveHost: HostResolver = async (hostname) => {
  const address = dns[hostname];
  if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};

let t: TestAuthApi;
let projectId: string;
/** Behind it, what an attacker would like to reach: it must never see a connection. */
let internal: Listener;
let outside: Listener;

beforeAll(async () => {
  t = await createTestAuthApi({
    env: { OUTGOING_ALLOW_PRIVATE_NETWORKS: "false" },
    outgoing: {
      resolveHost,
      isPublicAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    },
  });
  projectId = (await t.createProject()).id;
  internal = await listen("127.0.0.1");
  outside = await listen("127.0.0.2");
  dns["hooks.example"] = "127.0.0.2";
  dns["internal.example"] = "127.0.0.1";
});
afterAll(async () => {
  await internal.close();
  await outside.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId));
});

const asAdmin = () => ({ accessType: "admin" as const, projectId });

async function listedUrls(): Promise<string[]> {
  const response = await t.request("/webhooks/endpoints", asAdmin());
  const body = (await response.json()) as { items: { url: string }[] };
  return body.items.map((item) => item.url);
}

async function createEndpoint(url: string): Promise<string> {
  const response = await t.request("/webhooks/endpoints", { body: { url }, ...asAdmin() });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Emits an event (a user created) and waits for the endpoint's first attempt. */
async function firstAttempt(endpointId: string) {
  await t.request("/users", { accessType: "server", projectId, body: { display_name: "Ada" } });
  const [delivery] = await waitFor(
    async () => {
      const response = await t.request(`/webhooks/endpoints/${endpointId}/deliveries`, asAdmin());
      return (
        (await response.json()) as {
          items: {
            status: string;
            attempts: { response_status: number | null; error: string | null }[];
          }[];
        }
      ).items;
    },
    (items) => (items[0]?.attempts.length ?? 0) > 0,
  );
  return delivery;
}

describe("webhook endpoints aimed at internal addresses", () => {
  it.each([
    ["loopback", () => `http://127.0.0.1:${internal.port}/hook`],
    ["IPv6 loopback", () => `http://[::1]:${internal.port}/hook`],
    ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${internal.port}/hook`],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/"],
    ["private network", () => "http://10.0.0.1/hook"],
    ["localhost (a database port)", () => "http://localhost:5432/"],
    ["a name resolving to loopback", () => `http://internal.example:${internal.port}/hook`],
  ])("refuses %s when the endpoint is created, storing nothing", async (_, url) => {
    const response = await t.request("/webhooks/endpoints", { body: { url: url() }, ...asAdmin() });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(
      /^Invalid webhook URL: .* (is|resolves to) a loopback, private, link-local or other non-public network address; the server sends no requests there\.$/,
    );
    expect(await listedUrls()).toEqual([]);
  });

  it("refuses an update to an internal address and keeps the stored URL", async () => {
    const url = `http://hooks.example:${outside.port}/hook`;
    const id = await createEndpoint(url);
    const response = await t.request(`/webhooks/endpoints/${id}`, {
      method: "PATCH",
      body: { url: `http://127.0.0.1:${internal.port}/hook` },
      ...asAdmin(),
    });
    expect(response.status).toBe(400);
    expect(await listedUrls()).toEqual([url]);
  });

  it("refuses schemes other than http(s)", async () => {
    for (const url of ["file:///etc/passwd", "gopher://hooks.example/", "ftp://hooks.example/"]) {
      const response = await t.request("/webhooks/endpoints", { body: { url }, ...asAdmin() });
      expect(response.status).toBe(400);
    }
    expect(await listedUrls()).toEqual([]);
  });
});

describe("deliveries under the policy", () => {
  it("delivers to a public host", async () => {
    const id = await createEndpoint(`http://hooks.example:${outside.port}/public`);
    const delivery = await firstAttempt(id);
    expect(delivery?.attempts[0]).toMatchObject({ response_status: 200, error: null });
    expect(outside.paths).toContain("/public");
  });

  it("records a refused attempt for an internal URL stored earlier, and never connects", async () => {
    const id = await createEndpoint(`http://hooks.example:${outside.port}/hook`);
    // As if stored before this policy, or while the operator allowed private networks.
    await t.db
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:${internal.port}/stored` })
      .where(eq(webhookEndpoints.id, id));
    const delivery = await firstAttempt(id);
    expect(delivery).toMatchObject({ status: "pending" });
    expect(delivery?.attempts[0]?.response_status).toBeNull();
    expect(delivery?.attempts[0]?.error).toBe(
      "Refused: 127.0.0.1 is a loopback, private, link-local or other non-public network address; the server sends no requests there",
    );

    const test = await t.request("/internal/send-test-webhook", {
      body: { endpoint_id: id },
      ...asAdmin(),
    });
    expect(await test.json()).toEqual({
      success: false,
      error_message:
        "Webhook not sent: 127.0.0.1 is a loopback, private, link-local or other non-public network address; the server sends no requests there.",
    });
    expect(internal.connections).toBe(0);
  });

  it("refuses a name that answered a public address when saved and 127.0.0.1 when used (DNS rebinding)", async () => {
    dns["rebind.example"] = "127.0.0.2";
    const id = await createEndpoint(`http://rebind.example:${internal.port}/rebound`);
    dns["rebind.example"] = "127.0.0.1";
    const delivery = await firstAttempt(id);
    expect(delivery?.attempts[0]).toMatchObject({
      response_status: null,
      error:
        "Refused: rebind.example resolves to a loopback, private, link-local or other non-public network address; the server sends no requests there",
    });
    const test = await t.request("/internal/send-test-webhook", {
      body: { endpoint_id: id },
      ...asAdmin(),
    });
    expect(((await test.json()) as { success: boolean }).success).toBe(false);
    expect(internal.connections).toBe(0);
  });

  it("does not follow a public receiver's redirect inside: the attempt fails with the 3xx", async () => {
    const redirecting = await listen("127.0.0.2", 307, `http://127.0.0.1:${internal.port}/inside`);
    try {
      const id = await createEndpoint(`http://hooks.example:${redirecting.port}/redirect`);
      const delivery = await firstAttempt(id);
      expect(delivery?.attempts[0]).toMatchObject({ response_status: 307, error: null });
      expect(internal.connections).toBe(0);
    } finally {
      await redirecting.close();
    }
  });
});
