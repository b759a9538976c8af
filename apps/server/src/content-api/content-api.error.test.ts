import {
  listContactSubmissions,
  listProjects,
  seedDefaultContent,
  siteMessages,
} from "@heritage/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSiteTestContext,
  mountContentApi,
  type SiteTestContext,
} from "../testing/content-api-harness";
import { createContactProtection, createMemoryRateLimiter } from "./contact-protection";

let context: SiteTestContext;
let api: ReturnType<typeof mountContentApi>;
let token: string;
let now = new Date("2026-06-01T10:00:00Z");

beforeAll(async () => {
  context = await createSiteTestContext();
  await seedDefaultContent(context.db);
  api = mountContentApi(context, {
    contactProtection: createContactProtection({
      rateLimiter: createMemoryRateLimiter({ max: 3, windowSeconds: 600, clock: () => now }),
      minFillMilliseconds: 3000,
      clock: () => now,
    }),
    clientAddress: (c) => c.req.header("x-test-address") ?? "unknown",
    clock: () => now,
  });
  token = context.admin.accessToken;
});
afterAll(async () => {
  await context.close();
});

let addressCounter = 0;
/** Each test sender gets its own address, so the rate limit only bites where it is tested. */
const freshAddress = () => ({ "x-test-address": `192.0.2.${++addressCounter}` });

const validMessage = {
  name: "Amra",
  email: "amra@example.org",
  subject: "Volunteering",
  message: "I would like to volunteer.",
};

describe("contact form validation (spec section 5)", () => {
  it.each([
    [{ ...validMessage, name: "" }, "name", siteMessages.nameRequired],
    [{ ...validMessage, name: "   " }, "name", siteMessages.nameRequired],
    [{ ...validMessage, email: "" }, "email", siteMessages.emailRequired],
    [{ ...validMessage, email: "not-an-email" }, "email", siteMessages.emailInvalid],
    [{ ...validMessage, subject: undefined }, "subject", siteMessages.subjectRequired],
    [{ ...validMessage, message: "" }, "message", siteMessages.messageRequired],
    [{ ...validMessage, message: "too short" }, "message", siteMessages.messageTooShort],
  ])("rejects %j with 400 naming %s", async (body, field, message) => {
    const response = await api.call("POST", "/api-contact_submissions", {
      body,
      headers: freshAddress(),
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: "VALIDATION_FAILED",
      message: `${field}: ${message}`,
      details: { fields: [{ field, message }] },
    });
  });

  it("lists every failing field at once and stores nothing", async () => {
    const response = await api.call("POST", "/api-contact_submissions", {
      body: {},
      headers: freshAddress(),
    });
    expect(response.error?.details?.fields).toEqual([
      { field: "name", message: "Name is required" },
      { field: "email", message: "Email is required" },
      { field: "subject", message: "Subject is required" },
      { field: "message", message: "Message is required" },
    ]);
    expect(await listContactSubmissions(context.db)).toEqual([]);
  });
});

describe("content validation", () => {
  it("rejects a bad project with each field and reason, writing nothing", async () => {
    const before = await listProjects(context.db);
    const response = await api.call("POST", "/api-projects", {
      token,
      body: { title: "", category: "culture", bg_color: "red", seo_description: "x".repeat(201) },
    });
    expect(response.status).toBe(400);
    expect(response.error?.details?.fields).toEqual([
      { field: "title", message: "Title is required" },
      {
        field: "bg_color",
        message:
          "Background colour must be one of: bg-sky-100, bg-yellow-100, bg-pink-100, bg-cyan-100, bg-purple-500/20, bg-[#ff7f50]/20",
      },
      { field: "seo_description", message: "SEO description must be at most 200 characters" },
    ]);
    expect(await listProjects(context.db)).toEqual(before);
  });

  it("rejects bad FAQ, category, language and status values", async () => {
    const faq = await api.call("POST", "/api-faqs", { token, body: { question: "Q?" } });
    expect(faq.error?.message).toBe("answer: Answer is required");
    const category = await api.call("POST", "/api-categories", {
      token,
      body: { id: "Bad Id!", name: "X" },
    });
    expect(category.error?.message).toBe(
      "id: Category id may contain only lower-case letters, digits and hyphens",
    );
    const language = await api.call("PUT", "/api-languages", {
      token,
      body: { id: "en", is_default: "yes" },
    });
    expect(language.error?.message).toBe("is_default: is_default must be true or false");
    const status = await api.call("PUT", "/api-contact_submissions", {
      token,
      body: { id: crypto.randomUUID(), status: "archived" },
    });
    expect(status.error?.message).toBe("status: Status must be one of: new, read, replied");
  });

  it("validates site content per section and refuses unknown sections", async () => {
    const footer = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "footer", content_de: { email: "nope" } },
    });
    expect(footer.status).toBe(400);
    expect(footer.error?.details?.fields).toEqual([
      { field: "content_de.email", message: "Invalid email address" },
    ]);
    const unknown = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "sidebar", content: {} },
    });
    expect(unknown.error?.details?.fields?.[0]?.field).toBe("id");
    const notObject = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "hero", content: "plain text" },
    });
    expect(notObject.error?.message).toBe(
      "content: Content must be an object or a JSON string of one",
    );
    const seo = await api.call("PUT", "/api-site_content", {
      token,
      body: { id: "global-seo-settings", content: { organization_url: "javascript:alert(1)" } },
    });
    expect(seo.error?.message).toBe(
      "content.organization_url: Organization URL must be an http(s) URL or a path starting with /",
    );
  });

  it("rejects malformed bodies and requests", async () => {
    const invalidJson = await api.call("POST", "/api-faqs", { token, body: "{not json" });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.error).toEqual({
      code: "INVALID_JSON",
      message: "The request body is not valid JSON",
    });
    const array = await api.call("POST", "/api-faqs", { token, body: [] });
    expect(array.error?.message).toBe("body: The body must be a JSON object");
    const missingId = await api.call("PUT", "/api-faqs", { token, body: { answer: "x" } });
    expect(missingId.status).toBe(400);
    expect(missingId.error?.code).toBe("MISSING_ID");
    const deleteWithoutId = await api.call("DELETE", "/api-faqs", { token });
    expect(deleteWithoutId.error?.message).toBe("The id query parameter is required (?id=...)");
    const duplicate = await api.call("POST", "/api-projects", {
      token,
      body: { id: "balkan-stories", title: "Again", category: "culture" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe("DUPLICATE_ID");
    const huge = await api.call("POST", "/api-faqs", {
      token,
      body: { question: "Q?", answer: "x".repeat(1024 * 1024) },
    });
    expect(huge.status).toBe(413);
  });

  it("accepts only known columns in filters and ordering", async () => {
    const unknown = await api.call("GET", "/api-projects?password=x");
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toBe('Unknown column "password" in projects');
    const order = await api.call("GET", "/api-projects?order=created_at.sideways");
    expect(order.error?.message).toBe(
      'order expects {column}.asc or {column}.desc, got "created_at.sideways"',
    );
    const injection = await api.call("GET", "/api-projects?order=title;drop table x");
    expect(injection.error?.code).toBe("UNKNOWN_COLUMN");
    const limit = await api.call("GET", "/api-projects?limit=-1");
    expect(limit.error?.message).toBe('limit expects a whole number, got "-1"');
    const offset = await api.call("GET", "/api-projects?offset=1e3");
    expect(offset.status).toBe(400);
    expect(offset.error?.message).toBe('offset expects a whole number, got "1e3"');
    const json = await api.call("GET", "/api-projects?seo_keywords=x");
    expect(json.error?.message).toBe('Column "seo_keywords" cannot be filtered');
    const quoted = await api.call(
      "GET",
      `/api-projects?title=${encodeURIComponent("' or 1=1 --")}`,
    );
    expect(quoted.data).toEqual([]);
  });
});

describe("contact form protection", () => {
  it("answers a filled honeypot as if it succeeded and stores nothing", async () => {
    const response = await api.call("POST", "/api-contact_submissions", {
      body: { ...validMessage, website: "https://spam.example" },
      headers: freshAddress(),
    });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ name: "Amra", status: "new" });
    expect(await listContactSubmissions(context.db)).toEqual([]);
  });

  it("drops a form sent back faster than a person can fill it", async () => {
    const response = await api.call("POST", "/api-contact_submissions", {
      body: { ...validMessage, form_started_at: now.getTime() - 500 },
      headers: freshAddress(),
    });
    expect(response.status).toBe(201);
    expect(await listContactSubmissions(context.db)).toEqual([]);

    const human = await api.call("POST", "/api-contact_submissions", {
      body: { ...validMessage, form_started_at: now.getTime() - 20_000 },
      headers: freshAddress(),
    });
    expect(human.status).toBe(201);
    const stored = await listContactSubmissions(context.db);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toHaveProperty("form_started_at");
  });

  it("limits submissions per address and says when to retry", async () => {
    const headers = freshAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await api.call("POST", "/api-contact_submissions", {
        body: validMessage,
        headers,
      });
      expect(response.status).toBe(201);
    }
    const limited = await api.call("POST", "/api-contact_submissions", {
      body: validMessage,
      headers,
    });
    expect(limited.status).toBe(429);
    expect(limited.error).toEqual({
      code: "RATE_LIMITED",
      message: "Too many messages. Please try again later.",
    });
    expect(limited.headers.get("retry-after")).toBe("600");
    const otherSender = await api.call("POST", "/api-contact_submissions", {
      body: validMessage,
      headers: freshAddress(),
    });
    expect(otherSender.status).toBe(201);

    now = new Date(now.getTime() + 601_000);
    const later = await api.call("POST", "/api-contact_submissions", {
      body: validMessage,
      headers,
    });
    expect(later.status).toBe(201);
  });
});
