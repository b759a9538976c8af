import { fallbackProjects, seedDefaultContent } from "@heritage/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context);
  token = context.admin.accessToken;
});
afterAll(async () => {
  await context.close();
});

describe("GET (public reads)", () => {
  it("lists every project with image_url, in the built-in order", async () => {
    const response = await api.call("GET", "/api-projects");
    expect(response.status).toBe(200);
    expect(response.error).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.data.map((row: { id: string }) => row.id)).toEqual(
      fallbackProjects.map((project) => project.id),
    );
    expect(response.data[0]).toMatchObject({
      id: "balkan-stories",
      image: "/images/projects/balkan-stories.webp",
      image_url: "/images/projects/balkan-stories.webp",
      seo_keywords: expect.any(Array),
    });
  });

  it("looks up a single row by id, or answers PGRST116", async () => {
    const found = await api.call("GET", "/api-projects?id=eco-balkans");
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({ id: "eco-balkans", category: "environment" });

    const missing = await api.call("GET", "/api-projects?id=nope");
    expect(missing.status).toBe(404);
    expect(missing).toMatchObject({
      data: null,
      error: { code: "PGRST116", message: "No rows returned" },
    });

    const content = await api.call("GET", "/api-site_content?id=hero");
    expect(content.data).toMatchObject({ id: "hero", content_type: "hero" });
    expect(content.data.content.title).toBe("Preserving Balkan Heritage");
  });

  it("filters, orders and limits as the pages need them", async () => {
    const related = await api.call(
      "GET",
      "/api-projects?category=culture&id.neq=balkan-stories&limit=3",
    );
    expect(related.data.map((row: { id: string }) => row.id)).toEqual([
      "balkan-beats",
      "heritage-preservation",
    ]);
    const newest = await api.call("GET", "/api-projects?order=created_at.desc&limit=2");
    expect(newest.data.map((row: { id: string }) => row.id)).toEqual([
      "balkan-youth",
      "heritage-preservation",
    ]);
    const languages = await api.call("GET", "/api-languages?order=is_default.desc");
    expect(languages.data.map((row: { id: string }) => row.id)).toEqual(["en", "de", "bs"]);
    const list = await api.call("GET", "/api-site_content?id=hero&single=false");
    expect(Array.isArray(list.data)).toBe(true);
    const single = await api.call("GET", "/api-categories?name=Culture&single=true");
    expect(single.data).toMatchObject({ id: "culture", name_de: "Kultur" });
  });

  it("lists categories, FAQs and all site content rows", async () => {
    expect((await api.call("GET", "/api-categories")).data).toHaveLength(4);
    expect((await api.call("GET", "/api-faqs")).data).toHaveLength(5);
    const rows = (await api.call("GET", "/api-site_content")).data as { id: string }[];
    expect(rows.map((row) => row.id).sort()).toEqual(
      [
        "about",
        "contact",
        "datenschutz",
        "footer",
        "global-seo-settings",
        "hero",
        "impressum",
      ].sort(),
    );
    const seo = await api.call("GET", "/api-site_content?content_type=global_seo&single=true");
    expect(seo.data).toMatchObject({ id: "global-seo-settings", content_type: "global_seo" });
  });
});

describe("writes by an admin", () => {
  it("creates, updates and deletes a project, announcing each change", async () => {
    const created = await api.call("POST", "/api-projects", {
      token,
      body: {
        title: "Copper Crafts",
        title_de: "Kupferhandwerk",
        title_bs: "Kazandžijski zanat",
        category: "culture",
        description: "Coppersmiths of Baščaršija",
        details: "<p>Hammered <strong>copper</strong></p>",
        image: "/media/1/original.png",
        bg_color: "bg-yellow-100",
        seo_title: "Copper Crafts",
        seo_keywords: "copper, crafts",
      },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      title: "Copper Crafts",
      image_url: "/media/1/original.png",
      seo_keywords: ["copper", "crafts"],
    });
    const id = created.data.id as string;

    const updated = await api.call("PUT", "/api-projects", {
      token,
      body: { id, title: "Copper and Brass", updated_at: "ignored" },
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      id,
      title: "Copper and Brass",
      title_de: "Kupferhandwerk",
    });
    expect(new Date(updated.data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.data.updated_at).getTime(),
    );

    const deleted = await api.call("DELETE", `/api-projects?id=${id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.data.id).toBe(id);
    expect((await api.call("GET", `/api-projects?id=${id}`)).status).toBe(404);
    expect(api.changes.filter((change) => change.id === id)).toEqual([
      { table: "projects", operation: "insert", id },
      { table: "projects", operation: "update", id },
      { table: "projects", operation: "delete", id },
    ]);
  });

  it("answers PGRST116 when updating or deleting a row that does not exist", async () => {
    const update = await api.call("PUT", "/api-faqs", { token, body: { id: "nope", answer: "x" } });
    expect(update.status).toBe(404);
    expect(update.error?.code).toBe("PGRST116");
    const remove = await api.call("DELETE", "/api-faqs?id=nope", { token });
    expect(remove.status).toBe(404);
    expect(remove.error?.code).toBe("PGRST116");
  });

  it("manages FAQs, categories and languages", async () => {
    const faq = await api.call("POST", "/api-faqs", {
      token,
      body: {
        question: "Do you offer tours?",
        answer: "Sometimes.",
        question_de: "Bieten Sie Führungen an?",
        answer_de: "Manchmal.",
        question_bs: "Nudite li ture?",
        answer_bs: "Ponekad.",
      },
    });
    expect(faq.status).toBe(201);
    const newestFaq = await api.call("GET", "/api-faqs?order=created_at.desc&limit=1");
    expect(newestFaq.data[0].id).toBe(faq.data.id);
    expect(
      (await api.call("PUT", "/api-faqs", { token, body: { id: faq.data.id, answer: "Yes." } }))
        .data.answer,
    ).toBe("Yes.");
    expect((await api.call("DELETE", `/api-faqs?id=${faq.data.id}`, { token })).status).toBe(200);

    const category = await api.call("POST", "/api-categories", {
      token,
      body: { id: "crafts", name: "Crafts", name_de: "Handwerk", name_bs: "Zanati" },
    });
    expect(category.data).toMatchObject({ id: "crafts", name_bs: "Zanati" });
    expect(
      (await api.call("PUT", "/api-categories", { token, body: { id: "crafts", name: "Craft" } }))
        .data.name,
    ).toBe("Craft");
    expect((await api.call("DELETE", "/api-categories?id=crafts", { token })).status).toBe(200);

    const language = await api.call("POST", "/api-languages", {
      token,
      body: { id: "hr", name: "Hrvatski", flag_emoji: "🇭🇷" },
    });
    expect(language.data).toMatchObject({ id: "hr", is_default: false });
    expect(
      (await api.call("PUT", "/api-languages?id=hr", { token, body: { name: "Croatian" } })).data
        .name,
    ).toBe("Croatian");
    expect((await api.call("DELETE", "/api-languages?id=hr", { token })).status).toBe(200);
  });

  it("saves site content per language, updating an existing row and inserting a new one", async () => {
    const german = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "hero", content_de: { title: "Neu", subtitle: "Untertitel", description: "D" } },
    });
    expect(german.status).toBe(200);
    expect(german.data.content_de.title).toBe("Neu");
    expect(german.data.content.title).toBe("Preserving Balkan Heritage");

    await api.call("DELETE", "/api-site_content?id=footer", { token });
    const inserted = await api.call("POST", "/api-site_content", {
      token,
      body: {
        id: "footer",
        content_type: "footer",
        content: JSON.stringify({
          description: "New footer",
          email: "team@example.org",
          phone: "+1",
        }),
      },
    });
    expect(inserted.status).toBe(201);
    expect(inserted.data).toMatchObject({
      id: "footer",
      content_type: "footer",
      content: { description: "New footer", email: "team@example.org" },
      content_de: null,
    });

    const seo = await api.call("PUT", "/api-site_content", {
      token,
      body: {
        id: "global-seo-settings",
        content_type: "global_seo",
        content: { site_name: "Balkan Heritage", default_keywords: "a, b" },
      },
    });
    expect(seo.data.content).toEqual({
      site_name: "Balkan Heritage",
      default_keywords: ["a", "b"],
    });
  });

  it("lets an admin read, update the status of and delete contact submissions", async () => {
    const posted = await api.call("POST", "/api-contact_submissions", {
      body: {
        name: "Visitor",
        email: "visitor@example.org",
        subject: "Hello",
        message: "A message long enough.",
      },
    });
    expect(posted.status).toBe(201);
    expect(posted.data.status).toBe("new");
    const id = posted.data.id as string;

    const list = await api.call("GET", "/api-contact_submissions?order=created_at.desc", { token });
    expect(list.data[0]).toMatchObject({ id, status: "new" });
    const read = await api.call("PUT", "/api-contact_submissions", {
      token,
      body: { id, status: "read" },
    });
    expect(read.data.status).toBe("read");
    expect((await api.call("DELETE", `/api-contact_submissions?id=${id}`, { token })).status).toBe(
      200,
    );
  });

  it("lets an admin read the media records and the e-mail outbox", async () => {
    expect((await api.call("GET", "/api-media", { token })).data).toEqual([]);
    expect((await api.call("GET", "/api-email_outbox", { token })).data).toEqual([]);
    const write = await api.call("POST", "/api-media", { token, body: {} });
    expect(write.status).toBe(405);
  });
});
