/** @module Dates of the message list as "MMM dd, yyyy HH:mm" (site spec, section 2), local time. */

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const twoDigits = (value: number) => String(value).padStart(2, "0");

export function formatSubmissionDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${months[date.getMonth()]} ${twoDigits(date.getDate())}, ${date.getFullYear()} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
