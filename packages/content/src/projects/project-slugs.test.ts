import { describe, expect, it } from "vitest";
import {
  chooseProjectSlug,
  isValidProjectSlug,
  numberedSlug,
  PROJECT_SLUG_MAX,
  projectSlugField,
  slugFromTitle,
} from "./project-slugs";

describe("slugFromTitle", () => {
  it.each([
    ["Šta čujemo", "sta-cujemo"],
    ["Balkan Stories", "balkan-stories"],
    ["Đakovo i Đurđevdan", "djakovo-i-djurdjevdan"],
    ["Straße der Lieder", "strasse-der-lieder"],
    ["Ćevapi, žganci & džezva!", "cevapi-zganci-dzezva"],
    ["Über Grenzen hinweg", "uber-grenzen-hinweg"],
    ["  --Stari   Most--  ", "stari-most"],
    ["Children's Voices", "childrens-voices"],
    ["Сарајево у срцу", "sarajevo-u-srcu"],
    ["Ljubav i Njegoš", "ljubav-i-njegos"],
    ["2024", "2024"],
  ])("%s -> %s", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('is "project" when the title has no letter or digit', () => {
    expect(slugFromTitle("!!! ???")).toBe("project");
    expect(slugFromTitle("")).toBe("project");
    expect(slugFromTitle("日本の伝統")).toBe("project");
  });

  it("keeps to 100 characters, cut at a word when one ends near the limit", () => {
    const title = `${"heritage ".repeat(20)}end`;
    const slug = slugFromTitle(title);
    expect(slug.length).toBeLessThanOrEqual(PROJECT_SLUG_MAX);
    expect(slug).toMatch(/^(heritage-)+heritage$/);
    const oneWord = "a".repeat(150);
    expect(slugFromTitle(oneWord)).toBe("a".repeat(100));
  });

  it("always makes an address the rule accepts", () => {
    for (const title of ["Šta čujemo", "x".repeat(300), "-a-", "Đ", "ß"]) {
      expect(isValidProjectSlug(slugFromTitle(title))).toBe(true);
    }
  });
});

describe("numberedSlug", () => {
  it("adds -n and stays within 100 characters", () => {
    expect(numberedSlug("sta-cujemo", 2)).toBe("sta-cujemo-2");
    expect(numberedSlug(`${"a".repeat(98)}-b`, 12)).toBe(`${"a".repeat(97)}-12`);
    // Never a hyphen before the suffix's own.
    expect(numberedSlug(`${"a".repeat(96)}-bcd`, 12)).toBe(`${"a".repeat(96)}-12`);
  });
});

describe("chooseProjectSlug", () => {
  it("takes the first free of wanted, wanted-2, wanted-3... and never a reserved one", async () => {
    const taken = new Set(["sta-cujemo", "sta-cujemo-2"]);
    const isTaken = async (candidates: string[]) =>
      new Set(candidates.filter((candidate) => taken.has(candidate)));
    expect(await chooseProjectSlug("sta-cujemo", isTaken)).toBe("sta-cujemo-3");
    expect(await chooseProjectSlug("other", isTaken)).toBe("other");
    expect(await chooseProjectSlug("new", isTaken)).toBe("new-2");
  });

  it("goes on past a first batch that is all taken", async () => {
    const taken = new Set(["x", ...Array.from({ length: 40 }, (_, index) => `x-${index + 2}`)]);
    const isTaken = async (candidates: string[]) =>
      new Set(candidates.filter((candidate) => taken.has(candidate)));
    expect(await chooseProjectSlug("x", isTaken)).toBe("x-42");
  });
});

describe("projectSlugField", () => {
  const field = projectSlugField("Address");

  it("accepts an address, empty (made from the title) or none", () => {
    expect(field.parse(" stari-most ")).toBe("stari-most");
    expect(field.parse("")).toBe("");
    expect(field.parse(null)).toBeNull();
    expect(field.parse(undefined)).toBeUndefined();
  });

  it("refuses anything else with a sentence naming the rule", () => {
    for (const wrong of ["Stari Most", "-most", "most/x", "šta", "a".repeat(101)]) {
      const result = field.safeParse(wrong);
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Address /);
    }
    expect(field.safeParse("new").error?.issues[0]?.message).toBe(
      'Address "new" is reserved; please choose another',
    );
  });
});
