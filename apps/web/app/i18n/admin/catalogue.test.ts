/**
 * Issue 34, item 5: the admin catalogues. German and Bosnian have every English key (the type
 * says so too), each text takes the same {values} as the English, its plurals have the forms the
 * language needs, and nothing was left in English but a short, explicit list of words the
 * languages share (brand and technical names, German "Details", "Status"...).
 */
import { messageArguments, pluralSelectors } from "@heritage/auth-react";
import { describe, expect, it } from "vitest";
import { adminBs } from "./bs";
import { adminDe } from "./de";
import { type AdminKey, adminEn } from "./en";
import { adminTranslator } from "./translator";

const keys = Object.keys(adminEn) as AdminKey[];

/** A text that is only values and signs ("{field} ({language})") is the same in every language. */
const isOnlyValues = (text: string) =>
  text.replace(/\{[^}]*\}/g, "").replace(/[\s():]/g, "") === "";

/** Words the language shares with English, by key: kept short, each one checked by hand. */
const sameAsEnglish: Record<"de" | "bs", readonly AdminKey[]> = {
  de: [
    "nav.seo",
    "field.details",
    "field.name",
    "dashboard.seo",
    "goLive.section.impressum",
    "goLive.section.datenschutz",
    "goLive.section.seo",
    "siteContent.tab.impressum",
    "siteContent.tab.datenschutz",
    "siteContent.notice.impressum",
    "siteContent.notice.datenschutz",
    "seoCounter.optimal",
    "projects.color.bg-cyan-100",
    "contact.column.name",
    "contact.column.status",
    "users.role.admin",
    "users.column.name",
    "activity.filter",
    "activity.column.details",
    "perf.vitals",
    "perf.mobileSeo",
    "projects.field.details",
  ],
  bs: [
    "nav.seo",
    "dashboard.seo",
    "goLive.section.seo",
    "contact.column.status",
    "seo.field.social_twitter",
    "seo.field.social_facebook",
    "seo.field.social_linkedin",
    "seo.field.social_instagram",
    "activity.filter",
    "perf.vitals",
  ],
};

describe.each([
  ["de", adminDe],
  ["bs", adminBs],
] as const)("the %s admin catalogue", (language, catalogue) => {
  it("has exactly the English keys, each with a text", () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(catalogue[key].trim(), key).not.toBe("");
  });

  it("takes the same {values} as English in every text", () => {
    for (const key of keys) {
      expect(messageArguments(catalogue[key]), key).toEqual(messageArguments(adminEn[key]));
    }
  });

  it("gives every plural the forms the language has", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const key of keys) {
      for (const selectors of pluralSelectors(catalogue[key])) {
        expect(selectors.filter((s) => !s.startsWith("=")).sort(), key).toEqual(
          [...categories].sort(),
        );
      }
    }
  });

  it("leaves nothing in English but the words both languages use", () => {
    const same = keys.filter(
      (key) => catalogue[key] === adminEn[key] && !isOnlyValues(adminEn[key]),
    );
    expect(same.sort()).toEqual([...sameAsEnglish[language]].sort());
  });
});

describe("the admin translator", () => {
  it("keeps the spec's English texts word for word", () => {
    const { t } = adminTranslator("en");
    expect(t("nav.signOut")).toBe("Sign Out");
    expect(t("projects.empty")).toBe("No projects found. Add your first project above.");
    expect(t("projects.updated")).toBe("Project updated successfully");
    expect(t("projects.saveFailed")).toBe("Failed to save project");
    expect(t("faq.deleteQuestion")).toBe("Are you sure you want to delete this FAQ item?");
    expect(t("contact.loadFailed", { message: "HTTP 500" })).toBe(
      "Error loading contact submissions: HTTP 500",
    );
    expect(t("siteContent.save.de")).toBe("Save German Content");
    expect(t("guard.requiredText")).toBe("Please log in to access this page");
  });

  it("says counts in the forms each language needs", () => {
    const counts = (language: "en" | "de" | "bs", admins: number, editors: number) =>
      adminTranslator(language).t("users.list.counts", {
        total: admins + editors,
        admins,
        editors,
      });
    expect(counts("en", 1, 2)).toBe(
      "3 admin users: 1 admin (everything) and 2 editors (content only).",
    );
    expect(counts("de", 2, 1)).toBe(
      "3 Admin-Benutzer: 2 Admins (alles) und 1 Redakteur (nur Inhalte).",
    );
    expect(counts("bs", 3, 5)).toBe(
      "8 korisnika administracije: 3 administratora (sve) i 5 urednika (samo sadržaj).",
    );
    expect(counts("bs", 21, 22)).toContain("21 administrator (sve) i 22 urednika");
  });

  it("writes dates and numbers as the language does", () => {
    const date = new Date(2026, 10, 30, 14, 5);
    expect(adminTranslator("de").formatDateTime(date)).toMatch(/30\. Nov\. 2026.*14:05/);
    expect(adminTranslator("bs").formatDateTime(date)).toMatch(/30\. nov\.? 2026\..*14:05/);
    expect(adminTranslator("de").formatNumber(12345)).toBe("12.345");
  });
});
