import { describe, expect, it } from "vitest";
import { bsCopy } from "./bs";
import { deCopy } from "./de";
import type { PageCopy } from "./default-copy-types";
import { enCopy } from "./en";
import {
  allCategory,
  fallbackCategories,
  fallbackFaqs,
  fallbackLanguages,
  fallbackProjects,
} from "./fallback-data";

type Leaf = { path: string; value: string };

function collectLeaves(value: unknown, path = ""): Leaf[] {
  if (typeof value === "string") return [{ path, value }];
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      collectLeaves(child, path === "" ? key : `${path}.${key}`),
    );
  }
  return [];
}

/** The structure of a value with every leaf replaced by its type name. */
function describeShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(describeShape);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, child]) => [key, describeShape(child)]),
    );
  }
  return typeof value;
}

function leafMap(copy: PageCopy): Map<string, string> {
  return new Map(collectLeaves(copy).map(({ path, value }) => [path, value]));
}

const translations = { de: deCopy, bs: bsCopy } as const;
const allCopies = { en: enCopy, de: deCopy, bs: bsCopy } as const;

// Leaves that are the same in every language: contact placeholders, URLs and CSS classes.
const languageNeutralPaths = [
  /^footer\.email$/,
  /^footer\.phone$/,
  /^contact\.email$/,
  /^contact\.phone$/,
  /^about\.mainImage$/,
  /^about\.values\.\d+\.color$/,
];

const isLanguageNeutral = (path: string) => languageNeutralPaths.some((rule) => rule.test(path));

const allowedTags = new Set(["h2", "h3", "p", "ul", "li", "strong", "a"]);
const backgroundClasses = [
  "bg-sky-100",
  "bg-yellow-100",
  "bg-pink-100",
  "bg-cyan-100",
  "bg-purple-500/20",
  "bg-[#ff7f50]/20",
];
const placeholderEmail = /^[a-z0-9._%+-]+@example\.org$/;
const placeholderPhone = /^\+\d{1,3}( 0+)*( 000)+$/;

function findUnsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push("script element");
  if (/\son[a-z]+\s*=/i.test(html)) problems.push("event handler attribute");
  if (/javascript:/i.test(html)) problems.push("javascript: URL");
  for (const match of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const [tag, name = "", attributes = ""] = match;
    if (!allowedTags.has(name.toLowerCase())) problems.push(`tag ${tag}`);
    const isOpeningAnchor = name.toLowerCase() === "a" && !tag.startsWith("</");
    if (isOpeningAnchor && !/^ href="mailto:[^"]+"$/.test(attributes)) problems.push(`link ${tag}`);
    if (!isOpeningAnchor && attributes.trim() !== "") problems.push(`attributes on ${tag}`);
  }
  return problems;
}

function countSentences(text: string): number {
  return text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== "").length;
}

describe("default page copy", () => {
  it("has the same keys and list lengths in every language", () => {
    const englishShape = describeShape(enCopy);
    expect(describeShape(deCopy)).toEqual(englishShape);
    expect(describeShape(bsCopy)).toEqual(englishShape);
  });

  it("translates every text except the language-neutral allow-list", () => {
    const english = leafMap(enCopy);
    for (const [language, copy] of Object.entries(translations)) {
      const untranslated = collectLeaves(copy)
        .filter(({ path, value }) => !isLanguageNeutral(path) && value === english.get(path))
        .map(({ path }) => `${language}:${path}`);
      expect(untranslated).toEqual([]);
    }
  });

  it("keeps the allow-list limited to paths that exist", () => {
    const paths = [...leafMap(enCopy).keys()];
    for (const rule of languageNeutralPaths) {
      expect(paths.some((path) => rule.test(path))).toBe(true);
    }
  });

  it("uses German umlauts and Bosnian Latin diacritics, never Cyrillic", () => {
    const germanText = collectLeaves(deCopy)
      .map(({ value }) => value)
      .join(" ");
    const bosnianText = collectLeaves(bsCopy)
      .map(({ value }) => value)
      .join(" ");
    expect(germanText).toMatch(/[äöüß]/);
    for (const letter of ["č", "ć", "š", "ž"]) expect(bosnianText).toContain(letter);
    expect(bosnianText).not.toMatch(/[\u0400-\u04FF]/);
  });

  it("contains only simple, safe HTML", () => {
    for (const [language, copy] of Object.entries(allCopies)) {
      const problems = collectLeaves(copy).flatMap(({ path, value }) =>
        findUnsafeMarkup(value).map((problem) => `${language}:${path}: ${problem}`),
      );
      expect(problems).toEqual([]);
      expect(copy.about.introText.startsWith("<p>")).toBe(true);
      expect(copy.impressum.content.startsWith("<h2>")).toBe(true);
      expect(copy.datenschutz.content.startsWith("<h2>")).toBe(true);
    }
  });

  it("flags unsafe markup in the HTML check itself", () => {
    expect(findUnsafeMarkup('<p onclick="x()">Hi</p>')).not.toEqual([]);
    expect(findUnsafeMarkup('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(findUnsafeMarkup("<script>alert(1)</script>")).not.toEqual([]);
    expect(findUnsafeMarkup('<img src="x">')).not.toEqual([]);
    expect(findUnsafeMarkup('<p>Hi <a href="mailto:info@example.org">mail</a></p>')).toEqual([]);
  });

  it("keeps organisation contact details as placeholders", () => {
    for (const copy of Object.values(allCopies)) {
      expect(copy.footer.email).toMatch(placeholderEmail);
      expect(copy.contact.email).toMatch(placeholderEmail);
      expect(copy.footer.phone).toMatch(placeholderPhone);
      expect(copy.contact.phone).toMatch(placeholderPhone);
      for (const line of copy.contact.address.split("\n")) expect(line).toMatch(/^\[[^\]]+\]$/);

      const text = collectLeaves(copy)
        .map(({ value }) => value)
        .join("\n");
      for (const [address] of text.matchAll(/[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g)) {
        expect(address).toMatch(placeholderEmail);
      }
      for (const [phone] of text.matchAll(/\+\d[\d ]{6,}\d/g)) {
        expect(phone).toMatch(placeholderPhone);
      }
    }
  });

  it("has three about values with background colour classes", () => {
    for (const copy of Object.values(allCopies)) {
      expect(copy.about.values).toHaveLength(3);
      for (const value of copy.about.values) expect(backgroundClasses).toContain(value.color);
      expect(copy.about.mainImage).toBe("/images/about/heritage.webp");
    }
  });

  it("has an impressum with legal, contact and responsibility sections", () => {
    const responsibleHeadings = {
      en: "Responsible for Content",
      de: "Verantwortlich für den Inhalt",
      bs: "Odgovorno za sadržaj",
    };
    for (const [language, heading] of Object.entries(responsibleHeadings)) {
      const { content } = allCopies[language as keyof typeof allCopies].impressum;
      expect(content.match(/<h2>/g)).toHaveLength(3);
      const responsibleSection = content.split(`<h2>${heading}</h2>`)[1];
      expect(responsibleSection).toMatch(/<p>\[[^\]]+\]<\/p>/);
      expect(content).toContain('<a href="mailto:');
    }
  });

  it("has localised privacy titles and a contact block", () => {
    expect(enCopy.datenschutz.title).toBe("Privacy Policy");
    expect(deCopy.datenschutz.title).toBe("Datenschutz");
    expect(bsCopy.datenschutz.title).toBe("Privatnost");
    expect(enCopy.datenschutz.content).toContain("admin panel");
    for (const copy of Object.values(allCopies)) {
      expect(copy.datenschutz.content).toContain(`mailto:${copy.contact.email}`);
    }
  });
});

describe("fallback data", () => {
  it("has exactly the six projects of the spec, in order", () => {
    expect(fallbackProjects.map((project) => [project.id, project.category])).toEqual([
      ["balkan-stories", "culture"],
      ["eco-balkans", "environment"],
      ["balkan-beats", "culture"],
      ["digital-literacy", "education"],
      ["heritage-preservation", "culture"],
      ["balkan-youth", "community"],
    ]);
  });

  it("puts every project in a known category", () => {
    const categoryIds = new Set(fallbackCategories.map((category) => category.id));
    for (const project of fallbackProjects) expect(categoryIds).toContain(project.category);
    expect([...categoryIds]).toEqual(["culture", "education", "environment", "community"]);
    expect(allCategory).toEqual({ id: "all", name: "All", name_de: "Alle", name_bs: "Sve" });
  });

  it("gives each project an image, a colour class and SEO fields", () => {
    for (const project of fallbackProjects) {
      expect(project.image).toBe(`/images/projects/${project.id}.webp`);
      expect(backgroundClasses).toContain(project.bg_color);
      expect(project.seo_keywords.length).toBeGreaterThan(0);
      expect(project.seo_og_image).toBeNull();
      for (const title of [project.seo_title, project.seo_title_de, project.seo_title_bs]) {
        expect(title.length).toBeLessThanOrEqual(70);
      }
      for (const description of [
        project.seo_description,
        project.seo_description_de,
        project.seo_description_bs,
      ]) {
        expect(description.length).toBeLessThanOrEqual(200);
      }
    }
  });

  it("writes details as two to four sentences of plain text", () => {
    for (const project of fallbackProjects) {
      for (const details of [project.details, project.details_de, project.details_bs]) {
        expect(details).not.toMatch(/[<>]/);
        const sentences = countSentences(details);
        expect(sentences).toBeGreaterThanOrEqual(2);
        expect(sentences).toBeLessThanOrEqual(4);
      }
    }
  });

  it("translates every project, category and FAQ text", () => {
    const untranslated: string[] = [];
    const compare = (id: string, rows: Record<string, unknown>, fields: string[]) => {
      for (const field of fields) {
        for (const suffix of ["_de", "_bs"]) {
          const translated = rows[`${field}${suffix}`];
          if (typeof translated !== "string" || translated === "" || translated === rows[field]) {
            untranslated.push(`${id}.${field}${suffix}`);
          }
        }
      }
    };
    for (const project of fallbackProjects) {
      compare(project.id, project, [
        "title",
        "description",
        "details",
        "seo_title",
        "seo_description",
      ]);
    }
    for (const category of [allCategory, ...fallbackCategories]) {
      compare(category.id, category, ["name"]);
    }
    for (const faq of fallbackFaqs) compare(faq.id, faq, ["question", "answer"]);
    expect(untranslated).toEqual([]);
  });

  it("has the five FAQ entries of the spec", () => {
    expect(fallbackFaqs.map((faq) => faq.id)).toEqual([
      "faq-mission",
      "faq-getting-involved",
      "faq-regions",
      "faq-funding",
      "faq-propose-project",
    ]);
    for (const faq of fallbackFaqs) {
      for (const question of [faq.question, faq.question_de, faq.question_bs]) {
        expect(question.endsWith("?")).toBe(true);
      }
    }
  });

  it("lists English as the only default language", () => {
    expect(fallbackLanguages.map((language) => language.id)).toEqual(["en", "de", "bs"]);
    expect(fallbackLanguages.filter((language) => language.is_default)).toEqual([
      { id: "en", flag_emoji: "🇬🇧", is_default: true, name: "English" },
    ]);
  });
});
