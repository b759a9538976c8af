import { describe, expect, it } from "vitest";
import { parseKeywords, rateSeoLength, seoLimits } from "./seo-counter";

describe("rateSeoLength (spec section 5)", () => {
  it("rates a title against its target of 60: optimal at 80-100%, too long above", () => {
    const { target } = seoLimits.title;
    expect(rateSeoLength(47, target)).toBe("neutral");
    expect(rateSeoLength(48, target)).toBe("optimal");
    expect(rateSeoLength(60, target)).toBe("optimal");
    expect(rateSeoLength(61, target)).toBe("too-long");
  });

  it("rates a description against its target of 160", () => {
    const { target } = seoLimits.description;
    expect(rateSeoLength(127, target)).toBe("neutral");
    expect(rateSeoLength(128, target)).toBe("optimal");
    expect(rateSeoLength(161, target)).toBe("too-long");
  });

  it("keeps the input maxima of 70 and 200", () => {
    expect(seoLimits.title.max).toBe(70);
    expect(seoLimits.description.max).toBe(200);
  });
});

describe("parseKeywords", () => {
  it("splits on commas, trims and drops empty entries", () => {
    expect(parseKeywords(" heritage, ,culture ,, balkans ")).toEqual([
      "heritage",
      "culture",
      "balkans",
    ]);
    expect(parseKeywords("")).toEqual([]);
  });
});
