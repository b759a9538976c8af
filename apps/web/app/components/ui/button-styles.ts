/**
 * @module
 * Button looks shared by buttons and links. Colours meet WCAG AA (white on terracotta-600 is
 * 5.3:1, heritage-800 on gold-300 is 8.9:1); targets are at least 44 px high.
 */
import { classNames } from "./class-names";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70";

const variants = {
  primary: "bg-(--color-terracotta-600) text-white hover:bg-(--color-terracotta-700)",
  secondary: "bg-(--color-heritage-800) text-white hover:bg-(--color-heritage-900)",
  outline:
    "border-2 border-(--color-heritage-800) text-(--color-heritage-800) hover:bg-(--color-heritage-50)",
  gold: "bg-(--color-gold-300) text-(--color-heritage-900) hover:bg-(--color-gold-400)",
} as const;

export function buttonClasses(variant: keyof typeof variants = "primary", extra?: string): string {
  return classNames(base, variants[variant], extra);
}
