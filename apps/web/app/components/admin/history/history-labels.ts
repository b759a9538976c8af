/**
 * @module
 * How the history screens name things (issue 29): kinds of content, an item by its title or
 * question, what an audit entry did, and the fields a revision changed.
 */
import type { HistoryTable } from "../../../lib/content-api/history-client";
import { fieldLabel } from "../common/version-conflict";
import { contentSectionForms } from "../site-content/site-content-sections";

export const tableLabels: Record<HistoryTable, string> = {
  projects: "Project",
  categories: "Category",
  faqs: "FAQ item",
  site_content: "Page content",
};

/** Sections as the Content screen's tabs name them, and the global SEO row. */
const sectionNames: Record<string, string> = {
  ...Object.fromEntries(contentSectionForms.map((section) => [section.id, section.tabLabel])),
  "global-seo-settings": "SEO settings",
};

/** An item as an editor knows it: a project's title, an FAQ's question, a section's name. */
export function itemName(table: string, data: Record<string, unknown> | null, id: string): string {
  if (table === "site_content") return sectionNames[id] ?? id;
  for (const field of ["title", "question", "name"]) {
    const value = data?.[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return id;
}

const actionLabels: Record<string, string> = {
  "content.create": "Created",
  "content.update": "Changed",
  "content.delete": "Deleted",
  "content.restore": "Restored",
  "content.purge": "Deleted for good",
  "admin.sign_in": "Signed in",
  "admin.sign_in_failed": "Failed sign-in",
  "admin.user_created": "Added an admin",
  "admin.user_deleted": "Removed an admin",
  "admin.user_role_changed": "Changed a role",
};

export const auditActions = Object.keys(actionLabels);

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

const operationLabels: Record<string, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  restore: "Restored",
};

export function operationLabel(operation: string): string {
  return operationLabels[operation] ?? operation;
}

/** "Title (German), Description (English)"; a section's `content_de` is "Content (German)". */
export function changedFieldsText(fields: readonly string[]): string {
  return fields.map(fieldLabel).join(", ");
}

/** A date and time as "29 Nov 2026, 14:05" in the editor's time zone. */
export function formatWhen(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
