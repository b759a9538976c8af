/**
 * @module
 * The admin area's texts in the admin's language (issue 34, item 5): `t(key, values)` formats a
 * catalogue text (`{name}` values, `{count, plural, ...}` forms through `Intl.PluralRules`), and
 * dates and numbers go through `Intl` in the same locale.
 */
import { formatMessage } from "@heritage/auth-react";
import type { SiteLanguage } from "../../lib/language";
import { adminBs } from "./bs";
import { adminDe } from "./de";
import { type AdminCatalogue, type AdminKey, adminEn } from "./en";

export const adminCatalogues: Record<SiteLanguage, AdminCatalogue> = {
  en: adminEn,
  de: adminDe,
  bs: adminBs,
};

export type AdminMessageValues = Readonly<Record<string, string | number>>;

export interface AdminTranslator {
  language: SiteLanguage;
  /** The text of `key` in the admin's language, its `{values}` filled in. */
  t: (key: AdminKey, values?: AdminMessageValues) => string;
  /** A date and time as the admin's language writes it (day, month, year, hours, minutes). */
  formatDateTime: (date: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
  formatNumber: (value: number) => string;
}

const dateTimeDefaults: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

const translators = new Map<SiteLanguage, AdminTranslator>();

export function adminTranslator(language: SiteLanguage): AdminTranslator {
  const known = translators.get(language);
  if (known) return known;
  const catalogue = adminCatalogues[language];
  const numbers = new Intl.NumberFormat(language);
  const translator: AdminTranslator = {
    language,
    t: (key, values) => formatMessage(catalogue[key], language, values),
    formatDateTime: (date, options = dateTimeDefaults) =>
      new Intl.DateTimeFormat(language, options).format(new Date(date)),
    formatNumber: (value) => numbers.format(value),
  };
  translators.set(language, translator);
  return translator;
}

/** English: the default where no admin language is given (the spec's texts). */
export const adminEnglish = adminTranslator("en");
