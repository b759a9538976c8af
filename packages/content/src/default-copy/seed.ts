/**
 * @module
 * Fills an empty database with the default content: the built-in categories, projects, FAQ
 * items and languages, and the page copy of every section in en/de/bs plus the global SEO row.
 * Runs at server start. It seeds once: a marker in site_settings remembers it, so content an
 * admin deletes later is not brought back. Tables that already hold rows are left alone.
 */
import type { Database } from "@heritage/db";
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { categories, faqs, languages, projects, siteContent, siteSettings } from "../db/schema";
import { defaultGlobalSeo, defaultPageCopy } from "../site-content/default-content";
import {
  GLOBAL_SEO_CONTENT_TYPE,
  GLOBAL_SEO_ID,
  siteContentSections,
} from "../site-content/site-content-input";
import {
  fallbackCategories,
  fallbackFaqs,
  fallbackLanguages,
  fallbackProjects,
} from "./fallback-data";

/** The site_settings key marking that the default content was seeded. */
export const DEFAULT_CONTENT_SEEDED_KEY = "default_content_seeded";

// Any constant; the same in every process, so two servers starting at once seed only once.
const SEED_LOCK_KEY = 7_240_812;

/** Seeded rows get created_at one second apart, so "oldest first" keeps the built-in order. */
function createdAtFor(index: number, total: number): Date {
  return new Date(Date.now() - (total - index) * 1000);
}

export type SeedResult = {
  seeded: boolean;
  /** Tables that received default rows (empty when `seeded` is false). */
  tables: string[];
};

/**
 * Seeds the default content into an empty database. Idempotent, and safe when several
 * processes call it at the same time (they queue on an advisory lock).
 */
export async function seedDefaultContent(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [marker] = await tx
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, DEFAULT_CONTENT_SEEDED_KEY));
    if (marker) return { seeded: false, tables: [] };

    const tables: string[] = [];
    const isEmpty = async (table: PgTable) => {
      const [row] = await tx.select({ n: count() }).from(table);
      return (row?.n ?? 0) === 0;
    };

    if (await isEmpty(categories)) {
      await tx.insert(categories).values(
        fallbackCategories.map((category, index) => ({
          ...category,
          created_at: createdAtFor(index, fallbackCategories.length),
        })),
      );
      tables.push("categories");
    }
    if (await isEmpty(projects)) {
      await tx.insert(projects).values(
        fallbackProjects.map((project, index) => ({
          ...project,
          // The built-in projects' addresses are their readable ids (/project/balkan-stories).
          slug: project.id,
          created_at: createdAtFor(index, fallbackProjects.length),
        })),
      );
      tables.push("projects");
    }
    if (await isEmpty(faqs)) {
      await tx.insert(faqs).values(
        fallbackFaqs.map((faq, index) => ({
          ...faq,
          created_at: createdAtFor(index, fallbackFaqs.length),
        })),
      );
      tables.push("faqs");
    }
    if (await isEmpty(languages)) {
      await tx.insert(languages).values(
        fallbackLanguages.map((language, index) => ({
          ...language,
          created_at: createdAtFor(index, fallbackLanguages.length),
        })),
      );
      tables.push("languages");
    }
    if (await isEmpty(siteContent)) {
      await tx.insert(siteContent).values([
        ...siteContentSections.map((section) => ({
          id: section,
          content_type: section,
          content: defaultPageCopy.en[section],
          content_de: defaultPageCopy.de[section],
          content_bs: defaultPageCopy.bs[section],
        })),
        { id: GLOBAL_SEO_ID, content_type: GLOBAL_SEO_CONTENT_TYPE, content: defaultGlobalSeo },
      ]);
      tables.push("site_content");
    }

    await tx
      .insert(siteSettings)
      .values({ key: DEFAULT_CONTENT_SEEDED_KEY, value: { tables, at: new Date().toISOString() } });
    return { seeded: true, tables };
  });
}
