/**
 * @module
 * Images as the site spec wants them (section 2, "Images"): loaded lazily once within 50 px of
 * the viewport, faded in once loaded, replaced by a placeholder when they fail (unless flagged
 * priority). Explicit width and height reserve the space, so nothing shifts. The image is
 * rendered without a source: the page's script (site-enhancements.browser.ts) starts it, marks it
 * `data-loaded` (the fade follows that) and swaps in the placeholder on error. Without
 * JavaScript a `<noscript>` copy loads natively, so pages still show their images.
 */
import { classNames } from "./class-names";

/** Spec section 9: the image lazy-load margin. */
export const LAZY_LOAD_MARGIN = "50px";
export const PLACEHOLDER_SRC = "/images/placeholder.svg";

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcSet?: string | undefined;
  sizes?: string | undefined;
  /** Above the fold (the page's main image): loaded at once, never swapped for the placeholder. */
  priority?: boolean;
  className?: string;
}

export function LazyImage({
  src,
  alt,
  width,
  height,
  srcSet,
  sizes,
  priority = false,
  className,
}: LazyImageProps) {
  if (priority) {
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className={className}
      />
    );
  }

  return (
    // As tall as its box where the box has a height (a card's fixed image box), so the image's
    // own h-full and object-fit apply to that box and not to the picture's natural size.
    <span className="relative block h-full">
      <img
        data-lazy-src={src}
        data-lazy-srcset={srcSet}
        data-lazy-margin={LAZY_LOAD_MARGIN}
        data-placeholder={PLACEHOLDER_SRC}
        sizes={sizes}
        alt={alt}
        aria-hidden={true}
        width={width}
        height={height}
        decoding="async"
        className={classNames(
          className,
          "opacity-0 transition-opacity duration-500 data-loaded:opacity-100",
        )}
      />
      <noscript>
        <img
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          className={classNames(className, "absolute inset-0")}
        />
      </noscript>
    </span>
  );
}
