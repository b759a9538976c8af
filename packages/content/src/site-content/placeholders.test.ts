import { describe, expect, it } from "vitest";
import {
  describePlaceholders,
  findPlaceholders,
  findPlaceholderText,
  isNetworkHomePage,
} from "./placeholders";
import type { SiteContentRow } from "./site-content-repository";

const row = (id: string, content: Record<string, unknown>, extra: Partial<SiteContentRow> = {}) =>
  ({
    id,
    content_type: id === "global-seo-settings" ? "global_seo" : "page",
    content,
    content_de: null,
    content_bs: null,
    ...extra,
  }) as unknown as SiteContentRow;

describe("placeholders of the default copy (issue 19, defect 10)", () => {
  it("recognises bracketed texts, example.org addresses and all-zero phone numbers", () => {
    expect(findPlaceholderText("<p><strong>[Name der Organisation]</strong></p>")).toBe(
      "[Name der Organisation]",
    );
    expect(findPlaceholderText("Write to info@example.org")).toBe("info@example.org");
    expect(findPlaceholderText("+387 00 000 000")).toBe("+387 00 000 000");
    expect(findPlaceholderText("+49 30 1234567")).toBeNull();
    expect(findPlaceholderText("info@sevdah.ba, Ferhadija 1 [2nd floor]")).toBe("[2nd floor]");
    expect(findPlaceholderText("Array access a[i] is fine")).toBeNull();
    expect(findPlaceholderText("office@example.ba")).toBeNull();
  });

  it("lists every placeholder of the built-in copy in each language, and the missing social links", () => {
    const found = findPlaceholders(() => null);
    const keys = found.map((item) => `${item.section}/${item.language}/${item.field}`);
    for (const language of ["en", "de", "bs"]) {
      for (const key of [
        "impressum/LANG/content",
        "datenschutz/LANG/content",
        "contact/LANG/email",
        "contact/LANG/phone",
        "contact/LANG/address",
        "footer/LANG/email",
        "footer/LANG/phone",
      ]) {
        expect(keys).toContain(key.replace("LANG", language));
      }
    }
    expect(keys).toContain("seo/null/contact_email");
    expect(keys).toContain("seo/null/social");
    expect(found.find((item) => item.section === "contact" && item.language === "de")).toEqual({
      section: "contact",
      language: "de",
      field: "email",
      text: "info@example.org",
    });
  });

  it("drops what is replaced, per language: a German address leaves the English one listed", () => {
    const rows = new Map([
      [
        "contact",
        row(
          "contact",
          { address: "[Name of the organisation]" },
          {
            content_de: {
              email: "info@sevdah.ba",
              phone: "+387 33 123 456",
              address: "Sevdah e.V.\nFerhadija 1\n71000 Sarajevo",
            },
          },
        ),
      ],
      [
        "global-seo-settings",
        row("global-seo-settings", {
          contact_email: "info@sevdah.ba",
          contact_phone: "+387 33 123 456",
          social_facebook: "https://www.facebook.com/sevdah",
        }),
      ],
    ]);
    const keys = findPlaceholders((id) => rows.get(id)).map(
      (item) => `${item.section}/${item.language}/${item.field}`,
    );
    expect(keys.filter((key) => key.startsWith("contact/de/"))).toEqual([]);
    expect(keys).toContain("contact/en/address");
    expect(keys.filter((key) => key.startsWith("seo/"))).toEqual([]);

    const homePage = new Map([
      [
        "global-seo-settings",
        row("global-seo-settings", { social_instagram: "https://instagram.com/" }),
      ],
    ]);
    expect(
      findPlaceholders((id) => homePage.get(id)).filter((item) => item.field === "social"),
    ).toEqual([
      { section: "seo", language: null, field: "social", text: "https://instagram.com/" },
    ]);
  });

  it("tells a network's home page from a profile", () => {
    for (const url of ["https://www.facebook.com/", "https://instagram.com", " https://x.com/ "]) {
      expect([url, isNetworkHomePage(url)]).toEqual([url, true]);
    }
    for (const url of ["https://www.facebook.com/sevdah", "https://sevdah.ba/"]) {
      expect([url, isNetworkHomePage(url)]).toEqual([url, false]);
    }
  });

  it("names each field left once, with its languages, for the warning at start (issue 33, item 3)", () => {
    expect(describePlaceholders(findPlaceholders(() => null))).toEqual([
      "impressum content (en, de, bs)",
      "datenschutz content (en, de, bs)",
      "contact email (en, de, bs)",
      "contact phone (en, de, bs)",
      "contact address (en, de, bs)",
      "footer email (en, de, bs)",
      "footer phone (en, de, bs)",
      "seo contact_email",
      "seo contact_phone",
      "seo social",
    ]);
    expect(describePlaceholders([])).toEqual([]);
  });
});
