/**
 * Built-in templates as overridable defaults: a flow's e-mail is the built-in one until the admin
 * overrides its template, then the override (with the flow's variables and a link that still
 * works), and the built-in one again when the override is deleted or cannot render. Templates
 * can be changed only with the project's own SMTP server (REQUIRES_CUSTOM_EMAIL_SERVER otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";
import { builtInTemplateIds } from "../email-designs/email-designs";

const callbackUrl = "http://localhost:12345/reset";
let t: TestAuthApi;
let smtp: TestSmtpServer;
let projectId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestAuthApi();
  projectId = (
    await t.createProject({
      displayName: "Override Co",
      config: { emails: { server: ownServer() } },
    })
  ).id;
  await t.signUpUser(projectId, { email: "reset@example.com" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestReset(): Promise<{ subject: string; text: string; html: string }> {
  const response = await t.request("/auth/password/send-reset-code", {
    accessType: "client",
    projectId,
    body: { email: "reset@example.com", callback_url: callbackUrl },
  });
  expect(response.status).toBe(200);
  const outbox = await t.readOutbox("reset@example.com");
  const last = outbox[outbox.length - 1];
  if (!last) throw new Error("no e-mail");
  return last;
}

const ownServer = () => smtp.projectServer("Override Co", "team@override.example");

function setServer(server: object) {
  return t.request("/internal/config/override/environment", {
    accessType: "admin",
    projectId,
    method: "PATCH",
    body: { config_override_string: JSON.stringify({ "emails.server": server }) },
  });
}

function overrideReset(source: string, themeId: string | null = null) {
  return t.request(`/internal/email-templates/${builtInTemplateIds.password_reset}`, {
    accessType: "admin",
    projectId,
    method: "PATCH",
    body: { tsx_source: source, theme_id: themeId },
  });
}

describe("password reset e-mail", () => {
  it("is the built-in message, then the project's override, then the built-in again", async () => {
    const builtIn = await requestReset();
    expect(builtIn.subject).toBe("Reset your password at Override Co");

    const saved = await overrideReset(
      [
        '<Subject value="{{ projectDisplayName }}: new password" />',
        '<NotificationCategory value="Transactional" />',
        '<p>Choose one here: <a href="{{ passwordResetLink }}">reset</a></p>',
      ].join("\n"),
    );
    expect(saved.status).toBe(200);
    const custom = await requestReset();
    expect(custom.subject).toBe("Override Co: new password");
    expect(custom.html).toMatch(
      /^<p>Choose one here: <a href="http:\/\/localhost:12345\/reset\?code=/,
    );
    // The link in the override carries a working code.
    const code = new URL(
      /(http:\/\/localhost:12345\/reset\?code=[^\s)]+)/.exec(custom.text)?.[1] ?? "",
    ).searchParams.get("code");
    const check = await t.request("/auth/password/reset/check-code", {
      accessType: "client",
      projectId,
      body: { code },
    });
    expect({ status: check.status, body: await check.json() }).toEqual({
      status: 200,
      body: { is_code_valid: true },
    });

    // On the shared server the project's templates are kept but not used (as in the reference).
    expect((await setServer({ isShared: true })).status).toBe(200);
    expect((await requestReset()).subject).toBe("Reset your password at Override Co");
    expect((await setServer(ownServer())).status).toBe(200);
    expect((await requestReset()).subject).toBe("Override Co: new password");

    await t.request(`/internal/email-templates/${builtInTemplateIds.password_reset}`, {
      accessType: "admin",
      projectId,
      method: "DELETE",
    });
    expect((await requestReset()).subject).toBe("Reset your password at Override Co");
  });

  it("renders an override written in TSX (React Email) with the flow's variables", async () => {
    const saved = await overrideReset(
      [
        'import { type } from "arktype";',
        'import { Subject, NotificationCategory } from "@stackframe/emails";',
        'export const variablesSchema = type({ passwordResetLink: "string" });',
        "export function EmailTemplate({ project, variables }) {",
        "  return <>",
        '    <Subject value={"TSX reset at " + project.displayName} />',
        '    <NotificationCategory value="Transactional" />',
        "    <a href={variables.passwordResetLink}>Reset it</a>",
        "  </>;",
        "}",
        'EmailTemplate.PreviewVariables = { passwordResetLink: "https://example.com/reset" };',
      ].join("\n"),
    );
    expect(saved.status).toBe(200);
    const custom = await requestReset();
    expect(custom.subject).toBe("TSX reset at Override Co");
    expect(custom.html).toMatch(
      /<a href="http:\/\/localhost:12345\/reset\?code=[^"]+">Reset it<\/a>/,
    );
    expect(custom.text).toMatch(/http:\/\/localhost:12345\/reset\?code=/);
  }, 60_000);

  it("falls back to the built-in message when the override cannot render for the flow", async () => {
    // Saved (previews show unknown variables) but the flow has no `couponCode`.
    const saved = await overrideReset(
      '<Subject value="Reset" /><NotificationCategory value="Transactional" /><p>{{ couponCode }}</p>',
    );
    expect(saved.status).toBe(200);
    expect((await requestReset()).subject).toBe("Reset your password at Override Co");
  });
});
