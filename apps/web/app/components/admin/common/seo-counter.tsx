/**
 * @module
 * The character counter of SEO titles and descriptions (site spec, sections 5 and 9): red above
 * the target with "Too long", green with "Optimal" at 80-100% of the target, grey otherwise.
 */
import { classNames } from "../../ui/class-names";
import { useAdminI18n } from "../shell/admin-language";

/** Title: target 60, input maximum 70. Description: target 160, input maximum 200. */
export const seoLimits = {
  title: { target: 60, max: 70 },
  description: { target: 160, max: 200 },
} as const;

export type SeoLengthRating = "too-long" | "optimal" | "neutral";

export function rateSeoLength(length: number, target: number): SeoLengthRating {
  if (length > target) return "too-long";
  if (length >= target * 0.8) return "optimal";
  return "neutral";
}

export function SeoCounter({ length, target }: { length: number; target: number }) {
  const rating = rateSeoLength(length, target);
  const { t } = useAdminI18n();
  return (
    <span
      className={classNames(
        "font-medium",
        rating === "too-long" && "text-red-700",
        rating === "optimal" && "text-green-700",
        rating === "neutral" && "text-gray-600",
      )}
    >
      {t("seoCounter.characters", { length, target })}
      {rating === "optimal" ? ` · ${t("seoCounter.optimal")}` : null}
      {rating === "too-long" ? ` · ${t("seoCounter.tooLong")}` : null}
    </span>
  );
}

/** Keywords as typed (comma-separated): trimmed, empty entries dropped (spec section 5). */
export function parseKeywords(text: string): string[] {
  return text
    .split(",")
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== "");
}
