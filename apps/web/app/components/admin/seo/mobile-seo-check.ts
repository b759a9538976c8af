/**
 * @module
 * The Mobile SEO check (site spec, sections 5 and 9), run on a document rendered 375 px wide:
 * touch targets at least 44 px with at least 80% of them passing, at least 80% of images
 * responsive, and exactly one H1. Measuring the document and judging the measurements are
 * separate steps, so the thresholds can be checked without a browser's layout.
 */

export const MOBILE_VIEWPORT_WIDTH = 375;
export const TOUCH_TARGET_MIN_PX = 44;
export const REQUIRED_PASS_RATE = 0.8;

export interface RatioCheck {
  passed: number;
  total: number;
  /** Share of passing elements, 0-1 (1 when there are none). */
  rate: number;
  isPassing: boolean;
}

export interface MobileSeoResult {
  touchTargets: RatioCheck;
  responsiveImages: RatioCheck;
  h1Count: number;
  hasSingleH1: boolean;
  /** Share of the three checks passed, 0-100. */
  score: number;
}

/** What the check reads from a rendered page. */
export interface MobileSeoMeasurements {
  /** The rendered size (px) of each visible interactive element. */
  touchTargets: { width: number; height: number }[];
  /** How each image is sized. */
  images: ImageSizing[];
  h1Count: number;
}

export interface ImageSizing {
  hasSrcset: boolean;
  isInPicture: boolean;
  /** Its computed `max-width`. */
  maxWidth: string;
  /** Its rendered width (px). */
  width: number;
}

const interactiveSelector =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

function ratio(passed: number, total: number): RatioCheck {
  const rate = total === 0 ? 1 : passed / total;
  return { passed, total, rate, isPassing: rate >= REQUIRED_PASS_RATE };
}

export function isTouchTargetBigEnough({ width, height }: { width: number; height: number }) {
  return width >= TOUCH_TARGET_MIN_PX && height >= TOUCH_TARGET_MIN_PX;
}

/** Responsive: offers sizes (`srcset` or `<picture>`), shrinks with the screen, or fits it. */
export function isResponsiveImage(image: ImageSizing, viewportWidth: number): boolean {
  if (image.hasSrcset || image.isInPicture) return true;
  if (image.maxWidth === "100%") return true;
  return image.width <= viewportWidth;
}

export function scoreMobileSeo(
  measurements: MobileSeoMeasurements,
  viewportWidth = MOBILE_VIEWPORT_WIDTH,
): MobileSeoResult {
  const { touchTargets: targets, images, h1Count } = measurements;
  const touchTargets = ratio(targets.filter(isTouchTargetBigEnough).length, targets.length);
  const responsiveImages = ratio(
    images.filter((image) => isResponsiveImage(image, viewportWidth)).length,
    images.length,
  );
  const hasSingleH1 = h1Count === 1;
  const passedChecks = [touchTargets.isPassing, responsiveImages.isPassing, hasSingleH1].filter(
    Boolean,
  ).length;
  return {
    touchTargets,
    responsiveImages,
    h1Count,
    hasSingleH1,
    score: Math.round((passedChecks / 3) * 100),
  };
}

function isRendered(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  return style?.visibility !== "hidden" && style?.display !== "none";
}

/** Reads the measurements from a rendered document (its layout must be done). */
export function measureMobileSeo(document: Document): MobileSeoMeasurements {
  const touchTargets = [...document.querySelectorAll(interactiveSelector)]
    .filter(isRendered)
    .map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { width, height };
    });
  const images = [...document.querySelectorAll("img")].map((image) => ({
    hasSrcset: image.hasAttribute("srcset"),
    isInPicture: image.closest("picture") !== null,
    maxWidth: image.ownerDocument.defaultView?.getComputedStyle(image).maxWidth ?? "",
    width: image.getBoundingClientRect().width,
  }));
  return { touchTargets, images, h1Count: document.querySelectorAll("h1").length };
}

export function checkMobileSeo(document: Document): MobileSeoResult {
  const viewportWidth = document.documentElement.clientWidth || MOBILE_VIEWPORT_WIDTH;
  return scoreMobileSeo(measureMobileSeo(document), viewportWidth);
}
