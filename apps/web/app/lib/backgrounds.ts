/**
 * @module
 * Background colours a project or an about-page value may carry. Tailwind finds these classes
 * here (app.css scans the whole app; public-pages.css names this file), and an unknown stored
 * value falls back to the default instead of rendering without a colour.
 */

/** The admin's palette (content module's `projectBackgroundColors`; a unit test compares). */
export const backgroundClasses = [
  "bg-sky-100",
  "bg-yellow-100",
  "bg-pink-100",
  "bg-cyan-100",
  "bg-purple-500/20",
  "bg-[#ff7f50]/20",
] as const;

/** Light Blue, the spec's default (section 9). */
export const defaultBackgroundClass = "bg-sky-100";

export function knownBackgroundClass(value: string | null | undefined): string {
  return value && (backgroundClasses as readonly string[]).includes(value)
    ? value
    : defaultBackgroundClass;
}
