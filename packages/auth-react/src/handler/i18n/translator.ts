/**
 * @module
 * The language of the handler pages: `AuthHandler`'s `lang` (a BCP 47 tag) picks the catalogue
 * (English, German or Bosnian; anything else is English), `translationOverrides` replace single
 * texts, and the translator formats texts, dates and the server's errors in that language.
 */
import { createElement, Fragment, type ReactNode } from "react";
import { bs } from "./bs";
import { de } from "./de";
import { en, type MessageKey } from "./en";
import { formatMessage, formatMessageParts } from "./message-format";
import { serverErrorText } from "./server-errors";

/** The languages the handler pages speak. */
export const handlerLanguages = ["en", "de", "bs"] as const;

export type HandlerLanguage = (typeof handlerLanguages)[number];

/** Texts an app puts in place of the catalogue's, for the language it passes as `lang`. */
export type TranslationOverrides = Partial<Record<MessageKey, string>>;

export type MessageValues = Readonly<Record<string, string | number>>;

const catalogues: Record<HandlerLanguage, Readonly<Record<MessageKey, string>>> = { en, de, bs };

function isHandlerLanguage(value: string): value is HandlerLanguage {
  return (handlerLanguages as readonly string[]).includes(value);
}

/**
 * The catalogue's language for a BCP 47 tag ("de", "de-AT", "bs-BA"…; anything else, an invalid
 * tag or none is English) and the locale dates and numbers are formatted in: the tag itself, so
 * "de-AT" gets Austrian dates, but always in Latin script, as the catalogues are.
 */
export function resolveHandlerLanguage(lang: string | undefined): {
  language: HandlerLanguage;
  locale: string;
} {
  const english = { language: "en", locale: "en" } as const;
  const tag = (lang ?? "").trim().replace(/_/g, "-");
  if (tag === "") return english;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return english;
  }
  const language = locale.language.toLowerCase();
  if (!isHandlerLanguage(language)) return english;
  const sameScript =
    locale.script === undefined || locale.script === "Latn"
      ? locale
      : new Intl.Locale(language, locale.region ? { region: locale.region } : {});
  return { language, locale: sameScript.toString() };
}

/** What a thrown or returned error says, when it is one of the server's known errors. */
function knownErrorOf(error: unknown): { code: string; details: unknown } | null {
  if (!(error instanceof Error) || error.name !== "KnownError") return null;
  const { code, details } = error as Error & { code?: unknown; details?: unknown };
  return typeof code === "string" ? { code, details } : null;
}

export interface HandlerI18n {
  language: HandlerLanguage;
  /** The locale of dates and numbers (the `lang` tag, e.g. "de-AT"). */
  locale: string;
  /** The text of `key` with `values` filled in. */
  t(key: MessageKey, values?: MessageValues): string;
  /**
   * The text of `key` with elements in its placeholders (a link inside a sentence), as nodes to
   * render in place.
   */
  rich(key: MessageKey, values: Readonly<Record<string, ReactNode>>): ReactNode;
  formatDate(date: Date, options: Intl.DateTimeFormatOptions): string;
  /**
   * The text to show for an error a call threw or returned: for one of the server's known errors
   * the catalogue's text of its code (else the generic "Something went wrong"), for a network
   * failure the catalogue's, for anything else `fallback`. English keeps the error's own message,
   * as the pages always showed, unless `translationOverrides` names the code's text.
   */
  errorText(error: unknown, fallback?: MessageKey): string;
}

export function createHandlerI18n(
  lang: string | undefined,
  overrides: TranslationOverrides = {},
): HandlerI18n {
  const { language, locale } = resolveHandlerLanguage(lang);
  const catalogue = catalogues[language];
  const template = (key: MessageKey): string => overrides[key] ?? catalogue[key] ?? en[key];
  const t = (key: MessageKey, values?: MessageValues) =>
    formatMessage(template(key), locale, values);

  return {
    language,
    locale,
    t,
    rich: (key, values) =>
      formatMessageParts<ReactNode>(template(key), locale, values).map((part, index) =>
        typeof part === "string" ? part : createElement(Fragment, { key: index }, part),
      ),
    formatDate: (date, options) => new Intl.DateTimeFormat(locale, options).format(date),
    errorText(error, fallback = "common.unknownError") {
      const known = knownErrorOf(error);
      const text = known ? serverErrorText(known.code, known.details) : null;
      if (language === "en") {
        if (text && overrides[text.key] !== undefined) return t(text.key, text.values);
        return error instanceof Error ? error.message : t(fallback);
      }
      if (text) return t(text.key, text.values);
      if (known) return t("error.generic");
      if (error instanceof Error && error.name === "AuthOfflineError") return t("error.offline");
      if (error instanceof Error && error.name === "AuthNetworkError") return t("error.network");
      return t(
        error instanceof Error && fallback === "common.unknownError" ? "error.generic" : fallback,
      );
    },
  };
}
