/**
 * @module
 * How the history screens name things (issue 29): kinds of content, an item by its title or
 * question, what an audit entry did, and the fields a revision changed. In the admin's language
 * (`t`; English by default).
 */
import type { AdminKey } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import type { HistoryTable } from "../../../lib/content-api/history-client";
import type { SiteLanguage } from "../../../lib/language";
import { fieldLabel } from "../common/version-conflict";
import { contentSectionForms } from "../site-content/site-content-sections";

type T = AdminTranslator["t"];

const tableKeys: Record<HistoryTable, AdminKey> = {
  projects: "history.table.projects",
  categories: "history.table.categories",
  faqs: "history.table.faqs",
  site_content: "history.table.site_content",
};

/** "Project", "FAQ item", "Page content"; a kind it does not know as it came. */
export function tableLabel(table: string, t: T = adminEnglish.t): string {
  const key = tableKeys[table as HistoryTable];
  return key ? t(key) : table;
}

/** Sections as the Content screen's tabs name them, and the global SEO row. */
function sectionName(id: string, t: T): string {
  const section = contentSectionForms.find((form) => form.id === id);
  if (section) return t(section.tabLabel);
  return id === "global-seo-settings" ? t("history.seoSettings") : id;
}

/** An item as an editor knows it: a project's title, an FAQ's question, a section's name. */
export function itemName(
  table: string,
  data: Record<string, unknown> | null,
  id: string,
  t: T = adminEnglish.t,
): string {
  if (table === "site_content") return sectionName(id, t);
  for (const field of ["title", "question", "name"]) {
    const value = data?.[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return id;
}

const actionKeys: Record<string, AdminKey> = {
  "content.create": "history.action.content.create",
  "content.update": "history.action.content.update",
  "content.delete": "history.action.content.delete",
  "content.restore": "history.action.content.restore",
  "content.purge": "history.action.content.purge",
  "content.draft": "history.action.content.draft",
  "content.draft_discard": "history.action.content.draft_discard",
  "content.schedule": "history.action.content.schedule",
  "content.unschedule": "history.action.content.unschedule",
  "admin.sign_in": "history.action.admin.sign_in",
  "admin.sign_in_failed": "history.action.admin.sign_in_failed",
  "admin.user_created": "history.action.admin.user_created",
  "admin.user_deleted": "history.action.admin.user_deleted",
  "admin.user_role_changed": "history.action.admin.user_role_changed",
};

export const auditActions = Object.keys(actionKeys);

export function actionLabel(action: string, t: T = adminEnglish.t): string {
  const key = actionKeys[action];
  return key ? t(key) : action;
}

const operationKeys: Record<string, AdminKey> = {
  create: "history.operation.create",
  update: "history.operation.update",
  delete: "history.operation.delete",
  restore: "history.operation.restore",
};

/** What a revision's save did, in lower case ("created", "changed"). */
export function operationLabel(operation: string, t: T = adminEnglish.t): string {
  const key = operationKeys[operation];
  return key ? t(key) : operation;
}

/** "Title (German), Description (English)"; a section's `content_de` is "Content (German)". */
export function changedFieldsText(fields: readonly string[], t: T = adminEnglish.t): string {
  return fields.map((field) => fieldLabel(field, t)).join(", ");
}

/** A date and time as "29 Nov 2026, 14:05" in the editor's time zone (their language's way). */
export function formatWhen(value: string, language: SiteLanguage = "en"): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(language === "en" ? "en-GB" : language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}
