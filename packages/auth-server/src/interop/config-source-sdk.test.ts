/**
 * Interop: the official SDK's `StackAdminApp` (`@stackframe/js` 2.8.108) reads and unlinks the
 * source of a pushed branch config on this server (`project.pushConfig` with a GitHub source,
 * `getPushedConfigSource`, `unlinkPushedConfigSource`), and `replaceConfigOverride("branch")`, which
 * sends back the source it reads first, keeps it.
 */
import { StackAdminApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let admin: StackAdminApp;

beforeAll(async () => {
  server = await startInteropServer();
  const project = await server.t.createProject({ displayName: "SDK config source project" });
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

describe("pushed config source through StackAdminApp", () => {
  it("pushes with a source, reads it, keeps it on replace, and unlinks it", async () => {
    const project = await admin.getProject();
    expect(await project.getPushedConfigSource()).toEqual({ type: "unlinked" });

    const githubSource = {
      type: "pushed-from-github" as const,
      owner: "heritage",
      repo: "site",
      branch: "main",
      commitHash: "4f2a9c1",
      configFilePath: "stack.config.ts",
      workflowPath: ".github/workflows/push-config.yml",
    };
    await project.pushConfig({ "auth.otp.allowSignIn": true }, { source: githubSource });
    expect(await project.getPushedConfigSource()).toEqual(githubSource);
    expect((await admin.getProject()).config.magicLinkEnabled).toBe(true);

    // The SDK reads the source and sends it back with the new branch override (a branch PUT
    // without one is refused).
    await project.replaceConfigOverride("branch", { "auth.passkey.allowSignIn": true });
    expect(await project.getPushedConfigSource()).toEqual(githubSource);
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.passkey.allowSignIn": true });

    await project.unlinkPushedConfigSource();
    expect(await project.getPushedConfigSource()).toEqual({ type: "unlinked" });
    // Unlinking leaves the pushed config in place.
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.passkey.allowSignIn": true });
    expect((await admin.getProject()).config.passkeyEnabled).toBe(true);

    await project.pushConfig({}, { source: { type: "pushed-from-unknown" } });
    expect(await project.getPushedConfigSource()).toEqual({ type: "pushed-from-unknown" });
  });
});
