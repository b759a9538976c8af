/**
 * A forged `Host` header must not steer the server's own calls to its auth platform (issue 14,
 * defect 1): the admin pages once built the auth client's base URL from the request's origin, so
 * a refresh cookie made the server POST to the host the client named, and an admin's cookie made
 * it send the site project's secret key there. Plain HTTP, no browser: the attacker is `curl`.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/test-server";

const admin = { email: "host.admin@example.org", password: "correct-horse-battery" };

interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
}

/** A loopback server standing in for the attacker's: it records what reaches it. */
async function startListener(): Promise<{ server: Server; port: number; seen: SeenRequest[] }> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    // Answer at once (not a 5xx, which the client would retry) so the old code finished quickly.
    response.writeHead(418, { "content-type": "text/plain" }).end("listening");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** GET with exactly the headers given, `Host` included (fetch would not send a forged Host). */
function getWithHeaders(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: "GET", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.setTimeout(20_000, () => outgoing.destroy(new Error("no answer within 20 s")));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("an attacker forges the Host header of admin requests", () => {
  let server: TestServer;
  let listener: Awaited<ReturnType<typeof startListener>>;

  beforeAll(async () => {
    [server, listener] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      startListener(),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => listener?.server.close(resolve));
  });

  const forgedHost = () => `127.0.0.1:${listener.port}`;

  it("with any refresh cookie: the server refreshes in process, never at the named host", async () => {
    const answer = await getWithHeaders(`${server.url}/admin/users.data`, {
      host: forgedHost(),
      cookie: "stack-refresh=x",
    });
    expect(answer.status).toBeLessThan(500);
    expect(listener.seen).toEqual([]);
  });

  it("with an admin's session: the users list works and the secret key goes nowhere else", async () => {
    const { projectId, publishableClientKey } = server.running.siteAuth;
    const signIn = await fetch(`${server.url}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-stack-project-id": projectId,
        "x-stack-access-type": "client",
        "x-stack-publishable-client-key": publishableClientKey,
      },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
    const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
    const cookie = [
      `hexclave-refresh-${projectId}--default=${encodeURIComponent(
        JSON.stringify({ refresh_token: tokens.refresh_token, updated_at_millis: Date.now() }),
      )}`,
      `hexclave-access=${encodeURIComponent(
        JSON.stringify([tokens.refresh_token, tokens.access_token]),
      )}`,
    ].join("; ");

    const answer = await getWithHeaders(`${server.url}/admin/users.data`, {
      host: forgedHost(),
      cookie,
    });
    expect(listener.seen).toEqual([]);
    expect(answer.status).toBe(200);
    // The list came from this server's own auth platform.
    expect(answer.body).toContain(admin.email);
    expect(answer.body).not.toContain(server.running.siteAuth.secretServerKey);
  });
});
