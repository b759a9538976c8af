import { describe, expect, it } from "vitest";
import { isSiteLanguage, localise } from "./localise";

const project = {
  title: "Balkan Stories",
  title_de: "Geschichten vom Balkan",
  title_bs: "",
  seo_keywords: ["oral history"],
  seo_keywords_de: [] as string[],
  seo_keywords_bs: ["usmena historija"],
  description: "Stories",
  description_de: null as string | null,
};

describe("localise", () => {
  it("returns the base field in English even when translations exist", () => {
    expect(localise(project, "title", "en")).toBe("Balkan Stories");
  });

  it("returns the suffixed field when present and non-empty", () => {
    expect(localise(project, "title", "de")).toBe("Geschichten vom Balkan");
    expect(localise(project, "seo_keywords", "bs")).toEqual(["usmena historija"]);
  });

  it("falls back to the base field when the translation is empty, blank, null or missing", () => {
    expect(localise(project, "title", "bs")).toBe("Balkan Stories");
    expect(localise({ title: "A", title_de: "   " }, "title", "de")).toBe("A");
    expect(localise(project, "description", "de")).toBe("Stories");
    expect(localise(project, "description", "bs")).toBe("Stories");
    expect(localise(project, "seo_keywords", "de")).toEqual(["oral history"]);
  });

  it("treats an empty object as missing and a filled one as present (site content columns)", () => {
    const row = { content: { title: "Hi" }, content_de: {}, content_bs: { title: "Zdravo" } };
    expect(localise(row, "content", "de")).toEqual({ title: "Hi" });
    expect(localise(row, "content", "bs")).toEqual({ title: "Zdravo" });
  });

  it("recognises only the site's languages", () => {
    expect(["en", "de", "bs"].every(isSiteLanguage)).toBe(true);
    expect(isSiteLanguage("fr")).toBe(false);
    expect(isSiteLanguage(undefined)).toBe(false);
  });
});
