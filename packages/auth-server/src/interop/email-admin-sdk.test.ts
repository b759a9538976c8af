/**
 * Interop: the official SDK's `StackAdminApp` manages e-mail templates and themes, previews, and
 * the test e-mail against this server, and drafts (create, list, update, delete); `StackServerApp`
 * stores and reads data vault values (the SDK hashes and encrypts, the server seals at rest) and
 * sends e-mail to users: HTML, a draft, and mail scheduled for later (kept until the server's
 * injected clock reaches it).
 */
import type { AddressInfo } from "node:net";
import { StackAdminApp, StackServerApp } from "@stackframe/js";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInTemplateIds, builtInThemeIds } from "../services/email-designs/email-designs";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let smtp: SMTPServer;
let smtpPort: number;
const delivered: string[][] = [];
let admin: StackAdminApp;
let serverApp: StackServerApp;
let sharedAdmin: StackAdminApp;

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
  server = await startInteropServer({ env: { STACK_DATA_VAULT_SECRET: "interop-vault-secret" } });
  const project = await server.t.createProject({
    displayName: "SDK Mail",
    config: {
      emails: {
        server: {
          isShared: false,
          host: "127.0.0.1",
          port: smtpPort,
          username: "",
          password: "",
          senderName: "SDK Mail",
          senderEmail: "sdk@mail.example",
        },
      },
      dataVault: { stores: { "user-tokens": { displayName: "User tokens" } } },
    },
  });
  const common = {
    baseUrl: server.baseUrl,
    tokenStore: "memory" as const,
    noAutomaticPrefetch: true,
  };
  admin = new StackAdminApp({
    ...common,
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    superSecretAdminKey: project.keys.superSecretAdminKey,
  });
  serverApp = new StackServerApp({
    ...common,
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
  });
  const shared = await server.t.createProject();
  sharedAdmin = new StackAdminApp({
    ...common,
    projectId: shared.id,
    publishableClientKey: shared.keys.publishableClientKey,
    secretServerKey: shared.keys.secretServerKey,
    superSecretAdminKey: shared.keys.superSecretAdminKey,
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("StackAdminApp e-mail templates and themes", () => {
  it("lists built-ins, creates and updates a template, previews it", async () => {
    const templates = await admin.listEmailTemplates();
    expect(templates.map((template) => template.id)).toEqual(
      expect.arrayContaining(Object.values(builtInTemplateIds)),
    );
    const { id } = await admin.createEmailTemplate("Welcome");
    const source = [
      '<Subject value="Welcome to {{ projectDisplayName }}" />',
      '<NotificationCategory value="Transactional" />',
      "<p>Hi {{ userDisplayName }}</p>",
    ].join("\n");
    const { renderedHtml } = await admin.updateEmailTemplate(id, source, builtInThemeIds.light);
    expect(renderedHtml).toContain("<p>Hi John Doe</p>");
    expect(renderedHtml).toContain("background: #ffffff");
    const after = await admin.listEmailTemplates();
    expect(after.find((template) => template.id === id)).toEqual({
      id,
      displayName: "Welcome",
      themeId: builtInThemeIds.light,
      tsxSource: source,
    });
    const preview = await admin.getEmailPreview({ themeId: builtInThemeIds.dark, templateId: id });
    expect(preview).toContain("background: #111111");
    expect(preview).toContain("<p>Hi John Doe</p>");

    await admin.deleteEmailTemplate(id);
    expect((await admin.listEmailTemplates()).some((template) => template.id === id)).toBe(false);
  });

  it("surfaces the server's known errors through the SDK", async () => {
    await expect(sharedAdmin.createEmailTemplate("x")).rejects.toMatchObject({
      errorCode: "REQUIRES_CUSTOM_EMAIL_SERVER",
    });
    await expect(
      admin.updateEmailTemplate(builtInTemplateIds.magic_link, "<p>no subject</p>", null),
    ).rejects.toMatchObject({ errorCode: "EMAIL_RENDERING_ERROR" });
  });

  it("creates, lists and updates themes", async () => {
    const { id } = await admin.createEmailTheme("Brand");
    expect((await admin.listEmailThemes()).find((theme) => theme.id === id)).toEqual({
      id,
      displayName: "Brand",
    });
    await admin.updateEmailTheme(id, "<section>{{ content }}</section>");
    const preview = await admin.getEmailPreview({
      themeId: id,
      templateTsxSource:
        '<Subject value="s" /><NotificationCategory value="Transactional" /><p>x</p>',
    });
    expect(preview).toBe("<section><p>x</p></section>");
  });

  it("sends a test e-mail and reports a broken server", async () => {
    const emailConfig = {
      host: "127.0.0.1",
      port: smtpPort,
      username: "",
      password: "",
      senderEmail: "sdk@mail.example",
      senderName: "SDK Mail",
    };
    const ok = await admin.sendTestEmail({ recipientEmail: "owner@example.com", emailConfig });
    expect(ok.status).toBe("ok");
    expect(delivered).toContainEqual(["owner@example.com"]);
    const failed = await admin.sendTestEmail({
      recipientEmail: "owner@example.com",
      emailConfig: { ...emailConfig, port: 1 },
    });
    expect(failed.status).toBe("error");
  });
});

describe("StackServerApp data vault", () => {
  it("stores and reads values our server only sees hashed and encrypted", async () => {
    const store = await serverApp.getDataVaultStore("user-tokens");
    expect(await store.getValue("alice", { secret: "vault-secret" })).toBeNull();
    await store.setValue("alice", "refresh-token-1", { secret: "vault-secret" });
    expect(await store.getValue("alice", { secret: "vault-secret" })).toBe("refresh-token-1");
    await store.setValue("alice", "refresh-token-2", { secret: "vault-secret" });
    expect(await store.getValue("alice", { secret: "vault-secret" })).toBe("refresh-token-2");
    const missing = await serverApp.getDataVaultStore("nope");
    await expect(missing.setValue("k", "v", { secret: "s" })).rejects.toMatchObject({
      errorCode: "DATA_VAULT_STORE_DOES_NOT_EXIST",
    });
  });
});

describe("StackServerApp sendEmail", () => {
  it("sends HTML to a user over the project's SMTP server", async () => {
    const user = await serverApp.createUser({ primaryEmail: "sdk-user@example.com" });
    delivered.length = 0;
    await serverApp.sendEmail({
      userIds: [user.id],
      html: "<p>Hello</p>",
      subject: "From the SDK",
    });
    // Queued by the request; this pass runs after the one the request woke.
    await server.t.runEmailQueue();
    expect(delivered).toEqual([["sdk-user@example.com"]]);
    const [stored] = await server.t.readOutbox("sdk-user@example.com");
    expect(stored?.subject).toBe("From the SDK");
    const [newest] = await admin.listSentEmails();
    expect(newest).toMatchObject({
      id: stored?.id,
      subject: "From the SDK",
      recipient: "sdk-user@example.com",
      error: null,
    });
  });
});

describe("StackAdminApp drafts and StackServerApp sendEmail with a draft or a time", () => {
  const source = [
    '<Subject value="Draft for {{ userDisplayName }}" />',
    '<NotificationCategory value="Transactional" />',
    "<p>From a draft.</p>",
  ].join("\n");

  it("creates, lists, updates and deletes drafts, and sends one", async () => {
    const { id } = await admin.createEmailDraft({ displayName: "SDK draft", themeId: false });
    const created = (await admin.listEmailDrafts()).find((draft) => draft.id === id);
    expect(created).toMatchObject({ displayName: "SDK draft", themeId: false, sentAt: null });
    expect(created?.tsxSource).toContain("<Subject");
    await admin.updateEmailDraft(id, { displayName: "SDK news", tsxSource: source });
    expect((await admin.listEmailDrafts()).find((draft) => draft.id === id)).toMatchObject({
      displayName: "SDK news",
      tsxSource: source,
      themeId: false,
    });

    const user = await serverApp.createUser({
      primaryEmail: "sdk-draft@example.com",
      displayName: "Dee",
    });
    delivered.length = 0;
    await serverApp.sendEmail({ userIds: [user.id], draftId: id });
    await server.t.runEmailQueue();
    expect(delivered).toEqual([["sdk-draft@example.com"]]);
    const [stored] = await server.t.readOutbox("sdk-draft@example.com");
    expect(stored).toMatchObject({ subject: "Draft for Dee", html: "<p>From a draft.</p>" });
    const sent = (await admin.listEmailDrafts()).find((draft) => draft.id === id);
    expect(sent?.sentAt).toEqual(server.t.clock());

    await admin.deleteEmailDraft(id);
    expect((await admin.listEmailDrafts()).some((draft) => draft.id === id)).toBe(false);
    await expect(serverApp.sendEmail({ userIds: [user.id], draftId: id })).rejects.toThrow(
      "No draft found with given draft_id",
    );
  });

  it("keeps mail scheduled with scheduledAt until it is due", async () => {
    const user = await serverApp.createUser({ primaryEmail: "sdk-later@example.com" });
    delivered.length = 0;
    const scheduledAt = new Date(server.t.clock().getTime() + 2 * 3_600_000);
    await serverApp.sendEmail({
      userIds: [user.id],
      html: "<p>Later</p>",
      subject: "Scheduled by the SDK",
      scheduledAt,
    });
    await server.t.runEmailQueue();
    const [queued] = await server.t.readOutbox("sdk-later@example.com");
    expect(queued).toMatchObject({ status: "queued", scheduledAt });
    expect(delivered).toEqual([]);
    server.t.clock.advance(2 * 3_600_000);
    await server.t.runEmailQueue();
    expect(delivered).toEqual([["sdk-later@example.com"]]);
    const [sent] = await server.t.readOutbox("sdk-later@example.com");
    expect(sent?.status).toBe("sent");
  });
});
