/**
 * Which server a flow mail goes out through (services/email/project-mail.ts): a project with its own SMTP
 * server gets its password-reset and sign-in mails delivered there, from its sender; a project on
 * the shared config goes through the process's SMTP_URL with EMAIL_FROM; a project server that
 * refuses the mail leaves the answer unchanged and the message in the outbox with the error, never
 * sent another way. Both servers are real SMTP servers on loopback.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import {
  type DeliveredMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from "../../testing/test-smtp-server";
import { parseProjectConfig } from "../projects/project-config";
import { managedSmtpServer, projectSmtpServer } from "./project-mail";

function standardServer(smtp: TestSmtpServer, senderName: string, senderEmail: string) {
  return { emails: { server: smtp.projectServer(senderName, senderEmail) } };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The `code` of the first link in a delivered message to the callback URL. */
function codeInMail(mail: DeliveredMail | undefined): string {
  const match = /some-callback-url\?code=([A-Za-z0-9_-]+)/.exec(
    decodeQuotedPrintable(mail?.raw ?? ""),
  );
  if (!match?.[1]) throw new Error("No link with a code in the delivered mail");
  return match[1];
}

const callbackUrl = "http://localhost:12345/some-callback-url";

/**
 * The message to `email` once `smtp` has it: password-reset mail goes out after the answer
 * (services/sign-in/password-reset.ts), so a test waits for it.
 */
async function deliveredTo(smtp: TestSmtpServer, email: string): Promise<DeliveredMail> {
  return vi.waitFor(() => {
    const mail = smtp.delivered.find((message) => message.to.includes(email));
    if (!mail) throw new Error(`No mail to ${email} yet`);
    return mail;
  });
}

/** The newest outbox row to `email` once its delivery attempt is over. */
async function settledOutboxRow(email: string) {
  return vi.waitFor(async () => {
    const row = (await t.readOutbox(email)).at(-1);
    if (!row || row.status === "queued") throw new Error(`Mail to ${email} not settled yet`);
    return row;
  });
}

let t: TestAuthApi;
let processSmtp: TestSmtpServer;
let projectSmtp: TestSmtpServer;
let refusingSmtp: TestSmtpServer;
let ownServerProject: string;
let sharedProject: string;
let refusingProject: string;

beforeAll(async () => {
  processSmtp = await startTestSmtpServer();
  projectSmtp = await startTestSmtpServer();
  refusingSmtp = await startTestSmtpServer();
  refusingSmtp.refuseAll = true;
  t = await createTestAuthApi({
    smtpUrl: `smtp://127.0.0.1:${processSmtp.port}`,
    emailFrom: "noreply@heritage.test",
  });
  ownServerProject = (
    await t.createProject({
      displayName: "Own Server Project",
      config: {
        ...standardServer(projectSmtp, "Own Sender", "team@own.example"),
        auth: { otp: { allowSignIn: true } },
      },
    })
  ).id;
  sharedProject = (await t.createProject({ displayName: "Shared Project" })).id;
  refusingProject = (
    await t.createProject({
      displayName: "Refusing Project",
      config: standardServer(refusingSmtp, "Refusing Sender", "team@refusing.example"),
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await Promise.all([processSmtp, projectSmtp, refusingSmtp].map((smtp) => smtp.close()));
});
beforeEach(() => {
  for (const smtp of [processSmtp, projectSmtp, refusingSmtp]) smtp.delivered.length = 0;
});

const sendResetCode = (projectId: string, email: string) =>
  t.request("/auth/password/send-reset-code", {
    accessType: "client",
    projectId,
    body: { email, callback_url: callbackUrl },
  });

describe("a project with its own SMTP server", () => {
  it("gets its password-reset mail there, from its sender, and the link works", async () => {
    const user = await t.signUpUser(ownServerProject, { email: "own-reset@example.com" });
    expect((await sendResetCode(ownServerProject, user.email)).status).toBe(200);

    const mail = await deliveredTo(projectSmtp, user.email);
    expect(processSmtp.delivered).toEqual([]);
    expect(mail.from).toBe("team@own.example");
    expect(mail.raw).toMatch(/From: "?Own Sender"? <team@own\.example>/);
    expect(mail.raw).toContain("Subject: Reset your password at Own Server Project");
    const row = await settledOutboxRow(user.email);
    expect(row).toMatchObject({
      status: "sent",
      from: '"Own Sender" <team@own.example>',
      projectId: ownServerProject,
      error: null,
    });

    const reset = await t.request("/auth/password/reset", {
      accessType: "client",
      projectId: ownServerProject,
      body: { code: codeInMail(mail), password: "a brand new password" },
    });
    expect(reset.status).toBe(200);
    const signIn = await t.request("/auth/password/sign-in", {
      accessType: "client",
      projectId: ownServerProject,
      body: { email: user.email, password: "a brand new password" },
    });
    expect(signIn.status).toBe(200);
  });

  it("gets its magic-link mail there too", async () => {
    const email = "own-otp@example.com";
    const response = await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId: ownServerProject,
      body: { email, callback_url: callbackUrl },
    });
    expect(response.status).toBe(200);
    expect(processSmtp.delivered).toEqual([]);
    const mail = projectSmtp.delivered.find((message) => message.to.includes(email));
    expect(mail?.raw).toContain("Subject: Sign in to Own Server Project: Your code is");
    const signIn = await t.request("/auth/otp/sign-in", {
      accessType: "client",
      projectId: ownServerProject,
      body: { code: codeInMail(mail) },
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ is_new_user: true });
  });
});

describe("a project on the shared e-mail config", () => {
  it("sends through SMTP_URL, from the project's name and EMAIL_FROM", async () => {
    const user = await t.signUpUser(sharedProject, { email: "shared-reset@example.com" });
    expect((await sendResetCode(sharedProject, user.email)).status).toBe(200);

    const mail = await deliveredTo(processSmtp, user.email);
    expect(projectSmtp.delivered).toEqual([]);
    expect(mail.from).toBe("noreply@heritage.test");
    expect(mail.raw).toMatch(/From: "?Shared Project"? <noreply@heritage\.test>/);
    const row = await settledOutboxRow(user.email);
    expect(row).toMatchObject({ status: "sent", from: '"Shared Project" <noreply@heritage.test>' });
  });
});

describe("a project server that fails", () => {
  it("answers as usual and keeps the mail in the outbox with the server's error", async () => {
    const user = await t.signUpUser(refusingProject, { email: "refused@example.com" });
    const response = await sendResetCode(refusingProject, user.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: "maybe, only if user with e-mail exists" });

    const row = await settledOutboxRow(user.email);
    // Not sent another way: the project chose its own server.
    expect(processSmtp.delivered).toEqual([]);
    expect(refusingSmtp.delivered).toEqual([]);
    expect(row).toMatchObject({
      status: "failed",
      subject: "Reset your password at Refusing Project",
      from: '"Refusing Sender" <team@refusing.example>',
      sentAt: null,
    });
    expect(row?.error).toContain("Mailbox unavailable");
    expect(row?.text).toContain(`${callbackUrl}?code=`);
  });

  it("stores a mail as failed when the project's own server settings are incomplete", async () => {
    const { id } = await t.createProject({
      displayName: "Half Configured",
      config: { emails: { server: { isShared: false, senderEmail: "team@half.example" } } },
    });
    const user = await t.signUpUser(id, { email: "half@example.com" });
    expect((await sendResetCode(id, user.email)).status).toBe(200);
    expect(processSmtp.delivered).toEqual([]);
    const [row] = await t.readOutbox(user.email);
    expect(row?.status).toBe("failed");
    expect(row?.error).toMatch(/not fully configured/);
  });
});

describe("a project on a managed sending domain", () => {
  const managed = {
    isShared: false,
    provider: "managed",
    password: "re_domain_key",
    senderName: "Heritage",
    managedSubdomain: "mail.example.com",
    managedSenderLocalPart: "noreply",
  };

  it("sends through Resend's SMTP service with the domain's key, from its sender", () => {
    expect(projectSmtpServer(parseProjectConfig({ emails: { server: managed } }))).toEqual({
      kind: "standard",
      server: {
        host: "smtp.resend.com",
        port: 465,
        username: "resend",
        password: "re_domain_key",
        senderName: "Heritage",
        senderEmail: "noreply@mail.example.com",
      },
    });
  });

  it("has no server without the key, its subdomain or its sender", () => {
    const config = parseProjectConfig({ emails: { server: managed } });
    for (const field of ["password", "managedSubdomain", "managedSenderLocalPart"] as const) {
      expect(managedSmtpServer({ ...config.emails.server, [field]: undefined })).toBeNull();
    }
  });
});
