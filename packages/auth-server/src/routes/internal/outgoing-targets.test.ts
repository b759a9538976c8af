/**
 * A project's custom OIDC issuer and own SMTP server under the outgoing-request policy, private
 * networks refused (the default; issue 14, defect 2). Setting an internal target through the API
 * (config overrides, the legacy project update, project creation) is a text 400 that stores
 * nothing; a target stored earlier is refused again when used: sign-in through the issuer answers
 * OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE, mail to the server is recorded as refused, and the
 * loopback listeners behind them never see a connection. 127.0.0.2 plays a public host.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../outgoing/address-policy";
import type { HostResolver } from "../../outgoing/outgoing-policy";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

const refusedText =
  "is a loopback, private, link-local or other non-public network address; the server sends no requests there";

const dns: Record<string, string> = {
  "idp.example": "127.0.0.2",
  "smtp.example": "127.0.0.2",
  "inside.example": "127.0.0.1",
};
const resolveHost: HostResolver = async (hostname) => {
  const address = dns[hostname];
  if (!address) throw Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};

let t: TestAuthApi;
let issuer: { url: string; connections: number; close(): Promise<void> };
let smtp: TestSmtpServer;

async function listenCounting(): Promise<typeof issuer> {
  const state = { connections: 0 };
  const server: Server = createServer((_, response) => response.end("{}"));
  server.on("connection", () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  t = await createTestAuthApi({
    env: { OUTGOING_ALLOW_PRIVATE_NETWORKS: "false" },
    outgoing: {
      resolveHost,
      isPublicAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    },
  });
  issuer = await listenCounting();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await issuer.close();
  await smtp.close();
  await t.close();
});

const oidcProvider = (issuerUrl: string) => ({
  type: "oidc",
  issuerUrl,
  isShared: false,
  clientId: "client",
  clientSecret: "secret",
});

async function storedConfig(projectId: string) {
  const response = await t.request("/internal/config", { accessType: "admin", projectId });
  return JSON.parse(((await response.json()) as { config_string: string }).config_string) as {
    auth: { oauth: { providers: Record<string, { issuerUrl?: string }> } };
    emails: { server: { isShared: boolean; host?: string } };
  };
}

function patchOverride(projectId: string, override: Record<string, unknown>) {
  return t.request("/internal/config/override/environment", {
    accessType: "admin",
    projectId,
    method: "PATCH",
    body: { config_override_string: JSON.stringify(override) },
  });
}

const standardEmail = (host: string) => ({
  type: "standard",
  host,
  port: 2525,
  username: "",
  password: "",
  sender_name: "Shop",
  sender_email: "noreply@shop.example",
});

describe("setting a target through the API", () => {
  it("refuses an OIDC issuer on an internal address or another scheme, keeping the config", async () => {
    const { id } = await t.createProject();
    for (const [issuerUrl, reason] of [
      [issuer.url, `127.0.0.1 ${refusedText}`],
      ["http://inside.example/realms/corp", `inside.example resolves to a loopback`],
      ["http://169.254.169.254/", `169.254.169.254 ${refusedText}`],
      ["file:///etc/passwd", "must be an http(s) URL"],
    ] as const) {
      const response = await patchOverride(id, {
        "auth.oauth.providers.corp": oidcProvider(issuerUrl),
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain("The config aims the server at a target it does not reach:");
      expect(text).toContain(`auth.oauth.providers.corp.issuerUrl: ${reason}`);
    }
    expect((await storedConfig(id)).auth.oauth.providers.corp).toBeUndefined();

    const accepted = await patchOverride(id, {
      "auth.oauth.providers.corp": oidcProvider("https://idp.example/realms/corp"),
    });
    expect(accepted.status).toBe(200);
    expect((await storedConfig(id)).auth.oauth.providers.corp?.issuerUrl).toBe(
      "https://idp.example/realms/corp",
    );
  });

  it("refuses a project SMTP host on an internal address, through every way of setting it", async () => {
    const { id } = await t.createProject();
    const override = await patchOverride(id, {
      "emails.server": { isShared: false, host: "localhost", port: 25, senderEmail: "a@b.example" },
    });
    expect(override.status).toBe(400);
    expect(await override.text()).toContain("emails.server.host: localhost resolves to a loopback");

    const legacy = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: id,
      method: "PATCH",
      body: { config: { email_config: standardEmail("10.0.0.25") } },
    });
    expect(legacy.status).toBe(400);
    expect(await legacy.text()).toContain(`emails.server.host: 10.0.0.25 ${refusedText}`);
    expect((await storedConfig(id)).emails.server.isShared).toBe(true);

    const accepted = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: id,
      method: "PATCH",
      body: { config: { email_config: standardEmail("smtp.example") } },
    });
    expect(accepted.status).toBe(200);
    expect((await storedConfig(id)).emails.server.host).toBe("smtp.example");
  });

  it("refuses a new project whose config aims inside", async () => {
    const owner = await t.signUpUser("internal");
    const team = await t.request("/teams", {
      accessType: "client",
      accessToken: owner.accessToken,
      body: { display_name: "Owners", creator_user_id: "me" },
    });
    const { id: teamId } = (await team.json()) as { id: string };
    const before = await t.request("/internal/projects", {
      accessType: "client",
      accessToken: owner.accessToken,
    });
    const created = await t.request("/internal/projects", {
      accessType: "client",
      accessToken: owner.accessToken,
      body: {
        display_name: "Inside",
        owner_team_id: teamId,
        config: { email_config: standardEmail("127.0.0.1") },
      },
    });
    expect(created.status).toBe(400);
    const after = await t.request("/internal/projects", {
      accessType: "client",
      accessToken: owner.accessToken,
    });
    expect(await after.json()).toEqual(await before.json());
  });
});

describe("targets stored earlier are refused when used", () => {
  it("answers OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE for an internal issuer, without contacting it", async () => {
    const project = await t.createProject({
      config: { auth: { oauth: { providers: { corp: oidcProvider(issuer.url) } } } },
    });
    const query = new URLSearchParams({
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
      redirect_uri: "http://localhost:3000/handler/oauth-callback",
      scope: "legacy",
      state: "state",
      grant_type: "authorization_code",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      response_type: "code",
      type: "authenticate",
    });
    await expectKnownError(
      await t.app.request(`/api/v1/auth/oauth/authorize/corp?${query}`),
      "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
      503,
    );
    expect(issuer.connections).toBe(0);
  });

  it("records mail to an internal SMTP server as refused and answers send-test-email with the refusal", async () => {
    const project = await t.createProject({
      config: { emails: { server: smtp.projectServer("Shop", "noreply@shop.example") } },
    });
    const user = await t.signUpUser(project.id, { email: "buyer@shop.example" });
    const sent = await t.request("/emails/send-email", {
      accessType: "server",
      projectId: project.id,
      body: { user_ids: [user.userId], subject: "Hello", html: "<p>Hello</p>" },
    });
    expect(sent.status).toBe(200);
    await t.runEmailQueue();
    const [row] = await t.readOutbox("buyer@shop.example");
    expect(row?.error).toBe(`Refused: 127.0.0.1 ${refusedText}`);

    const test = await t.request("/internal/send-test-email", {
      accessType: "admin",
      projectId: project.id,
      body: {
        recipient_email: "owner@shop.example",
        email_config: {
          host: "127.0.0.1",
          port: smtp.port,
          username: "",
          password: "",
          sender_name: "Shop",
          sender_email: "noreply@shop.example",
        },
      },
    });
    expect(await test.json()).toEqual({
      success: false,
      error_message: `Refused: 127.0.0.1 ${refusedText}.`,
    });
    expect(smtp.connections).toBe(0);
  });
});
