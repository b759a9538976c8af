import { describe, expect, it } from "vitest";
import { bs } from "./bs";
import { de } from "./de";
import { en, type UiStrings } from "./en";

type Entry = { path: string; value: unknown };

function collectEntries(value: unknown, path = ""): Entry[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      collectEntries(child, path === "" ? key : `${path}.${key}`),
    );
  }
  return [{ path, value }];
}

function describeShape(value: unknown): unknown {
  if (typeof value === "function") return `function/${value.length}`;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, child]) => [key, describeShape(child)]),
    );
  }
  return typeof value;
}

// Sample arguments for every interpolating entry; a new function in en.ts needs one here.
const sampleArguments: Record<string, unknown[]> = {
  "nav.currentLanguage": ["Deutsch"],
  "footer.socialLink": ["Instagram"],
  "footer.copyright": [2031],
  "images.project": ["Balkan Stories"],
  "images.flag": ["Bosanski"],
  "home.categoryCount": [4],
  "contact.notices.rateLimitedText": [3],
  "preview.savedBy": ["Ana Kovač", "30 Nov 2026, 14:05"],
};

const translations = { de, bs } as const;
const allStrings = { en, de, bs } as const;

describe("UI strings", () => {
  it("have the same keys, and functions of the same arity, in every language", () => {
    const englishShape = describeShape(en);
    for (const strings of Object.values(translations)) {
      expect(describeShape(strings)).toEqual(englishShape);
    }
  });

  it("have sample arguments for exactly the interpolating entries", () => {
    const functionPaths = collectEntries(en)
      .filter(({ value }) => typeof value === "function")
      .map(({ path }) => path)
      .sort();
    expect(functionPaths).toEqual(Object.keys(sampleArguments).sort());
  });

  it("interpolate their arguments into a non-empty text", () => {
    for (const [language, strings] of Object.entries(allStrings)) {
      for (const { path, value } of collectEntries(strings)) {
        if (typeof value !== "function") continue;
        const args = sampleArguments[path] ?? [];
        const text: unknown = value(...args);
        expect(typeof text, `${language}:${path}`).toBe("string");
        for (const arg of args) expect(text, `${language}:${path}`).toContain(String(arg));
      }
    }
  });

  it("have no empty texts", () => {
    for (const [language, strings] of Object.entries(allStrings)) {
      const empty = collectEntries(strings)
        .filter(({ value }) => typeof value === "string" && value.trim() === "")
        .map(({ path }) => `${language}:${path}`);
      expect(empty).toEqual([]);
    }
  });

  it("translate the visible texts of the navigation, contact form and notices", () => {
    const mustDiffer = [
      "nav.home",
      "nav.about",
      "nav.openMenu",
      "nav.chooseLanguage",
      "nav.skipToContent",
      "project.backToHome",
      "project.notFound",
      "about.loading",
      "contact.form.submit",
      "contact.form.sending",
      "contact.notices.successTitle",
      "contact.notices.errorText",
      "contact.notices.rateLimitedTitle",
      "footer.privacyPolicy",
      "legal.detailsToFollow",
      "preview.title",
      "preview.text",
      "notFound.title",
    ];
    const english = new Map(collectEntries(en).map(({ path, value }) => [path, value]));
    for (const [language, strings] of Object.entries(translations)) {
      const translated = new Map(collectEntries(strings).map(({ path, value }) => [path, value]));
      const untranslated = mustDiffer.filter((path) => translated.get(path) === english.get(path));
      expect(untranslated, language).toEqual([]);
    }
  });

  it("use the exact English texts of the site spec", () => {
    expect(en.contact.validation).toEqual({
      nameRequired: "Name is required",
      emailRequired: "Email is required",
      emailInvalid: "Invalid email address",
      subjectRequired: "Subject is required",
      messageRequired: "Message is required",
      messageTooShort: "Message must be at least 10 characters long",
      // Not in the spec: the server's answer to a NUL or unpaired surrogate (issue 14).
      textNotStorable: "This text contains characters that cannot be saved",
    });
    expect(en.contact.notices).toMatchObject({
      successTitle: "Message sent!",
      successText: "Thank you for contacting us. We'll get back to you soon.",
      errorTitle: "Error",
      errorText: "Failed to send your message. Please try again.",
    });
    expect([en.contact.form.submit, en.contact.form.sending]).toEqual([
      "Send Message",
      "Sending...",
    ]);
    expect([en.notFound.title, en.notFound.returnHome]).toEqual([
      "Oops! Page not found",
      "Return to Home",
    ]);
    expect([en.project.notFound, en.about.loading]).toEqual([
      "Project not found",
      "Loading content...",
    ]);
    expect(Object.values(en.languages)).toEqual(["English", "Deutsch", "Bosanski"]);
    expect(en.footer.copyright(2031)).toContain("© 2031");
  });

  it("say when a rate-limited visitor may send again, in each language's plural forms", () => {
    const wait = (strings: UiStrings, minutes: number | null) =>
      strings.contact.notices.rateLimitedText(minutes);
    expect([1, 5, null].map((minutes) => wait(en, minutes))).toEqual([
      expect.stringContaining("again in 1 minute."),
      expect.stringContaining("again in 5 minutes."),
      expect.stringContaining("again in a few minutes."),
    ]);
    expect([1, 15].map((minutes) => wait(de, minutes))).toEqual([
      expect.stringContaining("in 1 Minute erneut."),
      expect.stringContaining("in 15 Minuten erneut."),
    ]);
    // Counts follow each language's plural rules (issue 33, item 10).
    expect([1, 3, 5, 12, 21, 22, 101].map((count) => bs.home.categoryCount(count))).toEqual([
      "1 projekat",
      "3 projekta",
      "5 projekata",
      "12 projekata",
      "21 projekat",
      "22 projekta",
      "101 projekat",
    ]);
    expect([1, 2].map((count) => de.home.categoryCount(count))).toEqual([
      "1 Projekt",
      "2 Projekte",
    ]);
    expect([1, 0, 2].map((count) => en.home.categoryCount(count))).toEqual([
      "1 project",
      "0 projects",
      "2 projects",
    ]);
    expect([1, 3, 5, 12, 21, 23].map((minutes) => wait(bs, minutes))).toEqual(
      ["1 minutu", "3 minute", "5 minuta", "12 minuta", "21 minutu", "23 minute"].map((text) =>
        expect.stringContaining(`za ${text}.`),
      ),
    );
  });
});
