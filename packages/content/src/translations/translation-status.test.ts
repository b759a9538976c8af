/**
 * Translation status (issue 34, item 2): the rule, and the moments every content write keeps in
 * its own transaction: an English edit marks German and Bosnian outdated, a translator's edit or
 * "mark as checked" makes a language up to date, an image or colour changes nothing, and restores
 * and purges keep the statuses consistent. Both engines.
 */
import type { Database, DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, updateCategory } from "../categories/categories-repository";
import { auditLog, revisions, translationStatus } from "../db/schema";
import { createFaq, updateFaq } from "../faqs/faqs-repository";
import { createProject } from "../projects/projects-repository";
import {
  markTranslationChecked,
  purgeFromTrash,
  restoreFromTrash,
  restoreRevision,
  writeContent,
} from "../revisions/content-writes";
import { saveGlobalSeo, saveSiteContentRow } from "../site-content/site-content-repository";
import { projectWritesBy, refusal } from "../testing/project-writes";
import {
  listTranslationStatus,
  type TranslationState,
  translationState,
  translationTexts,
} from "./translation-status";

describe("the rule", () => {
  const english = { title: "Songs" };
  const german = { title: "Lieder" };
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute));

  it("is missing when the language has no text while English has some", () => {
    expect(
      translationState({
        english,
        translation: { title: null },
        sourceChangedAt: null,
        translatedAt: null,
      }),
    ).toBe("missing");
    // Missing wins over the moments: a text cleared after the last check is missing again.
    expect(
      translationState({
        english,
        translation: { title: null },
        sourceChangedAt: at(1),
        translatedAt: at(2),
      }),
    ).toBe("missing");
  });

  it("is outdated when English changed after the translation was last edited or checked", () => {
    const state = (sourceChangedAt: Date | null, translatedAt: Date | null) =>
      translationState({ english, translation: german, sourceChangedAt, translatedAt });
    expect(state(at(2), at(1))).toBe("outdated");
    // English changed since this table exists, the translation not: outdated.
    expect(state(at(2), null)).toBe("outdated");
    expect(state(at(1), at(2))).toBe("up_to_date");
    // One write changed both.
    expect(state(at(1), at(1))).toBe("up_to_date");
    // Items older than the table: taken as up to date.
    expect(state(null, null)).toBe("up_to_date");
  });

  it("has nothing to translate when English has no text", () => {
    expect(
      translationState({
        english: { title: null },
        translation: { title: null },
        sourceChangedAt: null,
        translatedAt: null,
      }),
    ).toBe("up_to_date");
  });

  it("counts a page section's words, not its address, phone, image or colours", () => {
    const about = {
      id: "about",
      content_type: "about",
      content: {
        title: "About",
        mainImage: "/media/a.jpg",
        values: [{ title: "Care", text: "We care", color: "bg-sky-100" }],
      },
    };
    expect(translationTexts("site_content", about, "en")).toEqual({
      title: "About",
      introText: null,
      missionTitle: null,
      missionStatement: null,
      valuesTitle: null,
      "values.0.title": "Care",
      "values.0.text": "We care",
    });
    const footer = { id: "footer", content: { email: "a@b.org", phone: "+387 1" } };
    expect(translationTexts("site_content", footer, "en")).toEqual({ description: null });
    // A project's image, colour, category and share images are not texts.
    expect(
      Object.keys(translationTexts("projects", { title: "x", image: "/a.jpg" }, "de")),
    ).toEqual(["title", "description", "details", "seo_title", "seo_description", "seo_keywords"]);
  });
});

let connection: DatabaseConnection;
let db: Database;
beforeAll(async () => {
  connection = await createTestDatabase();
  db = connection.db;
});
afterAll(async () => {
  await connection.close();
});

const actor = { id: "admin-1", name: "Ann" };

const {
  create: createProjectAsAdmin,
  update: updateProjectAsAdmin,
  remove: removeProjectAsAdmin,
} = projectWritesBy(() => db, actor);
function saveSection(input: Parameters<typeof saveSiteContentRow>[1]) {
  return writeContent(db, {
    table: "site_content",
    operation: "update",
    id: input.id,
    actor,
    write: (tx) => saveSiteContentRow(tx, input),
  });
}

/** German and Bosnian status of one item. */
async function statusOf(
  table: "projects" | "categories" | "faqs" | "site_content",
  id: string,
): Promise<Record<string, TranslationState>> {
  const entries = await listTranslationStatus(db, { table, id });
  return Object.fromEntries(entries.map((entry) => [entry.language, entry.status]));
}

describe("a project's translations", () => {
  const id = "translated-project";

  it("are up to date when made with the English, and missing where there is none", async () => {
    await createProjectAsAdmin({
      id,
      title: "Old Songs",
      title_de: "Alte Lieder",
      category: "culture",
      description: "Songs",
      description_de: "Lieder",
    });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "up_to_date", bs: "missing" });
  });

  it("are outdated after an English edit, German and Bosnian alike", async () => {
    await updateProjectAsAdmin({ id, title_bs: "Stare pjesme" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "up_to_date", bs: "up_to_date" });
    await updateProjectAsAdmin({ id, title: "Old Songs of the Drina" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "outdated", bs: "outdated" });
    const [entry] = await listTranslationStatus(db, { table: "projects", id, language: "de" });
    expect(entry).toMatchObject({ label: "Old Songs of the Drina", status: "outdated" });
    expect(entry?.source_changed_at && entry.translated_at).toBeTruthy();
    expect(Date.parse(entry?.source_changed_at ?? "")).toBeGreaterThan(
      Date.parse(entry?.translated_at ?? ""),
    );
  });

  it("are up to date again when the translator edits that language", async () => {
    await updateProjectAsAdmin({ id, title_de: "Alte Lieder von der Drina" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "up_to_date", bs: "outdated" });
  });

  it("do not move for an image, colour or category change, nor a save that changes nothing", async () => {
    await updateProjectAsAdmin({
      id,
      image: "https://example.org/a.jpg",
      bg_color: "bg-pink-100",
      category: "education",
    });
    await updateProjectAsAdmin({ id, title: "Old Songs of the Drina" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "up_to_date", bs: "outdated" });
  });

  it("are up to date when one save changes English and the translation together", async () => {
    await updateProjectAsAdmin({ id, description: "Songs, old", description_bs: "Pjesme, stare" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "outdated", bs: "up_to_date" });
  });

  it("can be marked as checked without an edit, with the row's version untouched", async () => {
    const [before] = await db
      .execute<{ version: number }>(sql`select version from content.projects where id = ${id}`)
      .then((result) => result.rows);
    const entry = await markTranslationChecked(db, {
      table: "projects",
      id,
      language: "de",
      actor,
    });
    expect(entry).toMatchObject({ table: "projects", id, language: "de", status: "up_to_date" });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "up_to_date", bs: "up_to_date" });
    const [after] = await db
      .execute<{ version: number }>(sql`select version from content.projects where id = ${id}`)
      .then((result) => result.rows);
    expect(after?.version).toBe(before?.version);
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "translation.checked"), eq(auditLog.target_id, id)));
    expect(logged).toMatchObject({
      actor_name: "Ann",
      target_type: "projects",
      details: { language: "de" },
    });
  });

  it("refuses to mark a missing translation, an older version or a row that is not there", async () => {
    await updateProjectAsAdmin({ id, title_bs: "", description_bs: "" });
    await expect(statusOf("projects", id)).resolves.toMatchObject({ bs: "missing" });
    const missing = await refusal(
      markTranslationChecked(db, { table: "projects", id, language: "bs", actor }),
    );
    expect(missing).toMatchObject({ code: "TRANSLATION_MISSING", status: 409 });

    await updateProjectAsAdmin({ id, details: "Recorded in 1950" });
    const stale = await refusal(
      markTranslationChecked(db, {
        table: "projects",
        id,
        language: "de",
        actor,
        expectedVersion: 1,
      }),
    );
    expect(stale.code).toBe("VERSION_CONFLICT");
    await expect(statusOf("projects", id)).resolves.toMatchObject({ de: "outdated" });

    await expect(
      markTranslationChecked(db, { table: "projects", id: "nothing-here", language: "de", actor }),
    ).resolves.toBeNull();
  });

  it("keep their status through the trash, follow a restored older version, and go when purged", async () => {
    // Now: German outdated, Bosnian missing.
    await removeProjectAsAdmin(id);
    await expect(statusOf("projects", id)).resolves.toEqual({});
    await restoreFromTrash(db, { table: "projects", id, actor });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "outdated", bs: "missing" });

    // German checked; then an older version restored over the deleted row: the one saved with a
    // new colour, whose English differs from the deleted one and whose German does not. English
    // changed, so German is outdated again; its Bosnian differs (a restore is an edit of every
    // language it changes), so Bosnian is up to date.
    await markTranslationChecked(db, { table: "projects", id, language: "de", actor });
    const older = (
      await db
        .select({
          id: revisions.id,
          operation: revisions.operation,
          changed: revisions.changed_fields,
        })
        .from(revisions)
        .where(eq(revisions.row_id, id))
    ).find((revision) => revision.operation === "update" && revision.changed.includes("bg_color"));
    await removeProjectAsAdmin(id);
    await restoreRevision(db, { revisionId: older?.id ?? "", actor });
    await expect(statusOf("projects", id)).resolves.toEqual({ de: "outdated", bs: "up_to_date" });

    await removeProjectAsAdmin(id);
    await expect(purgeFromTrash(db, { table: "projects", id, actor })).resolves.toBe(true);
    const left = await db.select().from(translationStatus).where(eq(translationStatus.row_id, id));
    expect(left).toEqual([]);
  });

  it("are up to date for an item written before statuses were kept", async () => {
    await createProject(db, {
      id: "older-project",
      title: "Older",
      title_de: "Älter",
      category: "culture",
    });
    await expect(statusOf("projects", "older-project")).resolves.toEqual({
      de: "up_to_date",
      bs: "missing",
    });
    // Its first English edit since makes the German outdated.
    await updateProjectAsAdmin({ id: "older-project", title: "Older still" });
    await expect(statusOf("projects", "older-project")).resolves.toMatchObject({
      de: "outdated",
    });
  });
});

describe("FAQ items, categories and page sections", () => {
  it("follow the same rule", async () => {
    const faq = await writeContent(db, {
      table: "faqs",
      operation: "create",
      actor,
      write: (tx) =>
        createFaq(tx, {
          question: "Who?",
          answer: "Us.",
          question_de: "Wer?",
          answer_de: "Wir.",
          question_bs: "Ko?",
          answer_bs: "Mi.",
        }),
    });
    const faqId = String(faq?.id);
    await writeContent(db, {
      table: "faqs",
      operation: "update",
      id: faqId,
      actor,
      write: (tx) => updateFaq(tx, { id: faqId, answer: "All of us." }),
    });
    await expect(statusOf("faqs", faqId)).resolves.toEqual({ de: "outdated", bs: "outdated" });

    await writeContent(db, {
      table: "categories",
      operation: "create",
      actor,
      write: (tx) => createCategory(tx, { id: "music", name: "Music", name_de: "Musik" }),
    });
    await writeContent(db, {
      table: "categories",
      operation: "update",
      id: "music",
      actor,
      write: (tx) => updateCategory(tx, { id: "music", name: "Music and dance" }),
    });
    await expect(statusOf("categories", "music")).resolves.toEqual({
      de: "outdated",
      bs: "missing",
    });
  });

  it("mark a page's translations outdated when its English is saved, not for its e-mail address", async () => {
    await saveSection({
      id: "footer",
      content: { description: "We keep songs", email: "info@heritage.ba" },
    });
    await expect(statusOf("site_content", "footer")).resolves.toEqual({
      de: "missing",
      bs: "missing",
    });
    await saveSection({ id: "footer", content_de: { description: "Wir bewahren Lieder" } });
    await saveSection({ id: "footer", content_bs: { description: "Čuvamo pjesme" } });
    await expect(statusOf("site_content", "footer")).resolves.toEqual({
      de: "up_to_date",
      bs: "up_to_date",
    });
    await saveSection({
      id: "footer",
      content: { description: "We keep songs", email: "office@heritage.ba" },
    });
    await expect(statusOf("site_content", "footer")).resolves.toEqual({
      de: "up_to_date",
      bs: "up_to_date",
    });
    await saveSection({
      id: "footer",
      content: { description: "We keep songs and dances", email: "office@heritage.ba" },
    });
    await expect(statusOf("site_content", "footer")).resolves.toEqual({
      de: "outdated",
      bs: "outdated",
    });
    const needed = await listTranslationStatus(db, { statuses: ["outdated", "missing"] });
    expect(
      needed.filter((entry) => entry.table === "site_content").map((entry) => entry.label),
    ).toEqual(["footer", "footer"]);
  });

  it("leave the global SEO settings out", async () => {
    await writeContent(db, {
      table: "site_content",
      operation: "update",
      id: "global-seo-settings",
      actor,
      write: (tx) => saveGlobalSeo(tx, { default_title: "Heritage" }),
    });
    await expect(statusOf("site_content", "global-seo-settings")).resolves.toEqual({});
    const refused = await refusal(
      markTranslationChecked(db, {
        table: "site_content",
        id: "global-seo-settings",
        language: "de",
        actor,
      }),
    );
    expect(refused.status).toBe(400);
  });
});
