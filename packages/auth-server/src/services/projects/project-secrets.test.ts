/**
 * A project's own SMTP password and its OAuth providers' client secrets are stored sealed, in the
 * configuration and in the override records, so a backup or dump holds none in plain text (issue
 * 28); the admin still reads them back, and mail still goes out through the project's server with
 * its password. What an older version stored in plain text is sealed at the next start.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectConfigOverrides, projects } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestSmtpServer, type TestSmtpServer } from "../../testing/test-smtp-server";
import { createSecretBox } from "../secrets/secret-box";
import {
  mapConfigSecrets,
  mapRecordSecrets,
  openConfigSecrets,
  sealConfigSecrets,
} from "./project-secrets";

const smtpPassword = "smtp-password-4f1c9e";
const clientSecret = "github-client-secret-8d2a71";

describe("the walkers", () => {
  const box = createSecretBox({ current: "this-secrets-key-is-for-tests-only-0123456789" });
  const config = {
    emails: { server: { isShared: false, host: "mail.example", password: smtpPassword } },
    auth: {
      oauth: {
        providers: {
          github: { type: "github", clientId: "id", clientSecret },
          google: { type: "google", isShared: true },
        },
      },
      password: { allowSignIn: true },
    },
    users: { password: "not a secret path" },
  };

  it("seals exactly the secret paths, leaves sealed ones alone, and opens them again", () => {
    const sealed = sealConfigSecrets(config, "p1", box);
    expect(sealed.emails.server.password).toMatch(/^enc:v1:/);
    expect(sealed.auth.oauth.providers.github.clientSecret).toMatch(/^enc:v1:/);
    expect(sealed.emails.server.host).toBe("mail.example");
    expect(sealed.users.password).toBe("not a secret path");
    expect(sealed.auth.oauth.providers.google).toEqual(config.auth.oauth.providers.google);
    expect(sealConfigSecrets(sealed, "p1", box)).toEqual(sealed);
    expect(openConfigSecrets(sealed, "p1", box)).toEqual(config);
    // Bound to its project: moved to another one it does not open.
    expect(() => openConfigSecrets(sealed, "p2", box)).toThrow(/integrity check/);
  });

  it("finds secrets in override records at any depth of their dotted keys", () => {
    const seen: string[] = [];
    mapRecordSecrets(
      {
        "emails.server.password": "a",
        "emails.server": { password: "b", host: "h" },
        emails: { server: { password: "c" } },
        "auth.oauth.providers.github": { clientSecret: "d", clientId: "e" },
        "auth.oauth.providers.github.clientSecret": "f",
        "auth.oauth": { providers: { x: { clientSecret: "g" } } },
        "rbac.permissions": { p: { description: "password" } },
      },
      (value, path) => {
        seen.push(`${path}=${value}`);
        return value;
      },
    );
    expect(seen.sort()).toEqual([
      "auth.oauth.providers.github.clientSecret=d",
      "auth.oauth.providers.github.clientSecret=f",
      "auth.oauth.providers.x.clientSecret=g",
      "emails.server.password=a",
      "emails.server.password=b",
      "emails.server.password=c",
    ]);
    const inConfig: string[] = [];
    mapConfigSecrets({ emails: { server: { password: 1 } } }, (value) => {
      inConfig.push(value);
      return value;
    });
    expect(inConfig).toEqual([]);
  });
});

describe("stored project secrets", () => {
  let smtp: TestSmtpServer;
  const harnesses: TestAuthApi[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ credentials: { username: "shop", password: smtpPassword } });
  });
  afterAll(() => smtp.close());
  afterEach(async () => {
    // Restarted harnesses first: the first one owns (and closes) the database.
    for (const harness of harnesses.reverse()) await harness.close();
    harnesses.length = 0;
  });
  async function start(options: Parameters<typeof createTestAuthApi>[0] = {}) {
    const harness = await createTestAuthApi(options);
    harnesses.push(harness);
    return harness;
  }

  /** A project whose admin set its own SMTP server and a GitHub app through the API. */
  async function setUp(t: TestAuthApi) {
    const { id, keys } = await t.createProject();
    const saved = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: id,
      method: "PATCH",
      body: {
        config: {
          email_config: {
            type: "standard",
            host: smtp.host,
            port: smtp.port,
            username: "shop",
            password: smtpPassword,
            sender_name: "Shop",
            sender_email: "noreply@shop.example",
          },
          oauth_providers: [
            { id: "github", type: "standard", client_id: "github-id", client_secret: clientSecret },
          ],
        },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return { id, keys, user: await t.signUpUser(id) };
  }

  /** The stored documents as text: what a database dump or a backup shows. */
  async function stored(t: TestAuthApi, projectId: string): Promise<string> {
    const [config] = await t.db
      .select({ text: sql<string>`${projects.config}::text` })
      .from(projects)
      .where(eq(projects.id, projectId));
    const records = await t.db
      .select({ text: sql<string>`${projectConfigOverrides.override}::text` })
      .from(projectConfigOverrides)
      .where(eq(projectConfigOverrides.projectId, projectId));
    return [config?.text ?? "", ...records.map((record) => record.text)].join("\n");
  }

  async function expectSealedAndWorking(
    t: TestAuthApi,
    { id: projectId, keys, user }: Awaited<ReturnType<typeof setUp>>,
  ) {
    const text = await stored(t, projectId);
    expect(text).not.toContain(smtpPassword);
    expect(text).not.toContain(clientSecret);
    expect(text).toContain(`enc:v1:${t.secrets.keyId}:`);

    const admin = { accessType: "admin" as const, projectId, keys };
    const project = (await (await t.request("/internal/projects/current", admin)).json()) as {
      config: {
        email_config: { password: string };
        oauth_providers: { id: string; client_secret?: string }[];
      };
    };
    expect(project.config.email_config.password).toBe(smtpPassword);
    expect(project.config.oauth_providers.find((p) => p.id === "github")?.client_secret).toBe(
      clientSecret,
    );
    const level = (await (
      await t.request("/internal/config/override/environment", admin)
    ).json()) as {
      config_string: string;
    };
    expect(level.config_string).toContain(clientSecret);
    expect(level.config_string).toContain(smtpPassword);

    // Mail goes out through the project's server, which accepts only its password.
    smtp.delivered.length = 0;
    const sent = await t.request("/emails/send-email", {
      accessType: "server",
      projectId,
      keys,
      method: "POST",
      body: { user_ids: [user.userId], html: "<p>Hello</p>", subject: "Sealed" },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    await t.runEmailQueue();
    expect(smtp.delivered.map((mail) => mail.to)).toEqual([[user.email]]);
  }

  it("stores them sealed, shows them to the admin, and sends with the password", async () => {
    const t = await start();
    await expectSealedAndWorking(t, await setUp(t));
  });

  it("seals what an older version stored in plain text at the next start", async () => {
    const t = await start();
    const project = await setUp(t);
    const projectId = project.id;
    // As a version before sealing stored them.
    const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    await t.db
      .update(projects)
      .set({ config: openConfigSecrets(row?.config, projectId, t.secrets) })
      .where(eq(projects.id, projectId));
    for (const record of await t.db
      .select()
      .from(projectConfigOverrides)
      .where(eq(projectConfigOverrides.projectId, projectId))) {
      const plain = mapRecordSecrets(record.override as Record<string, unknown>, (value, path) =>
        t.secrets.open(value, `auth.projects.config:${projectId}:${path}`),
      );
      await t.db
        .update(projectConfigOverrides)
        .set({ override: plain })
        .where(
          and(
            eq(projectConfigOverrides.projectId, projectId),
            eq(projectConfigOverrides.level, record.level),
          ),
        );
    }
    expect(await stored(t, projectId)).toContain(smtpPassword);
    expect(await stored(t, projectId)).toContain(clientSecret);

    await t.api.close();
    const upgraded = await start({ connection: t.connection, clock: t.clock });
    await expectSealedAndWorking(upgraded, project);
  });
});
