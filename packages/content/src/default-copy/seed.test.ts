import type { DatabaseConnection } from "@heritage/db";
import { connect } from "@heritage/db";
import { createTestDatabase, testEngine } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listCategories } from "../categories/categories-repository";
import { deleteFaq, listFaqs } from "../faqs/faqs-repository";
import { listLanguages } from "../languages/languages-repository";
import { listProjects } from "../projects/projects-repository";
import { getGlobalSeo, getSiteContent } from "../site-content/site-content-repository";
import { deCopy } from "./de";
import { fallbackFaqs, fallbackProjects } from "./fallback-data";
import { seedDefaultContent } from "./seed";

describe("seedDefaultContent", () => {
  let connection: DatabaseConnection;
  beforeEach(async () => {
    connection = await createTestDatabase();
  });
  afterEach(async () => {
    await connection.close();
  });

  it("fills an empty database with the built-in content in three languages", async () => {
    const { db } = connection;
    const result = await seedDefaultContent(db);
    expect(result).toEqual({
      seeded: true,
      tables: ["categories", "projects", "faqs", "languages", "site_content"],
    });

    expect((await listProjects(db)).map((project) => project.id)).toEqual(
      fallbackProjects.map((project) => project.id),
    );
    const [first] = await listProjects(db);
    expect(first?.image_url).toBe(first?.image);
    expect((await listCategories(db)).map((category) => category.id)).toEqual([
      "culture",
      "education",
      "environment",
      "community",
    ]);
    expect((await listFaqs(db)).map((faq) => faq.id)).toEqual(fallbackFaqs.map((faq) => faq.id));
    expect((await listLanguages(db)).map((language) => language.id)).toEqual(["en", "de", "bs"]);

    const about = await getSiteContent(db, "about");
    expect(about?.content_type).toBe("about");
    expect(about?.content_de).toEqual(deCopy.about);
    expect((await getGlobalSeo(db))?.id).toBe("global-seo-settings");
  });

  it("seeds only once, so content deleted by an admin stays deleted", async () => {
    const { db } = connection;
    await seedDefaultContent(db);
    await deleteFaq(db, "faq-funding");
    expect(await seedDefaultContent(db)).toEqual({ seeded: false, tables: [] });
    expect((await listFaqs(db)).map((faq) => faq.id)).not.toContain("faq-funding");
  });

  it("leaves tables that already hold content alone", async () => {
    const { db } = connection;
    await db.execute(
      sql`insert into content.projects (id, title, category) values ('own', 'Own project', 'culture')`,
    );
    const result = await seedDefaultContent(db);
    expect(result.tables).not.toContain("projects");
    expect((await listProjects(db)).map((project) => project.id)).toEqual(["own"]);
  });

  it.runIf(testEngine() === "postgres")(
    "seeds once when two processes start at the same time",
    async () => {
      // A second pool on the same database behaves like a second server process.
      const databaseName = (
        await connection.db.execute<{ name: string }>(sql`select current_database() as name`)
      ).rows[0]?.name;
      const url = new URL(process.env.DATABASE_URL ?? "");
      url.pathname = `/${databaseName}`;
      const other = await connect({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        const results = await Promise.all([
          seedDefaultContent(connection.db),
          seedDefaultContent(other.db),
        ]);
        expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
        expect(await listProjects(connection.db)).toHaveLength(fallbackProjects.length);
      } finally {
        await other.close();
      }
    },
  );

  it("is safe to call concurrently on one connection", async () => {
    const results = await Promise.all([
      seedDefaultContent(connection.db),
      seedDefaultContent(connection.db),
    ]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await listProjects(connection.db)).toHaveLength(fallbackProjects.length);
  });
});
