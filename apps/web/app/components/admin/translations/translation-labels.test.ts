import { describe, expect, it } from "vitest";
import type { TranslationEntry } from "../../../lib/content-api/translation-client";
import {
  translationItemHref,
  translationItemName,
  translationStateLabels,
  translationStateText,
  translationTodoGroups,
} from "./translation-labels";

const entry = (overrides: Partial<TranslationEntry>): TranslationEntry => ({
  table: "projects",
  id: "p1",
  label: "Old Songs",
  language: "de",
  status: "outdated",
  source_changed_at: "2026-11-30T10:00:00.000Z",
  translated_at: "2026-11-29T10:00:00.000Z",
  ...overrides,
});

describe("translation status labels", () => {
  it("names every state in words", () => {
    expect(translationStateLabels).toEqual({
      missing: "Missing",
      outdated: "Outdated",
      up_to_date: "Up to date",
    });
    expect(translationStateText("missing", "bs")).toBe(
      "There is no Bosnian text yet: visitors see the English.",
    );
    expect(translationStateText("outdated", "de")).toContain("English text changed");
  });

  it("names each item and links to its editor on the language's tab", () => {
    expect(translationItemName(entry({}))).toBe("Project: Old Songs");
    expect(translationItemHref(entry({}))).toBe("/admin/projects?edit=p1&language=de");
    const faq = entry({ table: "faqs", id: "f 1", label: "Who?", language: "bs" });
    expect(translationItemName(faq)).toBe("FAQ: Who?");
    expect(translationItemHref(faq)).toBe("/admin/faq?edit=f+1&language=bs");
    const hero = entry({ table: "site_content", id: "hero", label: "hero" });
    expect(translationItemName(hero)).toBe("Page: Hero Section");
    expect(translationItemHref(hero)).toBe("/admin/site-content?section=hero&language=de");
    // Categories have no admin screen.
    const category = entry({ table: "categories", id: "music", label: "Music" });
    expect(translationItemName(category)).toBe("Category: Music");
    expect(translationItemHref(category)).toBeNull();
  });
});

describe("what needs translating", () => {
  it("groups per language, outdated before missing, leaving up-to-date ones and empty languages out", () => {
    const missingDe = entry({ id: "p2", label: "New", status: "missing" });
    const outdatedDe = entry({ id: "p3", label: "Changed" });
    const upToDateBs = entry({ id: "p3", language: "bs", status: "up_to_date" });
    const groups = translationTodoGroups([missingDe, outdatedDe, upToDateBs]);
    expect(groups).toEqual([{ language: "de", name: "German", entries: [outdatedDe, missingDe] }]);
    expect(translationTodoGroups([upToDateBs])).toEqual([]);
  });
});
