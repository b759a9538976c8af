/**
 * The guarded HTTP client of the outgoing-request policy (issue 14, defect 2). Every target here is
 * on loopback: refused targets are refused before a connection is opened (the loopback servers
 * count their connections), and "public" hosts are played by a second loopback address,
 * 127.0.0.2, which these tests' `isPublicAddress` admits, with names answered by an injected
 * resolver. So redirects and DNS rebinding are shown without a packet leaving the machine.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";
import { guardedFetch } from "./guarded-fetch";
import {
  createOutgoingPolicy,
  findTargetRefusal,
  type HostResolver,
  type OutgoingPolicy,
  OutgoingRequestRefusedError,
} from "./outgoing-policy";

interface TestServer {
  url: string;
  port: number;
  connections: number;
  requests: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];

async function startServer(
  host: string,
  handle: (request: IncomingMessage, response: ServerResponse) => void = (_, response) =>
    response.end("ok"),
): Promise<TestServer> {
  const server: Server = createServer((request, response) => {
    state.requests.push({
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
    });
    handle(request, response);
  });
  const state: TestServer = {
    url: "",
    port: 0,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on("connection", () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://${host}:${state.port}`;
  servers.push(state);
  return state;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** 127.0.0.2 plays a public host; every other address is judged as in production. */
const publicForTests = (address: string) => address === "127.0.0.2" || isPublicAddress(address);

function resolverOf(answers: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

function strictPolicy(resolveHost: HostResolver = resolverOf({})): OutgoingPolicy {
  return createOutgoingPolicy({
    allowPrivateNetworks: false,
    resolveHost,
    isPublicAddress: publicForTests,
  });
}

async function refusal(request: Promise<Response>): Promise<OutgoingRequestRefusedError> {
  const error = await request.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutgoingRequestRefusedError);
  return error as OutgoingRequestRefusedError;
}

describe("guardedFetch with private networks refused (the default)", () => {
  it("refuses internal IP literals before connecting", async () => {
    const internal = await startServer("127.0.0.1");
    const policy = strictPolicy();
    for (const url of [
      `${internal.url}/hook`,
      `http://[::1]:${internal.port}/hook`,
      `http://[::ffff:127.0.0.1]:${internal.port}/hook`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://0.0.0.0/",
      "http://2130706433/",
    ]) {
      const error = await refusal(guardedFetch(policy, url, { method: "POST", body: "{}" }));
      // The answer names the host as written, never what (if anything) listens there.
      expect(error.message).toMatch(/ is a loopback, private, link-local or other non-public/);
    }
    expect(internal.connections).toBe(0);
  });

  it("refuses names that resolve to an internal address, localhost without asking DNS", async () => {
    const internal = await startServer("127.0.0.1");
    const resolver = resolverOf({
      "internal.test": ["127.0.0.1"],
      "mixed.test": ["127.0.0.2", "10.1.2.3"],
    });
    const policy = strictPolicy(resolver);
    for (const host of ["localhost", "LOCALHOST.", "db.localhost", "internal.test", "mixed.test"]) {
      const error = await refusal(guardedFetch(policy, `http://${host}:${internal.port}/`));
      expect(error.message).toContain(" resolves to a loopback, private");
      expect(error.message).not.toContain("127.0.0.1");
    }
    expect(resolver.calls).toEqual(["internal.test", "mixed.test"]);
    expect(internal.connections).toBe(0);
  });

  it("reaches a public host, connecting to the address the check saw", async () => {
    const outside = await startServer("127.0.0.2");
    const policy = strictPolicy(resolverOf({ "hooks.example": ["127.0.0.2"] }));
    const response = await guardedFetch(policy, `http://hooks.example:${outside.port}/in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(outside.requests).toMatchObject([
      { method: "POST", path: "/in", headers: { host: `hooks.example:${outside.port}` } },
    ]);
  });

  it("checks every redirect hop: a public URL that redirects inside is refused at the second hop", async () => {
    const internal = await startServer("127.0.0.1");
    const outside = await startServer("127.0.0.2", (request, response) => {
      const target =
        request.url === "/to-literal"
          ? `http://127.0.0.1:${internal.port}/admin`
          : `http://internal.test:${internal.port}/admin`;
      response.writeHead(302, { location: target }).end();
    });
    const policy = strictPolicy(
      resolverOf({ "hooks.example": ["127.0.0.2"], "internal.test": ["127.0.0.1"] }),
    );
    for (const path of ["/to-literal", "/to-name"]) {
      await refusal(guardedFetch(policy, `http://hooks.example:${outside.port}${path}`));
    }
    expect(outside.requests.map((request) => request.path)).toEqual(["/to-literal", "/to-name"]);
    expect(internal.connections).toBe(0);
  });

  it("refuses a name that answered a public address when saved and 127.0.0.1 when used (DNS rebinding)", async () => {
    const internal = await startServer("127.0.0.1");
    let answer = "127.0.0.2";
    const policy = strictPolicy(async () => [{ address: answer, family: 4 }]);
    const url = `http://rebind.example:${internal.port}/hook`;
    expect(await findTargetRefusal({ url }, policy)).toBeNull();
    answer = "127.0.0.1";
    await refusal(guardedFetch(policy, url, { method: "POST", body: "{}" }));
    expect(internal.connections).toBe(0);
  });

  it("only speaks http(s)", async () => {
    const policy = strictPolicy();
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.2/", "gopher://127.0.0.2:70/"]) {
      await expect(guardedFetch(policy, url)).rejects.toThrow(OutgoingRequestRefusedError);
    }
    const redirectsToFile = await startServer("127.0.0.2", (_, response) => {
      response.writeHead(302, { location: "file:///etc/passwd" }).end();
    });
    await expect(guardedFetch(policy, redirectsToFile.url)).rejects.toThrow(
      "Only http(s) URLs are requested, not file:",
    );
  });
});

describe("guardedFetch with private networks allowed (OUTGOING_ALLOW_PRIVATE_NETWORKS=true)", () => {
  const open = () => createOutgoingPolicy({ allowPrivateNetworks: true });

  it("reaches loopback and follows redirects, dropping credentials across origins", async () => {
    const second = await startServer("127.0.0.1");
    const first = await startServer("127.0.0.1", (request, response) => {
      if (request.url === "/see-other") {
        response.writeHead(303, { location: "/after" }).end();
        return;
      }
      response.writeHead(307, { location: `${second.url}/moved` }).end();
    });
    const moved = await guardedFetch(open(), `${first.url}/start`, {
      method: "POST",
      headers: { authorization: "Bearer secret", "content-type": "text/plain" },
      body: "payload",
    });
    expect(moved.status).toBe(200);
    expect(second.requests).toMatchObject([{ method: "POST", path: "/moved" }]);
    expect(second.requests[0]?.headers.authorization).toBeUndefined();

    const seeOther = await guardedFetch(open(), `${first.url}/see-other`, {
      method: "POST",
      headers: { authorization: "Bearer secret" },
      body: "payload",
    });
    expect(seeOther.status).toBe(200);
    // Same origin: the credentials stay; 303 continues as a GET without the body.
    expect(first.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/after",
      headers: { authorization: "Bearer secret" },
    });
  });

  it("hands back a redirect when told not to follow, and stops after the allowed hops", async () => {
    const loop = await startServer("127.0.0.1", (_, response) => {
      response.writeHead(302, { location: "/again" }).end();
    });
    const manual = await guardedFetch(open(), loop.url, { maxRedirects: 0 });
    expect(manual.status).toBe(302);
    await expect(guardedFetch(open(), loop.url, { maxRedirects: 2 })).rejects.toThrow(
      "More than 2 redirects",
    );
    expect(loop.requests).toHaveLength(4);
  });

  it("gives up on a silent server at the deadline", async () => {
    const silent = await startServer("127.0.0.1", () => {});
    const started = performance.now();
    await expect(guardedFetch(open(), silent.url, { timeoutMs: 300 })).rejects.toThrow(/timeout/i);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
