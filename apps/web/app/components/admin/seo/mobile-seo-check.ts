/**
 * @module
 * The Mobile SEO check (site spec, sections 5 and 9), run on a document rendered 375 px wide:
 * touch targets at least 44 px with at least 80% of them passing, at least 80% of images
 * responsive, and exactly one H1.
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

const interactiveSelector =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

function ratio(passed: number, total: number): RatioCheck {
  const rate = total === 0 ? 1 : passed / total;
  return { passed, total, rate, isPassing: rate >= REQUIRED_PASS_RATE };
}

function isRendered(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  return style?.visibility !== "hidden" && style?.display !== "none";
}

function isResponsiveImage(image: HTMLImageElement, viewportWidth: number): boolean {
  if (image.hasAttribute("srcset") || image.closest("picture")) return true;
  const style = image.ownerDocument.defaultView?.getComputedStyle(image);
  if (style?.maxWidth === "100%") return true;
  return image.getBoundingClientRect().width <= viewportWidth;
}

export function checkMobileSeo(document: Document): MobileSeoResult {
  const viewportWidth = document.documentElement.clientWidth || MOBILE_VIEWPORT_WIDTH;
  const targets = [...document.querySelectorAll(interactiveSelector)].filter(isRendered);
  const bigEnough = targets.filter((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width >= TOUCH_TARGET_MIN_PX && rect.height >= TOUCH_TARGET_MIN_PX;
  });
  const images = [...document.querySelectorAll("img")];
  const responsive = images.filter((image) => isResponsiveImage(image, viewportWidth));
  const h1Count = document.querySelectorAll("h1").length;
  const touchTargets = ratio(bigEnough.length, targets.length);
  const responsiveImages = ratio(responsive.length, images.length);
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
