/**
 * Managed e-mail onboarding through the API, with the simulation (development, no Resend key) and
 * Resend's signed webhook: setup, list, check, apply and what the project's e-mail config then
 * says; refused input changes nothing; off in production without Resend. The calls to the real
 * Resend and DNSimple: services/managed-email/resend-dnsimple.test.ts.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

const webhookSecret = `whsec_${Buffer.from("resend webhook secret for tests").toString("base64")}`;
let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi({ env: { STACK_RESEND_WEBHOOK_SECRET: webhookSecret } });
});
afterAll(() => t.close());

function onboarding(projectId: string, path: string, body?: unknown) {
  return t.request(`/internal/emails/managed-onboarding/${path}`, {
    accessType: "admin",
    projectId,
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body }),
  });
}

async function listed(projectId: string) {
  const response = await onboarding(projectId, "list");
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Array<Record<string, unknown>> }).items;
}

async function renderedEmailServer(projectId: string) {
  const response = await t.request("/internal/config", { accessType: "admin", projectId });
  const { config_string } = (await response.json()) as { config_string: string };
  return JSON.parse(config_string).emails.server as Record<string, unknown>;
}

function resendDelivery(payload: unknown, secret = webhookSecret) {
  const body = JSON.stringify(payload);
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const signature = new Webhook(secret).sign(id, new Date(), body);
  return t.request("/integrations/resend/webhooks", {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(Date.now() / 1000)),
      "svix-signature": signature,
    },
  });
}

describe("managed e-mail onboarding", () => {
  it("is for admin access only", async () => {
    const { id } = await t.createProject();
    for (const accessType of ["client", "server"] as const) {
      const response = await t.request("/internal/emails/managed-onboarding/setup", {
        accessType,
        projectId: id,
        method: "POST",
        body: { subdomain: "mail.example.com", sender_local_part: "noreply" },
      });
      await expectKnownError(response, "INSUFFICIENT_ACCESS_TYPE", 401);
    }
    expect(await listed(id)).toEqual([]);
  });

  it("sets a domain up, verifies it (simulated) and applies it to the project's mail", async () => {
    const { id } = await t.createProject({ displayName: "Heritage Mail" });
    const setup = await onboarding(id, "setup", {
      subdomain: "Mail.Example.com.",
      sender_local_part: "noreply",
    });
    expect(setup.status).toBe(200);
    const domain = (await setup.json()) as Record<string, unknown>;
    expect(domain).toEqual({
      domain_id: expect.any(String),
      subdomain: "mail.example.com",
      sender_local_part: "noreply",
      status: "pending_verification",
      name_server_records: ["ns1.dnsimple.com", "ns2.dnsimple.com"],
    });
    const check = { domain_id: domain.domain_id, subdomain: "mail.example.com" };

    // Not verified yet: applying is refused and the project's mail is unchanged.
    const early = await onboarding(id, "apply", { domain_id: domain.domain_id });
    expect(early.status).toBe(409);
    expect(await early.text()).toBe("Managed domain is not verified yet");
    expect((await renderedEmailServer(id)).provider).toBeUndefined();

    // The simulation verifies it a second after setup, as Resend's webhook would.
    const deadline = Date.now() + 5000;
    while ((await listed(id))[0]?.status !== "verified" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const checked = await onboarding(id, "check", { ...check, sender_local_part: "noreply" });
    expect(await checked.json()).toEqual({ status: "verified" });

    const applied = await onboarding(id, "apply", { domain_id: domain.domain_id });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ status: "applied" });
    expect(await renderedEmailServer(id)).toMatchObject({
      isShared: false,
      provider: "managed",
      managedSubdomain: "mail.example.com",
      managedSenderLocalPart: "noreply",
      senderEmail: "noreply@mail.example.com",
      senderName: "Heritage Mail",
      password: expect.stringMatching(/^managed_mock_key_/),
    });
    // The admin's project shows the server the mail goes out through.
    const project = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: id,
    });
    expect(
      ((await project.json()) as { config: { email_config: unknown } }).config.email_config,
    ).toMatchObject({
      type: "standard",
      host: "smtp.resend.com",
      port: 465,
      username: "resend",
      sender_email: "noreply@mail.example.com",
    });
    expect((await listed(id))[0]?.status).toBe("applied");
    // Applying again changes nothing.
    expect((await onboarding(id, "apply", { domain_id: domain.domain_id })).status).toBe(200);

    // The same setup again answers the stored domain; another sender for it is refused.
    const again = await onboarding(id, "setup", {
      subdomain: "mail.example.com",
      sender_local_part: "noreply",
    });
    expect(((await again.json()) as { domain_id: string }).domain_id).toBe(domain.domain_id);
    const otherSender = await onboarding(id, "setup", {
      subdomain: "mail.example.com",
      sender_local_part: "hello",
    });
    expect(otherSender.status).toBe(409);
    expect(await otherSender.text()).toBe(
      "This subdomain is already tracked with a different sender local part",
    );
  });

  it("refuses a bad subdomain, sender or domain id, and stores nothing", async () => {
    const { id } = await t.createProject();
    const badSubdomain = await onboarding(id, "setup", {
      subdomain: "localhost",
      sender_local_part: "noreply",
    });
    expect(badSubdomain.status).toBe(400);
    expect(await badSubdomain.text()).toBe(
      "subdomain must be a fully-qualified domain name like mail.example.com",
    );
    const badSender = await onboarding(id, "setup", {
      subdomain: "mail.example.org",
      sender_local_part: "no reply",
    });
    expect(await badSender.text()).toBe("sender_local_part is invalid");
    const missing = await onboarding(id, "setup", { subdomain: "mail.example.org" });
    expect(missing.status).toBe(400);
    expect(await listed(id)).toEqual([]);

    const unknownCheck = await onboarding(id, "check", {
      domain_id: "nope",
      subdomain: "mail.example.org",
      sender_local_part: "noreply",
    });
    expect(unknownCheck.status).toBe(404);
    expect(await unknownCheck.text()).toBe(
      "Managed domain setup not found for this project/branch",
    );
    const unknownApply = await onboarding(id, "apply", { domain_id: "nope" });
    expect(unknownApply.status).toBe(404);

    // Another project's domain is not this project's to check or apply.
    const { id: other } = await t.createProject();
    const theirs = (await (
      await onboarding(other, "setup", { subdomain: "mail.other.org", sender_local_part: "x" })
    ).json()) as { domain_id: string };
    expect((await onboarding(id, "apply", { domain_id: theirs.domain_id })).status).toBe(404);
  });

  it("takes Resend's signed reports of a domain, and refuses unsigned ones", async () => {
    const { id } = await t.createProject();
    const { domain_id } = (await (
      await onboarding(id, "setup", { subdomain: "news.example.net", sender_local_part: "news" })
    ).json()) as { domain_id: string };
    const failed = { type: "domain.updated", data: { id: domain_id, status: "failed" } };

    const forged = await resendDelivery(failed, `whsec_${Buffer.from("other").toString("base64")}`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe("Invalid Resend webhook signature");
    const unsigned = await t.request("/integrations/resend/webhooks", {
      method: "POST",
      body: failed,
    });
    expect(unsigned.status).toBe(400);
    expect((await listed(id))[0]?.status).toBe("pending_verification");

    expect((await resendDelivery({ type: "email.sent", data: {} })).status).toBe(200);
    const reported = await resendDelivery(failed);
    expect(reported.status).toBe(200);
    expect(await reported.json()).toEqual({ received: true });
    expect((await listed(id))[0]?.status).toBe("failed");
    const malformed = await resendDelivery({ type: "domain.updated", data: { id: domain_id } });
    expect(malformed.status).toBe(400);
  });
});

describe("managed e-mail onboarding in production", () => {
  it("is off without Resend, saying so, and Resend's webhook without its secret is a 503", async () => {
    const production = await createTestAuthApi({ isDevelopment: false });
    try {
      const { id } = await production.createProject();
      const setup = await production.request("/internal/emails/managed-onboarding/setup", {
        accessType: "admin",
        projectId: id,
        method: "POST",
        body: { subdomain: "mail.example.com", sender_local_part: "noreply" },
      });
      expect(setup.status).toBe(400);
      expect(await setup.text()).toMatch(/^Managed e-mail onboarding is not available/);
      const webhook = await production.request("/integrations/resend/webhooks", {
        method: "POST",
        body: {},
      });
      expect(webhook.status).toBe(503);
    } finally {
      await production.close();
    }
  });
});

describe("managed e-mail onboarding with Resend and DNSimple", () => {
  it("answers Resend's refusals: a taken subdomain is a 409, a failure a 502 naming the step", async () => {
    // Resend as a loopback fake: one subdomain is taken, anything else fails.
    const resend = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const taken = body.includes("taken.example.com");
        response.writeHead(taken ? 409 : 500, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ message: taken ? "Domain already exists" : "upstream detail" }),
        );
      });
    });
    await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
    const { port } = resend.address() as AddressInfo;
    const withResend = await createTestAuthApi({
      isDevelopment: false,
      env: {
        STACK_RESEND_API_KEY: "re_operator_key",
        STACK_RESEND_API_BASE: `http://127.0.0.1:${port}`,
        STACK_DNSIMPLE_API_TOKEN: "dnsimple-token",
        STACK_DNSIMPLE_ACCOUNT_ID: "1234",
      },
    });
    try {
      const { id } = await withResend.createProject();
      const setup = (subdomain: string) =>
        withResend.request("/internal/emails/managed-onboarding/setup", {
          accessType: "admin",
          projectId: id,
          method: "POST",
          body: { subdomain, sender_local_part: "noreply" },
        });
      const taken = await setup("taken.example.com");
      expect(taken.status).toBe(409);
      expect(await taken.text()).toBe(
        "This subdomain already exists in Resend. If this is from another project, choose a different subdomain.",
      );
      const failed = await setup("mail.example.com");
      expect(failed.status).toBe(502);
      const text = await failed.text();
      expect(text).toBe(
        "Setting up the sending domain failed (Resend: creating the domain). The server's log has the details; try again later.",
      );
      const list = await withResend.request("/internal/emails/managed-onboarding/list", {
        accessType: "admin",
        projectId: id,
      });
      expect(await list.json()).toEqual({ items: [] });
    } finally {
      await withResend.close();
      await new Promise((resolve) => resend.close(resolve));
    }
  });
});
