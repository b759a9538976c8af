/**
 * `POST /internal/send-sign-in-invitation`: the invitation e-mail lands in the outbox with the
 * built-in template's subject and the callback URL as its link (or the project's override of the
 * template); server access may send too (as the reference); client access, untrusted callback URLs
 * and bad bodies are refused and send nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInTemplateIds } from "../../services/email-designs/email-designs";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";

let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;
const callbackUrl = "https://app.example.com/handler/sign-in?after=welcome";

beforeAll(async () => {
  // Its own SMTP server: a project on the shared one may not change its templates.
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Balkan Heritage",
      config: {
        emails: { server: smtp.projectServer("Balkan Heritage", "team@heritage.example") },
        domains: {
          trustedDomains: {
            app: { baseUrl: "https://app.example.com", handlerPath: "/handler" },
          },
        },
      },
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function invite(body: unknown, accessType: "admin" | "server" | "client" = "admin") {
  return t.request("/internal/send-sign-in-invitation", { accessType, projectId, body });
}

describe("POST /internal/send-sign-in-invitation", () => {
  it("mails the invitation from the built-in template, linking to the callback URL", async () => {
    const response = await invite({ email: "guest@example.com", callback_url: callbackUrl });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const [email, ...others] = await t.readOutbox("guest@example.com");
    expect(others).toEqual([]);
    expect(email?.projectId).toBe(projectId);
    expect(email?.subject).toBe("You have been invited to sign in to Balkan Heritage");
    expect(email?.from).toContain("Balkan Heritage");
    // The raw link is in the text part, and the HTML part links to it (escaped).
    expect(email?.text).toContain(callbackUrl);
    expect(email?.html).toContain(`href="${callbackUrl.replace("&", "&amp;")}"`);
    expect(email?.html).toContain("You have been invited to sign in to Balkan Heritage");
  });

  it("server access may send it too", async () => {
    const response = await invite(
      { email: "server-guest@example.com", callback_url: "https://app.example.com/" },
      "server",
    );
    expect(response.status).toBe(200);
    const emails = await t.readOutbox("server-guest@example.com");
    expect(emails.map((email) => email.text.includes("https://app.example.com/"))).toEqual([true]);
  });

  it("uses the project's override of the template", async () => {
    const templateId = builtInTemplateIds.sign_in_invitation;
    const override = [
      '<Subject value="Come and sign in to {{ teamDisplayName }}" />',
      '<NotificationCategory value="Transactional" />',
      '<p>Welcome! <a href="{{ signInInvitationLink }}">Sign in to {{ projectDisplayName }}</a></p>',
    ].join("\n");
    const patched = await t.request(`/internal/email-templates/${templateId}`, {
      accessType: "admin",
      projectId,
      method: "PATCH",
      body: { tsx_source: override, theme_id: null },
    });
    expect(patched.status).toBe(200);

    await invite({ email: "custom@example.com", callback_url: callbackUrl });
    const [email] = await t.readOutbox("custom@example.com");
    expect(email?.subject).toBe("Come and sign in to Balkan Heritage");
    expect(email?.html).toBe(
      `<p>Welcome! <a href="${callbackUrl.replace("&", "&amp;")}">Sign in to Balkan Heritage</a></p>`,
    );

    await t.request(`/internal/email-templates/${templateId}`, {
      accessType: "admin",
      projectId,
      method: "DELETE",
    });
  });

  it("refuses untrusted callback URLs, bad bodies and client access; nothing is sent", async () => {
    const user = await t.signUpUser(projectId);
    const before = (await t.readOutbox()).length;
    for (const untrusted of [
      "https://evil.example.com/handler",
      "http://app.example.com/handler",
      "https://app.example.com.evil.com/handler",
      "https://app.example.com:8443/handler",
    ]) {
      await expectKnownError(
        await invite({ email: "guest@example.com", callback_url: untrusted }),
        "REDIRECT_URL_NOT_WHITELISTED",
        400,
      );
    }
    for (const body of [
      {},
      { email: "guest@example.com" },
      { callback_url: callbackUrl },
      { email: "not-an-address", callback_url: callbackUrl },
      { email: "guest@example.com", callback_url: "not a url" },
      { email: "guest@example.com", callback_url: callbackUrl, team_id: "x" },
    ]) {
      await expectKnownError(await invite(body), "SCHEMA_ERROR", 400);
    }
    await expectKnownError(
      await t.request("/internal/send-sign-in-invitation", {
        accessType: "client",
        projectId,
        accessToken: user.accessToken,
        body: { email: "guest@example.com", callback_url: callbackUrl },
      }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    expect((await t.readOutbox()).length).toBe(before);
  });
});
