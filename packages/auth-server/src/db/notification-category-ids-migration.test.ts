/**
 * Migration 0025 moves stored notification choices to the reference's category ids: the old
 * Transactional id (…1b4c) becomes 7bb82d33-…, then the old Marketing id (…1b4d) takes …1b4c,
 * so every choice keeps its category and no two land on one id.
 */
import { readMigrations } from "@heritage/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrationSet } from "../migrations";
import { notificationCategories } from "../services/email/email-notifications";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import { emailNotificationPreferences } from "./schema";

let t: TestAuthApi;
beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const oldTransactionalId = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const oldMarketingId = "4f6f8873-3d04-46bd-8bef-18338b1a1b4d";

it("keeps each stored choice with its category under the new ids", async () => {
  const user = await t.signUpUser();
  const now = t.clock();
  await t.db.insert(emailNotificationPreferences).values([
    {
      projectId: "internal",
      userId: user.userId,
      categoryId: oldTransactionalId,
      enabled: true,
      updatedAt: now,
    },
    {
      projectId: "internal",
      userId: user.userId,
      categoryId: oldMarketingId,
      enabled: false,
      updatedAt: now,
    },
  ]);
  const migration = readMigrations(migrationSet).find((m) =>
    m.name.startsWith("0025_cli-sealed-tokens-and-category-ids"),
  );
  // The columns the migration adds exist already (the test database is migrated): run its data steps.
  for (const statement of migration?.statements ?? []) {
    if (statement.includes("UPDATE")) await t.db.execute(sql.raw(statement));
  }
  const rows = await t.db.select().from(emailNotificationPreferences);
  const byName = Object.fromEntries(
    rows.map((row) => [
      notificationCategories.find((category) => category.id === row.categoryId)?.name,
      row.enabled,
    ]),
  );
  expect(byName).toEqual({ Transactional: true, Marketing: false });
  expect(rows.map((row) => row.categoryId).sort()).toEqual([
    "4f6f8873-3d04-46bd-8bef-18338b1a1b4c",
    "7bb82d33-2f54-4a3d-9d23-82739e0d66ef",
  ]);
  expect(rows.find((row) => !row.enabled)?.categoryId).toBe("4f6f8873-3d04-46bd-8bef-18338b1a1b4c");
});
