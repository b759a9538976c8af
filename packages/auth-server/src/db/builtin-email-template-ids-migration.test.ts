/**
 * Migration 0027 moves what projects stored under the built-in templates' former ids to the
 * reference's ids: the config's overrides (`emailDesigns.templates`), the config levels' records
 * of them (dot-notation keys) and the outbox's template ids. All at once: the former Email
 * Verification id (…abd0) is the reference's Password Reset id, which the former Password Reset
 * (…abd1) takes, so each override stays with its template.
 */
import { readMigrations } from "@heritage/db";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationSet } from "../migrations";
import { builtInTemplateIds } from "../services/email-designs/email-designs";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import { emailOutbox, projectConfigOverrides, projects } from "./schema";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const formerIds = {
  email_verification: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  password_reset: "a70fb3a4-56c1-4e42-af25-49d25603abd1",
  magic_link: "a70fb3a4-56c1-4e42-af25-49d25603abd2",
  team_invitation: "a70fb3a4-56c1-4e42-af25-49d25603abd3",
  sign_in_invitation: "a70fb3a4-56c1-4e42-af25-49d25603abd4",
};
const ownTemplateId = "3f1c2b7e-0000-4000-8000-000000000001";
const design = (displayName: string) => ({ displayName, tsxSource: `<p>${displayName}</p>` });

async function runMigration(): Promise<void> {
  const migration = readMigrations(migrationSet).find((m) =>
    m.name.startsWith("0027_builtin-email-template-ids"),
  );
  expect(migration?.statements.length).toBe(3);
  // The test database is migrated already: the statements run again over the rows made here.
  for (const statement of migration?.statements ?? []) await t.db.execute(sql.raw(statement));
}

it("takes the reference's ids (DEFAULT_TEMPLATE_IDS of Stack's stack-shared)", () => {
  expect(builtInTemplateIds).toEqual({
    email_verification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
    password_reset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
    magic_link: "822687fe-8d0a-4467-a0d1-416b6e639478",
    team_invitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
    sign_in_invitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
  });
});

// First: the statements are not meant to run twice over the same rows (…abd0 changes meaning).
it("leaves projects without overrides of built-ins as they are", async () => {
  const before = await t.db.select().from(projects).orderBy(projects.id);
  await runMigration();
  const after = await t.db.select().from(projects).orderBy(projects.id);
  expect(after).toEqual(before);
});

it("keeps each stored override with its template under the new ids", async () => {
  const projectId = "internal";
  const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  const config = row?.config as Record<string, unknown>;
  await t.db
    .update(projects)
    .set({
      config: {
        ...config,
        emailDesigns: {
          templates: {
            [formerIds.email_verification]: design("My verification"),
            [formerIds.password_reset]: design("My reset"),
            [formerIds.sign_in_invitation]: design("My invitation"),
            [ownTemplateId]: design("Newsletter"),
          },
          themes: {},
        },
      },
    })
    .where(eq(projects.id, projectId));
  await t.db.insert(projectConfigOverrides).values({
    projectId,
    level: "environment",
    override: {
      "auth.allowSignUp": true,
      [`emailDesigns.templates.${formerIds.email_verification}`]: design("My verification"),
      [`emailDesigns.templates.${formerIds.password_reset}`]: design("My reset"),
      [`emailDesigns.templates.${formerIds.magic_link}.tsxSource`]: "<p>code</p>",
      [`emailDesigns.templates.${ownTemplateId}`]: design("Newsletter"),
    },
  });
  const sent = (templateId: string) => ({
    id: crypto.randomUUID(),
    projectId,
    to: "a@example.com",
    from: "noreply@example.com",
    subject: "s",
    text: "t",
    html: "h",
    status: "sent" as const,
    templateId,
  });
  const messages = [
    sent(formerIds.email_verification),
    sent(formerIds.password_reset),
    sent(formerIds.team_invitation),
    sent(ownTemplateId),
  ];
  await t.db.insert(emailOutbox).values(messages);

  await runMigration();

  const [migrated] = await t.db.select().from(projects).where(eq(projects.id, projectId));
  const migratedConfig = migrated?.config as { auth: unknown; emailDesigns: { templates: object } };
  expect(migratedConfig.emailDesigns.templates).toEqual({
    [builtInTemplateIds.email_verification]: design("My verification"),
    [builtInTemplateIds.password_reset]: design("My reset"),
    [builtInTemplateIds.sign_in_invitation]: design("My invitation"),
    [ownTemplateId]: design("Newsletter"),
  });
  expect(migratedConfig.auth).toEqual(config.auth);

  const [record] = await t.db
    .select()
    .from(projectConfigOverrides)
    .where(eq(projectConfigOverrides.projectId, projectId));
  expect(record?.override).toEqual({
    "auth.allowSignUp": true,
    [`emailDesigns.templates.${builtInTemplateIds.email_verification}`]: design("My verification"),
    [`emailDesigns.templates.${builtInTemplateIds.password_reset}`]: design("My reset"),
    [`emailDesigns.templates.${builtInTemplateIds.magic_link}.tsxSource`]: "<p>code</p>",
    [`emailDesigns.templates.${ownTemplateId}`]: design("Newsletter"),
  });

  const outbox = await t.db
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.id,
        messages.map((message) => message.id),
      ),
    )
    .orderBy(emailOutbox.sequence);
  expect(outbox.map((message) => message.templateId)).toEqual([
    builtInTemplateIds.email_verification,
    builtInTemplateIds.password_reset,
    builtInTemplateIds.team_invitation,
    ownTemplateId,
  ]);
});
