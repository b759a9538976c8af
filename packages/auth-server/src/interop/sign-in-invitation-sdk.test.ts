/**
 * Interop: the official SDK's `StackAdminApp.sendSignInInvitationEmail` (`@stackframe/js` 2.8.108)
 * against this server over a loopback port: the invitation lands in the outbox with the built-in
 * subject and the callback URL as its link; an untrusted callback URL is refused with the SDK's
 * known error and sends nothing.
 */
import { StackAdminApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let admin: StackAdminApp;

beforeAll(async () => {
  server = await startInteropServer();
  const project = await server.t.createProject({
    displayName: "SDK Invitations",
    config: {
      domains: {
        trustedDomains: { app: { baseUrl: "https://app.example.com", handlerPath: "/handler" } },
      },
    },
  });
  admin = new StackAdminApp({
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    superSecretAdminKey: project.keys.superSecretAdminKey,
  });
});
afterAll(async () => {
  await server.close();
});

describe("sign-in invitations through StackAdminApp", () => {
  it("mails the invitation with the callback URL as its link", async () => {
    const callbackUrl = "https://app.example.com/handler/sign-in";
    await admin.sendSignInInvitationEmail("sdk-invitee@example.com", callbackUrl);
    expect(server.countRequests("POST", "/api/v1/internal/send-sign-in-invitation")).toBe(1);
    const emails = await server.t.readOutbox("sdk-invitee@example.com");
    expect(emails.map((email) => email.subject)).toEqual([
      "You have been invited to sign in to SDK Invitations",
    ]);
    expect(emails[0]?.text).toContain(callbackUrl);
  });

  it("refuses an untrusted callback URL; nothing is sent", async () => {
    await expect(
      admin.sendSignInInvitationEmail("sdk-other@example.com", "https://evil.example.com/handler"),
    ).rejects.toMatchObject({ errorCode: "REDIRECT_URL_NOT_WHITELISTED" });
    expect(await server.t.readOutbox("sdk-other@example.com")).toEqual([]);
  });
});
