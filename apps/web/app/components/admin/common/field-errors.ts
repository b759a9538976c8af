/**
 * @module
 * A form check's message in the admin's language (issue 34, item 5). The checks are the shared
 * schemas of `@heritage/content` (the server's too), whose messages are English and name the
 * field ("Title is required"); shown beside the field they need not name it, so German and
 * Bosnian say what is wrong in their words. English keeps the schema's message as it is.
 */
import type { AdminTranslator } from "../../../i18n/admin/translator";

const patterns: readonly [RegExp, (match: RegExpExecArray, t: AdminTranslator["t"]) => string][] = [
  [/ is required$/, (_, t) => t("validation.requiredHere")],
  [/ must be an http\(s\) URL or a path starting with \/$/, (_, t) => t("validation.url")],
  [/^Invalid email address$/, (_, t) => t("validation.email")],
  [
    /: each keyword must be at most (\d+) characters$/,
    (m, t) => t("validation.keywordTooLong", { max: Number(m[1]) }),
  ],
  [/ must be at most (\d+) characters$/, (m, t) => t("validation.tooLong", { max: Number(m[1]) })],
  [/ may contain only lower-case letters, digits and hyphens$/, (_, t) => t("validation.slug")],
  [/^(The value|A field name) /, (_, t) => t("validation.unstorable")],
];

export function fieldErrorText(message: string, { t, language }: AdminTranslator): string {
  if (language === "en") return message;
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(message);
    if (match) return translate(match, t);
  }
  return message;
}
