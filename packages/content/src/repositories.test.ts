import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createCategory, listCategories } from "./categories/categories-repository";
import {
  createContactSubmission,
  listContactSubmissions,
  updateContactSubmissionStatus,
} from "./contact-submissions/contact-submissions-repository";
import { ContentError } from "./content-errors";
import { deCopy } from "./default-copy/de";
import { enCopy } from "./default-copy/en";
import { createFaq, listFaqs, updateFaq } from "./faqs/faqs-repository";
import { createLanguage, listLanguages, updateLanguage } from "./languages/languages-repository";
import {
  createProject,
  deleteProject,
  findProjectById,
  listProjects,
  listRelatedProjects,
  updateProject,
} from "./projects/projects-repository";
import {
  getGlobalSeo,
  getSiteContent,
  loadPageContent,
  resolveGlobalSeo,
  saveGlobalSeo,
  saveSiteContent,
  saveSiteContentRow,
} from "./site-content/site-content-repository";
import { selectRows } from "./table-query";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

describe("projects", () => {
  it("creates, finds, updates and deletes a project with server-kept timestamps", async () => {
    const { db } = connection;
    const created = await createProject(db, {
      title: "Kilim Weaving",
      title_de: "Kelim-Weberei",
      category: "culture",
      description: "Patterns",
      image: "/media/abc/original.png",
      seo_keywords: "kilim, weaving, ,textiles",
    });
    expect(created).toMatchObject({
      title: "Kilim Weaving",
      bg_color: "bg-sky-100",
      image_url: "/media/abc/original.png",
      seo_keywords: ["kilim", "weaving", "textiles"],
      details: "",
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.created_at).toBeInstanceOf(Date);

    expect((await findProjectById(db, created.id))?.title).toBe("Kilim Weaving");
    expect(await findProjectById(db, "no-such-project")).toBeNull();

    const updated = await updateProject(db, {
      id: created.id,
      title_bs: "Tkanje ćilima",
      bg_color: "bg-pink-100",
      details: '<p onclick="x()">Looms<script>alert(1)</script></p>',
    });
    expect(updated).toMatchObject({
      title: "Kilim Weaving",
      title_de: "Kelim-Weberei",
      title_bs: "Tkanje ćilima",
      bg_color: "bg-pink-100",
      details: "<p>Looms</p>",
    });
    expect(updated?.updated_at.getTime()).toBeGreaterThanOrEqual(created.updated_at.getTime());
    expect(await updateProject(db, { id: "missing", title: "x" })).toBeNull();

    expect((await deleteProject(db, created.id))?.id).toBe(created.id);
    expect(await findProjectById(db, created.id)).toBeNull();
    expect(await deleteProject(db, created.id)).toBeNull();
  });

  it("rejects a bad project with the field and reason, writing nothing", async () => {
    const { db } = connection;
    const before = await listProjects(db);
    const error = await createProject(db, {
      title: "",
      category: "culture",
      bg_color: "bg-red-500",
      image: "javascript:alert(1)",
      seo_title: "x".repeat(71),
    } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    const issues = (error as ZodError).issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["title", "Title is required"],
      ["image", "Image must be an http(s) URL or a path starting with /"],
      [
        "bg_color",
        "Background colour must be one of: bg-sky-100, bg-yellow-100, bg-pink-100, bg-cyan-100, bg-purple-500/20, bg-[#ff7f50]/20",
      ],
      ["seo_title", "SEO title must be at most 70 characters"],
    ]);
    expect(await listProjects(db)).toEqual(before);
  });

  it("refuses a duplicate id", async () => {
    const { db } = connection;
    await createProject(db, { id: "dup", title: "One", category: "culture" });
    await expect(
      createProject(db, { id: "dup", title: "Two", category: "culture" }),
    ).rejects.toThrow(ContentError);
    await deleteProject(db, "dup");
  });

  it("lists newest first for the admin and related projects of the same category", async () => {
    const { db } = connection;
    for (const [id, category] of [
      ["a", "culture"],
      ["b", "culture"],
      ["c", "education"],
      ["d", "culture"],
      ["e", "culture"],
      ["f", "culture"],
    ] as const) {
      await createProject(db, { id, title: id.toUpperCase(), category });
      await db.execute(sql`select pg_sleep(0.002)`);
    }
    expect((await listProjects(db, { order: "newest" })).map((p) => p.id)).toEqual([
      "f",
      "e",
      "d",
      "c",
      "b",
      "a",
    ]);
    expect((await listProjects(db)).map((p) => p.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
    const related = await listRelatedProjects(db, { category: "culture", excludeId: "b" });
    expect(related.map((p) => p.id)).toEqual(["a", "d", "e"]);
    expect((await listProjects(db, { category: "education" })).map((p) => p.id)).toEqual(["c"]);
  });
});

describe("faqs, categories and languages", () => {
  it("creates and updates FAQ items, listing them newest first for the admin", async () => {
    const { db } = connection;
    const first = await createFaq(db, { question: "Q1?", answer: "A1" });
    await db.execute(sql`select pg_sleep(0.002)`);
    const second = await createFaq(db, { question: "Q2?", answer: "A2", question_de: "F2?" });
    expect((await listFaqs(db, { order: "newest" })).map((faq) => faq.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await updateFaq(db, { id: first.id, answer_bs: "O1" }))?.answer_bs).toBe("O1");
    await expect(createFaq(db, { question: " ", answer: "x" })).rejects.toThrow(
      "Question is required",
    );
  });

  it("creates categories and reserves the synthetic 'all'", async () => {
    const { db } = connection;
    await createCategory(db, { id: "crafts", name: "Crafts", name_de: "Handwerk" });
    expect((await listCategories(db)).map((category) => category.id)).toContain("crafts");
    await expect(createCategory(db, { id: "all", name: "All" })).rejects.toThrow(
      /The category id .+all.+ is reserved/,
    );
  });

  it("keeps a single default language, listed first", async () => {
    const { db } = connection;
    await createLanguage(db, { id: "en", name: "English", flag_emoji: "🇬🇧", is_default: true });
    await createLanguage(db, { id: "de", name: "Deutsch", flag_emoji: "🇩🇪" });
    await updateLanguage(db, { id: "de", is_default: true });
    expect((await listLanguages(db)).map((language) => [language.id, language.is_default])).toEqual(
      [
        ["de", true],
        ["en", false],
      ],
    );
    expect(await updateLanguage(db, { id: "xx", is_default: true })).toBeNull();
    expect((await listLanguages(db))[0]?.id).toBe("de");
  });
});

describe("contact submissions", () => {
  it("stores a message as new and lets the status move to read and replied", async () => {
    const { db } = connection;
    const submission = await createContactSubmission(db, {
      name: " Amra ",
      email: "amra@example.org",
      subject: "Volunteering",
      message: "I would like to help.",
    });
    expect(submission).toMatchObject({ name: "Amra", status: "new" });
    expect(
      (await updateContactSubmissionStatus(db, { id: submission.id, status: "read" }))?.status,
    ).toBe("read");
    await expect(
      updateContactSubmissionStatus(db, { id: submission.id, status: "archived" as never }),
    ).rejects.toThrow("Status must be one of: new, read, replied");
    expect(
      await updateContactSubmissionStatus(db, { id: "not-a-uuid", status: "read" }),
    ).toBeNull();
    expect((await listContactSubmissions(db))[0]?.id).toBe(submission.id);
  });
});

describe("site content", () => {
  it("saves one language column, inserting the row the first time and updating it later", async () => {
    const { db } = connection;
    const inserted = await saveSiteContent(db, {
      id: "hero",
      language: "de",
      content: { title: "Hallo" },
    });
    expect(inserted).toMatchObject({
      content_type: "hero",
      content: null,
      content_de: { title: "Hallo" },
    });
    const updated = await saveSiteContent(db, {
      id: "hero",
      language: "en",
      content: JSON.stringify({ title: "Hello", subtitle: "Sub" }),
    });
    expect(updated).toMatchObject({
      content: { title: "Hello", subtitle: "Sub" },
      content_de: { title: "Hallo" },
    });
  });

  it("parses content stored as a JSON string on read", async () => {
    const { db } = connection;
    await db.execute(
      sql`insert into content.site_content (id, content_type, content) values ('footer', 'footer', ${JSON.stringify(JSON.stringify({ email: "x@example.org" }))}::jsonb)`,
    );
    expect((await getSiteContent(db, "footer"))?.content).toEqual({ email: "x@example.org" });
  });

  it("sanitises rich HTML fields and validates per section", async () => {
    const { db } = connection;
    const row = await saveSiteContentRow(db, {
      id: "impressum",
      content: { title: "Impressum", content: '<h2>Hi</h2><img src=x onerror="alert(1)">' },
    });
    expect(row.content).toEqual({ title: "Impressum", content: '<h2>Hi</h2><img src="x" />' });
    await expect(
      saveSiteContentRow(db, { id: "footer", content_bs: { email: "not-an-email" } }),
    ).rejects.toThrow("Invalid email address");
    await expect(saveSiteContentRow(db, { id: "sidebar", content: {} })).rejects.toThrow(
      /Unknown site content id .+sidebar/,
    );
  });

  it("loads page copy in the visitor's language with defaults filling the gaps", async () => {
    const { db } = connection;
    await saveSiteContent(db, { id: "about", language: "de", content: { title: "Über uns!" } });
    const german = await loadPageContent(db, "about", "de");
    expect(german.title).toBe("Über uns!");
    expect(german.missionTitle).toBe(deCopy.about.missionTitle);
    expect(await loadPageContent(db, "contact", "en")).toEqual(enCopy.contact);

    const errors: unknown[] = [];
    const broken = {
      select: () => {
        throw new Error("database down");
      },
    } as never;
    expect(
      await loadPageContent(broken, "hero", "bs", (error) => errors.push(error)),
    ).toBeDefined();
    expect(errors).toHaveLength(1);
  });

  it("reads and saves the global SEO row", async () => {
    const { db } = connection;
    expect(await getGlobalSeo(db)).toBeNull();
    expect(resolveGlobalSeo(null).site_name).toBe("Balkan Heritage");
    const saved = await saveGlobalSeo(db, {
      site_name: "Heritage",
      default_keywords: "culture, balkans",
    });
    expect(saved).toMatchObject({
      id: "global-seo-settings",
      content_type: "global_seo",
      content: { site_name: "Heritage", default_keywords: ["culture", "balkans"] },
    });
    await saveGlobalSeo(db, { site_name: "Heritage 2" });
    expect(resolveGlobalSeo(await getGlobalSeo(db)).site_name).toBe("Heritage 2");
    await expect(saveGlobalSeo(db, { default_title: "x".repeat(71) })).rejects.toThrow(
      "Default title must be at most 70 characters",
    );
  });
});

describe("selectRows", () => {
  it("filters on known columns with typed values and refuses unknown ones", async () => {
    const { db } = connection;
    const rows = await selectRows(db, "projects", {
      filters: [
        { column: "category", operator: "eq", value: "culture" },
        { column: "id", operator: "neq", value: "a" },
      ],
      order: [{ column: "created_at", direction: "desc" }],
      limit: 3,
    });
    expect(rows.map((row) => row.id)).toEqual(["f", "e", "d"]);
    expect(
      await selectRows(db, "contact_submissions", {
        filters: [{ column: "id", operator: "eq", value: "not-a-uuid" }],
      }),
    ).toEqual([]);
    expect(
      (
        await selectRows(db, "languages", {
          filters: [{ column: "is_default", operator: "eq", value: "true" }],
        })
      ).map((row) => row.id),
    ).toEqual(["de"]);
    await expect(
      selectRows(db, "projects", { filters: [{ column: "password", operator: "eq", value: "x" }] }),
    ).rejects.toThrow('Unknown column "password" in projects');
    await expect(
      selectRows(db, "languages", {
        filters: [{ column: "is_default", operator: "eq", value: "yes" }],
      }),
    ).rejects.toThrow("Filter is_default expects true or false");
  });
});
