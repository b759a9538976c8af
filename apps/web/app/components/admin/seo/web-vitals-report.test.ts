import { describe, expect, it } from "vitest";
import { overallScore, rateVital, recommendationsFor } from "./web-vitals-report";

describe("rateVital (spec section 9 thresholds)", () => {
  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["FID", 100, "good"],
    ["FID", 300, "needs-improvement"],
    ["FID", 301, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.2, "needs-improvement"],
    ["CLS", 0.26, "poor"],
    ["FCP", 1800, "good"],
    ["FCP", 3001, "poor"],
    ["TTFB", 800, "good"],
    ["TTFB", 1000, "needs-improvement"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s %d is %s", (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe("overallScore", () => {
  it("averages 100 / 60 / 20 over the measured metrics", () => {
    expect(overallScore({})).toBeNull();
    expect(overallScore({ LCP: 1000 })).toBe(100);
    expect(overallScore({ LCP: 1000, CLS: 0.2, TTFB: 5000 })).toBe(60);
  });
});

describe("recommendationsFor", () => {
  it("advises on every metric that is not good", () => {
    expect(recommendationsFor({ LCP: 1000, CLS: 0 })).toEqual([]);
    const advice = recommendationsFor({ LCP: 5000, CLS: 0.3 });
    expect(advice).toHaveLength(2);
    expect(advice[0]).toMatch(/Largest Contentful Paint/);
    expect(advice[1]).toMatch(/Layout shifts/);
  });
});
