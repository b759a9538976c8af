/**
 * Interop: the official SDK's `StackAdminApp` against this server over a loopback port: reading the
 * project and updating its config (`getProject`, `project.update`, `getProductionModeErrors`),
 * config overrides (`getConfig`, `updateConfig`, `requirePublishableClientKey`) and internal API
 * keys (create, list, revoke; a revoked key stops working). Also an internal user's
 * `createProject` / `listOwnedProjects`, whose admin apps authenticate with the user's token, and
 * `transferProject` (team_admin of the owner team needed) and the owned project's `delete`.
 */
import { StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTeamMember, createTeam } from "../services/teams/teams";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;
let projectId: string;
let admin: StackAdminApp;

const sdkOptions = () => ({
  baseUrl: server.baseUrl,
  tokenStore: "memory" as const,
  noAutomaticPrefetch: true,
  devTool: false,
});

beforeAll(async () => {
  server = await startInteropServer();
  const project = await server.t.createProject({ displayName: "SDK admin project" });
  projectId = project.id;
  admin = new StackAdminApp({
    ...sdkOptions(),
    projectId,
    publishableClientKey: project.keys.publishableClientKey,
    secretServerKey: project.keys.secretServerKey,
    superSecretAdminKey: project.keys.superSecretAdminKey,
  });
});
afterAll(async () => {
  await server.close();
});

describe("StackAdminApp project config", () => {
  it("reads the project and updates every part of its config", async () => {
    const project = await admin.getProject();
    expect(project.id).toBe(projectId);
    expect(project.displayName).toBe("SDK admin project");
    expect(project.config.credentialEnabled).toBe(true);
    expect(project.config.emailConfig).toEqual({ type: "shared" });
    expect(project.config.oauthProviders).toEqual([]);

    await project.update({
      displayName: "Renamed by SDK",
      description: "Set through project.update",
      logoUrl: "https://cdn.example.com/logo.png",
      config: {
        signUpEnabled: false,
        magicLinkEnabled: true,
        passkeyEnabled: true,
        clientTeamCreationEnabled: true,
        clientUserDeletionEnabled: true,
        allowUserApiKeys: true,
        allowTeamApiKeys: true,
        createTeamOnSignUp: true,
        oauthAccountMergeStrategy: "allow_duplicates",
        domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }],
        oauthProviders: [
          { id: "github", type: "shared" },
          { id: "google", type: "standard", clientId: "g-id", clientSecret: "g-secret" },
        ],
        emailConfig: {
          type: "standard",
          host: "smtp.example.com",
          port: 465,
          username: "mailer",
          password: "mail-secret",
          senderName: "Example",
          senderEmail: "noreply@example.com",
        },
        teamCreatorDefaultPermissions: [{ id: "team_admin" }],
      },
    });

    const reread = await admin.getProject();
    expect(reread).toMatchObject({
      displayName: "Renamed by SDK",
      description: "Set through project.update",
      logoUrl: "https://cdn.example.com/logo.png",
      isProductionMode: false,
    });
    expect(reread.config).toMatchObject({
      signUpEnabled: false,
      credentialEnabled: true,
      magicLinkEnabled: true,
      passkeyEnabled: true,
      clientTeamCreationEnabled: true,
      clientUserDeletionEnabled: true,
      allowUserApiKeys: true,
      allowTeamApiKeys: true,
      createTeamOnSignUp: true,
      allowLocalhost: true,
      oauthAccountMergeStrategy: "allow_duplicates",
      domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }],
      emailConfig: {
        type: "standard",
        host: "smtp.example.com",
        port: 465,
        username: "mailer",
        password: "mail-secret",
        senderName: "Example",
        senderEmail: "noreply@example.com",
      },
      teamCreatorDefaultPermissions: [{ id: "team_admin" }],
    });
    expect(reread.config.oauthProviders).toEqual([
      { id: "github", type: "shared" },
      {
        id: "google",
        type: "standard",
        clientId: "g-id",
        clientSecret: "g-secret",
        facebookConfigId: undefined,
        microsoftTenantId: undefined,
        appleBundleIds: undefined,
      },
    ]);

    // The SDK's own production-mode check agrees with the server's refusal.
    expect((await reread.getProductionModeErrors()).map((e) => e.message)).toEqual([
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
    ]);
    await expect(reread.update({ isProductionMode: true })).rejects.toThrow(
      /cannot be in production mode/,
    );
    await reread.update({ isProductionMode: true, config: { allowLocalhost: false } });
    const production = await admin.getProject();
    expect(production.isProductionMode).toBe(true);
    expect(await production.getProductionModeErrors()).toEqual([]);
  });
});

describe("StackAdminApp config overrides", () => {
  it("getConfig, updateConfig and requirePublishableClientKey agree with the project", async () => {
    const project = await admin.getProject();
    await project.updateConfig({
      "teams.allowClientTeamCreation": false,
      "auth.oauth.providers.discord": { type: "discord", isShared: true },
    });
    const config = (await project.getConfig()) as {
      teams: { allowClientTeamCreation: boolean };
      auth: { oauth: { providers: Record<string, unknown> } };
    };
    expect(config.teams.allowClientTeamCreation).toBe(false);
    expect(Object.keys(config.auth.oauth.providers)).toContain("discord");
    const reread = await admin.getProject();
    expect(reread.config.clientTeamCreationEnabled).toBe(false);
    expect(reread.config.oauthProviders.map((p) => p.id)).toContain("discord");

    await reread.update({ requirePublishableClientKey: true });
    const required = (await reread.getConfig()) as {
      project: { requirePublishableClientKey: boolean };
    };
    expect(required.project.requirePublishableClientKey).toBe(true);
    await reread.update({ requirePublishableClientKey: false });
  });

  it("reads, replaces and resets override levels; pushes a branch config", async () => {
    const project = await admin.getProject();
    // The legacy project updates above are environment-level keys, as in the reference.
    const environment = await project.getConfigOverride("environment");
    expect(environment).toMatchObject({
      "domains.allowLocalhost": false,
      "users.allowClientUserDeletion": true,
      "teams.allowClientTeamCreation": false,
    });

    // Replacing the level without them would bring localhost back: refused in production mode.
    await expect(
      project.replaceConfigOverride("environment", { "users.allowClientUserDeletion": true }),
    ).rejects.toThrow(/production mode/);
    expect(await project.getConfigOverride("environment")).toEqual(environment);

    await project.replaceConfigOverride("environment", {
      ...environment,
      "auth.passkey.allowSignIn": true,
    });
    expect((await admin.getProject()).config.passkeyEnabled).toBe(true);

    await project.pushConfig({ "auth.otp.allowSignIn": false }, { source: { type: "unlinked" } });
    expect(await project.getConfigOverride("branch")).toEqual({ "auth.otp.allowSignIn": false });

    await project.resetConfigOverrideKeys("environment", [
      "users.allowClientUserDeletion",
      "auth.otp",
    ]);
    const reset = await admin.getProject();
    expect(reset.config.clientUserDeletionEnabled).toBe(false);
    // The branch level still sets it.
    expect(reset.config.magicLinkEnabled).toBe(false);
    expect(await project.getConfigOverride("environment")).not.toHaveProperty(
      "users.allowClientUserDeletion",
    );
  });
});

describe("StackAdminApp internal API keys", () => {
  it("creates, lists and revokes keys; a revoked key stops working", async () => {
    const created = await admin.createInternalApiKey({
      description: "SDK key",
      expiresAt: new Date(Date.now() + 24 * 3_600_000),
      hasPublishableClientKey: false,
      hasSecretServerKey: true,
      hasSuperSecretAdminKey: false,
    });
    expect(created.description).toBe("SDK key");
    expect(created.secretServerKey).toMatch(/^ssk_/);
    expect(created.publishableClientKey).toBeUndefined();
    expect(created.isValid()).toBe(true);
    const secretServerKey = created.secretServerKey ?? "";

    const listed = await admin.listInternalApiKeys();
    const entry = listed.find((key) => key.id === created.id);
    expect(entry?.secretServerKey).toEqual({ lastFour: secretServerKey.slice(-4) });
    expect(entry?.superSecretAdminKey).toBeNull();

    const serverApp = new StackServerApp({
      ...sdkOptions(),
      projectId,
      publishableClientKey: "",
      secretServerKey,
    });
    const user = await serverApp.createUser({ primaryEmail: "key-user@example.com" });
    expect(user.primaryEmail).toBe("key-user@example.com");

    await entry?.revoke();
    const afterRevoke = (await admin.listInternalApiKeys()).find((key) => key.id === created.id);
    expect(afterRevoke?.whyInvalid()).toBe("manually-revoked");
    await expect(serverApp.createUser({ primaryEmail: "too-late@example.com" })).rejects.toThrow(
      /secret server key/i,
    );
  });
});

describe("internal users own projects through teams", () => {
  it("creates and lists projects with the SDK; their admin apps use the user's token", async () => {
    const { t } = server;
    const owner = await t.signUpUser("internal");
    const teamId = await createTeam(
      t.db,
      { generateId: () => crypto.randomUUID() },
      {
        projectId: "internal",
        displayName: "SDK owners",
        now: t.clock(),
      },
    );
    await addTeamMember(t.db, {
      projectId: "internal",
      teamId,
      userId: owner.userId,
      now: t.clock(),
    });

    const dashboard = new StackClientApp({
      ...sdkOptions(),
      projectId: "internal",
      publishableClientKey: t.internalProject.keys.publishableClientKey,
    });
    const signIn = await dashboard.signInWithCredential({
      email: owner.email,
      password: owner.password,
      noRedirect: true,
    });
    expect(signIn.status).toBe("ok");
    const user = await dashboard.getUser({ or: "throw" });

    const created = await user.createProject({ displayName: "Owned by SDK", teamId });
    expect(created.ownerTeamId).toBe(teamId);
    expect(created.config.allowLocalhost).toBe(true);

    const owned = await user.listOwnedProjects();
    expect(owned.map((project) => project.id)).toEqual([created.id]);
    const [ownedProject] = owned;
    await ownedProject?.update({ displayName: "Renamed by owner" });
    const reread = await ownedProject?.app.getProject();
    expect(reread?.displayName).toBe("Renamed by owner");
  });

  it("transfers a project to another team with the SDK (team_admin needed) and deletes it", async () => {
    const { t } = server;
    const owner = await t.signUpUser("internal");
    const member = await t.signUpUser("internal");
    // Teams made through the API: their creator gets team_admin (the internal project's default).
    const newTeam = async (creator: string, display_name: string) => {
      const response = await t.request("/teams", {
        accessType: "server",
        body: { display_name, creator_user_id: creator },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const teamId = await newTeam(owner.userId, "Movers");
    const otherTeamId = await newTeam(owner.userId, "Receivers");
    const membersTeamId = await newTeam(member.userId, "Member's own");
    await addTeamMember(t.db, {
      projectId: "internal",
      teamId,
      userId: member.userId,
      now: t.clock(),
    });

    const signedIn = async (user: { email: string; password: string }) => {
      const app = new StackClientApp({
        ...sdkOptions(),
        projectId: "internal",
        publishableClientKey: t.internalProject.keys.publishableClientKey,
      });
      const result = await app.signInWithCredential({ ...user, noRedirect: true });
      expect(result.status).toBe("ok");
      return app.getUser({ or: "throw" });
    };
    const ownerUser = await signedIn(owner);
    const memberUser = await signedIn(member);
    const created = await ownerUser.createProject({ displayName: "Moving", teamId });

    // A plain member of the owner team may not move it.
    await expect(memberUser.transferProject(created.id, membersTeamId)).rejects.toMatchObject({
      errorCode: "TEAM_PERMISSION_REQUIRED",
    });
    expect(
      (await ownerUser.listOwnedProjects()).find((p) => p.id === created.id)?.ownerTeamId,
    ).toBe(teamId);

    await ownerUser.transferProject(created.id, otherTeamId);
    const [moved] = (await ownerUser.listOwnedProjects()).filter((p) => p.id === created.id);
    expect(moved?.ownerTeamId).toBe(otherTeamId);

    await moved?.delete();
    expect((await ownerUser.listOwnedProjects()).map((p) => p.id)).not.toContain(created.id);
    const gone = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: created.id,
      keys: null,
      adminAccessToken: owner.accessToken,
    });
    expect(gone.status).toBe(400);
  });
});
