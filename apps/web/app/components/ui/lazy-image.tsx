/**
 * @module
 * Images as the site spec wants them (section 2, "Images"): loaded lazily once within 50 px of
 * the viewport, faded in once loaded, replaced by a placeholder when they fail (unless flagged
 * priority). Explicit width and height reserve the space, so nothing shifts. Without
 * JavaScript a `<noscript>` copy loads natively, so pages still show their images.
 */
import { useEffect, useRef, useState } from "react";
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
  const imageRef = useRef<HTMLImageElement>(null);
  const [isNear, setIsNear] = useState(priority);
  const [isLoaded, setIsLoaded] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  // A new image starts over (the project page reuses its components across projects).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the source changes
  useEffect(() => {
    setIsLoaded(false);
    setHasFailed(false);
  }, [src]);

  useEffect(() => {
    if (priority || isNear) return;
    const image = imageRef.current;
    if (!image) return;
    if (typeof IntersectionObserver === "undefined") {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [priority, isNear]);

  // An image that finished before hydration fired its load event before React listened.
  useEffect(() => {
    const image = imageRef.current;
    if (isNear && image?.complete && image.naturalWidth > 0) setIsLoaded(true);
  }, [isNear]);

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

  const shownSrc = hasFailed ? PLACEHOLDER_SRC : src;
  return (
    <span className="relative block">
      <img
        ref={imageRef}
        src={isNear ? shownSrc : undefined}
        srcSet={isNear && !hasFailed ? srcSet : undefined}
        sizes={sizes}
        alt={alt}
        aria-hidden={isLoaded ? undefined : true}
        width={width}
        height={height}
        decoding="async"
        data-loaded={isLoaded ? "" : undefined}
        onLoad={() => setIsLoaded(true)}
        onError={() => setHasFailed(true)}
        className={classNames(
          className,
          "transition-opacity duration-500",
          isLoaded ? "opacity-100" : "opacity-0",
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
