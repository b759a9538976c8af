import { describe, expect, it } from "vitest";
import {
  type ImageSizing,
  isResponsiveImage,
  isTouchTargetBigEnough,
  MOBILE_VIEWPORT_WIDTH,
  type MobileSeoMeasurements,
  scoreMobileSeo,
} from "./mobile-seo-check";

const big = { width: 48, height: 48 };
const small = { width: 30, height: 30 };
const fitting: ImageSizing = { hasSrcset: false, isInPicture: false, maxWidth: "none", width: 300 };
const tooWide: ImageSizing = { ...fitting, width: 600 };
const many = <T>(count: number, item: T): T[] => Array.from({ length: count }, () => item);

/** A page passing all three checks, changed by `overrides`. */
function page(overrides: Partial<MobileSeoMeasurements> = {}): MobileSeoMeasurements {
  return { touchTargets: [big], images: [fitting], h1Count: 1, ...overrides };
}

describe("the Mobile SEO check (site spec, sections 5 and 9)", () => {
  it("checks at phone width, 375 px", () => {
    expect(MOBILE_VIEWPORT_WIDTH).toBe(375);
  });

  it("counts a touch target as big enough from 44 by 44 px", () => {
    expect(isTouchTargetBigEnough({ width: 44, height: 44 })).toBe(true);
    expect(isTouchTargetBigEnough({ width: 43.9, height: 120 })).toBe(false);
    expect(isTouchTargetBigEnough({ width: 120, height: 43.5 })).toBe(false);
  });

  it("passes the touch targets when at least 80% are big enough", () => {
    const atEighty = scoreMobileSeo(page({ touchTargets: [...many(4, big), small] }));
    expect(atEighty.touchTargets).toEqual({ passed: 4, total: 5, rate: 0.8, isPassing: true });
    const below = scoreMobileSeo(page({ touchTargets: [...many(79, big), ...many(21, small)] }));
    expect(below.touchTargets.isPassing).toBe(false);
    expect(below.touchTargets.rate).toBe(0.79);
    const threeOfFour = scoreMobileSeo(page({ touchTargets: [...many(3, big), small] }));
    expect(threeOfFour.touchTargets.isPassing).toBe(false);
  });

  it("passes the images when at least 80% are responsive", () => {
    const atEighty = scoreMobileSeo(page({ images: [...many(4, fitting), tooWide] }));
    expect(atEighty.responsiveImages).toEqual({ passed: 4, total: 5, rate: 0.8, isPassing: true });
    const below = scoreMobileSeo(page({ images: [...many(3, fitting), ...many(2, tooWide)] }));
    expect(below.responsiveImages.isPassing).toBe(false);
  });

  it("counts an image as responsive when it offers sizes, shrinks or fits the screen", () => {
    expect(isResponsiveImage(tooWide, 375)).toBe(false);
    expect(isResponsiveImage({ ...tooWide, hasSrcset: true }, 375)).toBe(true);
    expect(isResponsiveImage({ ...tooWide, isInPicture: true }, 375)).toBe(true);
    expect(isResponsiveImage({ ...tooWide, maxWidth: "100%" }, 375)).toBe(true);
    expect(isResponsiveImage({ ...fitting, width: 375 }, 375)).toBe(true);
    expect(isResponsiveImage({ ...fitting, width: 376 }, 375)).toBe(false);
  });

  it("wants exactly one H1", () => {
    expect(scoreMobileSeo(page({ h1Count: 1 })).hasSingleH1).toBe(true);
    expect(scoreMobileSeo(page({ h1Count: 0 })).hasSingleH1).toBe(false);
    expect(scoreMobileSeo(page({ h1Count: 2 })).hasSingleH1).toBe(false);
  });

  it("passes a page without touch targets or images on those two checks", () => {
    const result = scoreMobileSeo(page({ touchTargets: [], images: [] }));
    expect(result.touchTargets).toEqual({ passed: 0, total: 0, rate: 1, isPassing: true });
    expect(result.responsiveImages.isPassing).toBe(true);
  });

  it("scores the share of the three checks passed", () => {
    expect(scoreMobileSeo(page()).score).toBe(100);
    expect(scoreMobileSeo(page({ h1Count: 2 })).score).toBe(67);
    expect(scoreMobileSeo(page({ h1Count: 0, images: [tooWide] })).score).toBe(33);
    expect(
      scoreMobileSeo(page({ h1Count: 0, images: [tooWide], touchTargets: [small] })).score,
    ).toBe(0);
  });
});
