/**
 * E-mail calls through the client library against the real auth server: admin templates, themes,
 * previews, test e-mail, sign-in invitations and drafts; sending to users (server app) through the
 * server's send queue and the project's SMTP server, also a draft at a scheduled time; the
 * signed-in user's notification preferences (client app); refusals surface as known errors.
 */
import type { AddressInfo } from "node:net";
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let smtp: SMTPServer;
let smtpPort: number;
const delivered: string[][] = [];
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push(session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  api = await createTestAuthApi();
  project = await api.createProject({
    displayName: "Client Mail",
    config: {
      emails: {
        server: {
          isShared: false,
          host: "127.0.0.1",
          port: smtpPort,
          username: "",
          password: "",
          senderName: "Client Mail",
          senderEmail: "client@mail.example",
        },
      },
    },
  });
});
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const runtimeOptions = () => testServerRuntime(api);

const newAdminApp = () =>
  createAdminApp({
    projectId: project.id,
    superSecretAdminKey: project.keys.superSecretAdminKey,
    ...runtimeOptions(),
  });
const newServerApp = () =>
  createServerApp({
    projectId: project.id,
    secretServerKey: project.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });

describe("admin e-mail calls", () => {
  it("manages templates and themes and previews them", async () => {
    const admin = newAdminApp();
    const { id } = await admin.createEmailTemplate("Digest");
    const source =
      '<Subject value="Digest for {{ userDisplayName }}" /><NotificationCategory value="Marketing" /><p>{{ items }}</p>';
    const { renderedHtml } = await admin.updateEmailTemplate(id, source, null);
    expect(renderedHtml).toBe("<p>{{ items }}</p>");
    const templates = await admin.listEmailTemplates();
    expect(templates.find((template) => template.id === id)).toEqual({
      id,
      displayName: "Digest",
      source,
      themeId: false,
    });

    const theme = await admin.createEmailTheme("Plain");
    await admin.updateEmailTheme(theme.id, "<div>{{ content }}</div>");
    expect(await admin.getEmailTheme(theme.id)).toEqual({
      id: theme.id,
      displayName: "Plain",
      source: "<div>{{ content }}</div>",
    });
    expect((await admin.listEmailThemes()).map((item) => item.displayName)).toContain("Plain");
    expect(await admin.renderEmailPreview({ themeId: theme.id, templateId: id })).toEqual({
      html: "<div><p>{{ items }}</p></div>",
      subject: "Digest for John Doe",
      notificationCategory: "Marketing",
    });

    await admin.deleteEmailTheme(theme.id);
    const missing = await admin.getEmailTheme(theme.id).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404 });
    await admin.deleteEmailTemplate(id);
    expect((await admin.listEmailTemplates()).some((template) => template.id === id)).toBe(false);
  });

  it("reports rendering errors as known errors", async () => {
    const admin = newAdminApp();
    const { id } = await admin.createEmailTemplate("Broken");
    const error = await admin.updateEmailTemplate(id, "<p>no subject</p>").catch((e: unknown) => e);
    expect(isKnownError(error, "EMAIL_RENDERING_ERROR")).toBe(true);
  });

  it("sends a test e-mail", async () => {
    const smtpSettings = {
      host: "127.0.0.1",
      port: smtpPort,
      username: "",
      password: "",
      senderEmail: "client@mail.example",
      senderName: "Client Mail",
    };
    delivered.length = 0;
    expect(
      await newAdminApp().sendTestEmail({
        recipientEmail: "owner@example.com",
        smtp: smtpSettings,
      }),
    ).toEqual({ status: "ok" });
    expect(delivered).toEqual([["owner@example.com"]]);
    const failed = await newAdminApp().sendTestEmail({
      recipientEmail: "owner@example.com",
      smtp: { ...smtpSettings, port: 1 },
    });
    expect(failed.status).toBe("error");
  });

  it("sends a sign-in invitation to a trusted callback URL", async () => {
    const admin = newAdminApp();
    const callbackUrl = "http://localhost:3000/handler/sign-in";
    await admin.sendSignInInvitationEmail("invitee@example.com", callbackUrl);
    const [invitation, ...others] = await api.readOutbox("invitee@example.com");
    expect(others).toEqual([]);
    expect(invitation?.subject).toBe("You have been invited to sign in to Client Mail");
    expect(invitation?.text).toContain(callbackUrl);

    const refused = await admin
      .sendSignInInvitationEmail("invitee@example.com", "https://evil.example.com/handler")
      .catch((error: unknown) => error);
    expect(isKnownError(refused, "REDIRECT_URL_NOT_WHITELISTED")).toBe(true);
    expect(await api.readOutbox("invitee@example.com")).toHaveLength(1);
  });
});

describe("sending and preferences", () => {
  it("sends to users, honouring the preferences users set themselves", async () => {
    const server = newServerApp();
    const keen = await server.createUser({
      primaryEmail: "keen@example.com",
      password: "password123",
      primaryEmailAuthEnabled: true,
    });
    const tired = await server.createUser({
      primaryEmail: "tired@example.com",
      password: "password123",
      primaryEmailAuthEnabled: true,
    });

    const client = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const signedIn = await client.signInWithCredential({
      email: "tired@example.com",
      password: "password123",
    });
    expect(signedIn.status).toBe("ok");
    const preferences = await client.listNotificationPreferences();
    const marketing = preferences.find((item) => item.categoryName === "Marketing");
    expect(marketing).toMatchObject({ enabled: true, canDisable: true });
    const changed = await client.setNotificationPreference(marketing?.categoryId ?? "", false);
    expect(changed.enabled).toBe(false);
    const other = await client
      .listNotificationPreferences(keen.id)
      .catch((error: unknown) => error);
    expect(other).toMatchObject({ status: 403 });
    expect((await server.listNotificationPreferences(tired.id))[1]?.enabled).toBe(false);

    delivered.length = 0;
    const sentTo = await server.sendEmail({
      userIds: [keen.id, tired.id],
      html: "<p>Offer</p>",
      subject: "Offer",
      notificationCategoryName: "Marketing",
    });
    // Both are queued, as the reference does; the one who opted out is skipped when it is due.
    expect(sentTo).toEqual([keen.id, tired.id]);
    // Queued: rendered, then sent or skipped when due (passes of the queue run here by hand).
    await api.runEmailQueue();
    await api.runEmailQueue();
    expect(delivered).toEqual([["keen@example.com"]]);
    const [forTired, forKeen] = await newAdminApp().listSentEmails();
    expect(forKeen).toMatchObject({
      subject: "Offer",
      to: ["keen@example.com"],
      error: null,
      status: "sent",
    });
    expect(forKeen?.sentAt).toBeInstanceOf(Date);
    expect(forTired).toMatchObject({ to: ["tired@example.com"], status: "skipped" });

    const missing = await server
      .sendEmail({ userIds: [crypto.randomUUID()], html: "<p>x</p>", subject: "x" })
      .catch((error: unknown) => error);
    expect(isKnownError(missing, "USER_ID_DOES_NOT_EXIST")).toBe(true);
  });
});

describe("drafts", () => {
  const source = [
    '<Subject value="Launch for {{ userDisplayName }}" />',
    '<NotificationCategory value="Marketing" />',
    "<p>Soon.</p>",
  ].join("\n");

  it("manages drafts and sends one at its scheduled time", async () => {
    const admin = newAdminApp();
    const { id } = await admin.createEmailDraft({ displayName: "Launch", themeId: false, source });
    expect(await admin.getEmailDraft(id)).toEqual({
      id,
      displayName: "Launch",
      source,
      themeId: false,
      sentAt: null,
    });
    await admin.updateEmailDraft(id, { displayName: "Launch day" });
    const listed = (await admin.listEmailDrafts()).find((draft) => draft.id === id);
    expect(listed).toMatchObject({ displayName: "Launch day", themeId: false, source });

    const server = newServerApp();
    const user = await server.createUser({ primaryEmail: "launch@example.com", displayName: "Lu" });
    delivered.length = 0;
    const due = new Date(api.clock().getTime() + 3_600_000);
    expect(
      await server.sendEmail({
        userIds: [user.id],
        draftId: id,
        scheduledAt: due,
        isHighPriority: true,
      }),
    ).toEqual([user.id]);
    expect((await admin.getEmailDraft(id)).sentAt).toEqual(api.clock());
    await api.runEmailQueue();
    expect((await admin.listSentEmails())[0]).toMatchObject({
      subject: "Launch for Lu",
      status: "queued",
    });
    expect(delivered).toEqual([]);
    api.clock.advance(3_600_000);
    await api.runEmailQueue();
    expect((await admin.listSentEmails())[0]).toMatchObject({
      subject: "Launch for Lu",
      status: "sent",
    });
    expect(delivered).toEqual([["launch@example.com"]]);

    await admin.deleteEmailDraft(id);
    expect(await admin.getEmailDraft(id).catch((error: unknown) => error)).toMatchObject({
      status: 404,
    });
    const unknownDraft = await server
      .sendEmail({ userIds: [user.id], draftId: id })
      .catch((error: unknown) => error);
    expect(unknownDraft).toMatchObject({ status: 400 });
  });
});
