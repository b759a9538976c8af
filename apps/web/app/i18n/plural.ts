/**
 * @module
 * A count with its noun in the form the language's plural rules ask for (CLDR, through
 * `Intl.PluralRules`): Bosnian "1 projekat", "3 projekta", "5 projekata", "21 projekat"; German
 * and English one and other. Issue 33, item 10.
 */
import type { SiteLanguage } from "../lib/language";

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<SiteLanguage, Intl.PluralRules>();

/** The noun form for `count` in `language` ("other" where the language has no form of its own). */
export function pluralForm(language: SiteLanguage, count: number, forms: PluralForms): string {
  let rule = rules.get(language);
  if (!rule) {
    rule = new Intl.PluralRules(language);
    rules.set(language, rule);
  }
  return forms[rule.select(count)] ?? forms.other;
}

/** "3 projekta": the count, a space, and the noun in its form. */
export function countOf(language: SiteLanguage, count: number, forms: PluralForms): string {
  return `${count} ${pluralForm(language, count, forms)}`;
}
