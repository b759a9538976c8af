/**
 * @module
 * A language's flag. The languages table stores flags as emoji; the three the site ships with
 * are drawn as small SVGs instead, for two reasons:
 *
 * - Windows has no flag emoji: it shows the letters "GB", "DE", "BA" where a flag should be;
 * - a device without an emoji font (most Linux machines, many kiosks) searches every installed
 *   font for the regional-indicator characters during the page's first layout. Measured on a
 *   2-core machine this more than doubled that layout (114 against 45 ms, median of 7 runs).
 *
 * Any other stored emoji is shown as it is.
 */
import { type ReactNode, useId } from "react";
import { classNames } from "../ui/class-names";

const flagSize = "inline-block h-[0.75em] w-[1.125em] shrink-0 rounded-[1px] align-[-0.05em]";

type FlagProps = {
  /** The stored flag emoji. */
  emoji: string;
  /** Names the flag for assistive technology; without it the flag is decorative. */
  label?: string;
  className?: string;
};

export function Flag({ emoji, label, className }: FlagProps) {
  const Drawing = drawings[emoji];
  const labelling = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  if (!Drawing) {
    return (
      <span {...labelling} className={className}>
        {emoji}
      </span>
    );
  }
  return (
    <svg
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      viewBox="0 0 60 40"
      preserveAspectRatio="none"
      focusable="false"
      className={classNames(flagSize, className)}
    >
      <Drawing />
    </svg>
  );
}

/** The flag emoji the site ships with: regional-indicator pairs GB, DE and BA. */
export const shippedFlagEmoji = {
  en: "\u{1F1EC}\u{1F1E7}",
  de: "\u{1F1E9}\u{1F1EA}",
  bs: "\u{1F1E7}\u{1F1E6}",
} as const;

/** The Union Jack, simplified as flag icons are (counterchanged diagonals clipped to quarters). */
function UnitedKingdom() {
  // Two copies on one page (the button and the list) need their own clip-path ids.
  const clipId = `flag-gb${useId().replace(/[^\w-]/g, "")}`;
  return (
    <>
      <clipPath id={clipId}>
        <path d="M30 20h30v20zv20H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0l60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
      <path
        d="M0 0l60 40M60 0L0 40"
        stroke="#C8102E"
        strokeWidth="4"
        clipPath={`url(#${clipId})`}
      />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#C8102E" strokeWidth="7" />
    </>
  );
}

function Germany() {
  return (
    <>
      <rect width="60" height="13.34" fill="#000" />
      <rect y="13.33" width="60" height="13.34" fill="#DD0000" />
      <rect y="26.66" width="60" height="13.34" fill="#FFCE00" />
    </>
  );
}

/** A five-pointed star of radius `r` centred on (x, y), as one path. */
export function starPath(x: number, y: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    return `${(x + radius * Math.cos(angle)).toFixed(2)} ${(y + radius * Math.sin(angle)).toFixed(2)}`;
  });
  return `M${points.join("L")}Z`;
}

/**
 * Bosnia and Herzegovina: the yellow triangle and nine stars along its long side, the first and
 * the last cut by the edges.
 */
const bosnianStars = Array.from({ length: 9 }, (_, index) =>
  starPath(10.5 + index * 3.75, index * 5, 2.4),
).join("");

function BosniaAndHerzegovina() {
  return (
    <>
      <rect width="60" height="40" fill="#002395" />
      <path d="M15 0h30v40z" fill="#FECB00" />
      <path d={bosnianStars} fill="#fff" />
    </>
  );
}

const drawings: Record<string, (() => ReactNode) | undefined> = {
  [shippedFlagEmoji.en]: UnitedKingdom,
  [shippedFlagEmoji.de]: Germany,
  [shippedFlagEmoji.bs]: BosniaAndHerzegovina,
};
