/**
 * Migration 0030 moves projects' own e-mail templates and themes from config
 * `emailDesigns.{templates,themes}` to the reference's `emails.{templates,themes}`: in the stored
 * config (beside `emails.server`, which stays) and in the config levels' dot-notation records.
 */
import { readMigrations } from "@heritage/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationSet } from "../migrations";
import { parseProjectConfig } from "../services/projects/project-config";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import { projectConfigOverrides, projects } from "./schema";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const templateId = "3f1c2b7e-0000-4000-8000-000000000001";
const themeId = "3f1c2b7e-0000-4000-8000-000000000002";
const design = (displayName: string) => ({ displayName, tsxSource: `<p>${displayName}</p>` });

async function runMigration(): Promise<void> {
  const migration = readMigrations(migrationSet).find((m) =>
    m.name.startsWith("0030_email-designs-under-emails"),
  );
  expect(migration?.statements.length).toBe(2);
  // The test database is migrated already: the statements run again over the rows made here.
  for (const statement of migration?.statements ?? []) await t.db.execute(sql.raw(statement));
}

it("leaves configs and records without the former key as they are", async () => {
  const before = await t.db.select().from(projects).orderBy(projects.id);
  const recordsBefore = await t.db.select().from(projectConfigOverrides);
  await runMigration();
  expect(await t.db.select().from(projects).orderBy(projects.id)).toEqual(before);
  expect(await t.db.select().from(projectConfigOverrides)).toEqual(recordsBefore);
});

it("moves templates and themes under emails, in the config and in the levels' records", async () => {
  const projectId = (await t.createProject()).id;
  const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  const config = row?.config as Record<string, unknown>;
  const server = { isShared: false, host: "smtp.example.com", port: 587, senderEmail: "a@b.c" };
  await t.db
    .update(projects)
    .set({
      config: {
        ...config,
        emails: { server, selectedThemeId: themeId },
        emailDesigns: {
          templates: { [templateId]: design("Newsletter") },
          themes: { [themeId]: design("Brand") },
        },
      },
    })
    .where(eq(projects.id, projectId));
  await t.db.insert(projectConfigOverrides).values([
    {
      projectId,
      level: "environment",
      override: {
        "auth.allowSignUp": true,
        [`emailDesigns.templates.${templateId}`]: design("Newsletter"),
        [`emailDesigns.templates.${templateId}.tsxSource`]: "<p>news</p>",
        "emailDesigns.themes": {},
      },
    },
    {
      projectId,
      level: "branch",
      override: { emailDesigns: { themes: { [themeId]: design("Brand") } } },
    },
  ]);
  const secondId = (await t.createProject()).id;
  await t.db
    .insert(projectConfigOverrides)
    .values({ projectId: secondId, level: "branch", override: { emailDesigns: null } });

  await runMigration();

  const [migrated] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  const stored = migrated?.config as Record<string, unknown>;
  expect(stored.emailDesigns).toBeUndefined();
  expect(stored.emails).toEqual({
    server,
    selectedThemeId: themeId,
    templates: { [templateId]: design("Newsletter") },
    themes: { [themeId]: design("Brand") },
  });
  expect(stored.auth).toEqual(config.auth);
  // What the server reads: the project keeps its template, theme and server.
  const parsed = parseProjectConfig(stored);
  expect(parsed.emails.templates[templateId]).toEqual(design("Newsletter"));
  expect(parsed.emails.themes[themeId]).toEqual(design("Brand"));
  expect(parsed.emails.server).toEqual(server);

  const records = await t.db
    .select()
    .from(projectConfigOverrides)
    .where(eq(projectConfigOverrides.projectId, projectId))
    .orderBy(projectConfigOverrides.level);
  expect(records.map((record) => [record.level, record.override])).toEqual([
    ["branch", { "emails.themes": { [themeId]: design("Brand") } }],
    [
      "environment",
      {
        "auth.allowSignUp": true,
        [`emails.templates.${templateId}`]: design("Newsletter"),
        [`emails.templates.${templateId}.tsxSource`]: "<p>news</p>",
        "emails.themes": {},
      },
    ],
  ]);
  const [removal] = await t.db
    .select()
    .from(projectConfigOverrides)
    .where(eq(projectConfigOverrides.projectId, secondId));
  expect(removal?.override).toEqual({ "emails.templates": null, "emails.themes": null });
});
