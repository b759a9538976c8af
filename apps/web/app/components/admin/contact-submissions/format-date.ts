/**
 * @module
 * Dates of the message list, local time: "MMM dd, yyyy HH:mm" in English (site spec, section 2);
 * in German and Bosnian as their language writes them ("05. Jan. 2026, 09:07", "05. jan 2026.
 * 09:07"), through `Intl`.
 */
import type { SiteLanguage } from "../../../lib/language";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (value: number) => String(value).padStart(2, "0");

export function formatSubmissionDate(value: string | Date, language: SiteLanguage = "en"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  if (language !== "en") {
    return new Intl.DateTimeFormat(language, {
      day: "2-digit",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(date);
  }
  return `${months[date.getMonth()]} ${twoDigits(date.getDate())}, ${date.getFullYear()} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
