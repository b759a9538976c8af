/**
 * @module
 * The global SEO text of each language (issue 19, defect 4): title, description and keywords in
 * English, German and Bosnian, and a summary of what each language is missing. A page reads its
 * own language's text only; where that is missing it shows the built-in text of the same
 * language, never another language's, and the summary says so.
 */
import { type GlobalSeoLocalisedField, missingGlobalSeoFields } from "@heritage/content";
import type { FieldErrors, UseFormRegister, UseFormWatch } from "react-hook-form";
import type { AdminKey } from "../../../i18n/admin/en";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { TextAreaField, TextField } from "../common/form-fields";
import { LanguageTabLabel } from "../common/language-tab-label";
import type { AdminLanguage } from "../common/languages";
import { adminLanguages, languageName } from "../common/languages";
import { SeoCounter, seoLimits } from "../common/seo-counter";
import { useAdminI18n } from "../shell/admin-language";
import type { GlobalSeoFormValues } from "./global-seo-form-values";

const fieldLabels: Record<GlobalSeoLocalisedField, AdminKey> = {
  default_title: "seo.languages.title",
  default_description: "seo.languages.description",
  default_keywords: "seo.languages.keywords",
};

/** "Default Title" in English, "Default Title (Deutsch)" in the others. */
export const labelIn = (label: string, language: AdminLanguage, t: AdminTranslator["t"]) =>
  language.code === "en" ? label : t("seo.fieldIn", { field: label, language: language.tabLabel });

const nameOf = (field: GlobalSeoLocalisedField, language: AdminLanguage) =>
  `${field}${language.suffix}` as keyof GlobalSeoFormValues;

/** Per language: complete, or which fields are missing and what the site shows instead. */
export function SeoLanguageSummary({ values }: { values: Partial<GlobalSeoFormValues> }) {
  const missing = missingGlobalSeoFields(values);
  const { t } = useAdminI18n();
  return (
    <section aria-labelledby="seo-languages-heading" className="mb-6">
      <h2 id="seo-languages-heading" className="mb-2 text-lg font-semibold">
        {t("seo.languages.heading")}
      </h2>
      <ul aria-label={t("seo.languages.list")} className="space-y-1 text-sm">
        {adminLanguages.map((language) => {
          const fields = missing[language.code];
          return (
            <li
              key={language.code}
              className={fields.length > 0 ? "text-red-800" : "text-green-800"}
            >
              {fields.length === 0
                ? t("seo.languages.complete", { language: language.tabLabel })
                : t("seo.languages.missing", {
                    language: language.tabLabel,
                    fields: fields.map((field) => t(fieldLabels[field])).join(", "),
                    name: languageName(language.code, t),
                  })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Title, description and keywords of one language, with their counters. */
export function LanguageSeoFields({
  language,
  register,
  watch,
  errors,
}: {
  language: AdminLanguage;
  register: UseFormRegister<GlobalSeoFormValues>;
  watch: UseFormWatch<GlobalSeoFormValues>;
  errors: FieldErrors<GlobalSeoFormValues>;
}) {
  const title = nameOf("default_title", language);
  const description = nameOf("default_description", language);
  const keywords = nameOf("default_keywords", language);
  const { t } = useAdminI18n();
  return (
    <fieldset className="mb-4 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold">
        <LanguageTabLabel code={language.code} />
      </legend>
      <TextField
        label={labelIn(t("seo.field.default_title"), language, t)}
        registration={register(title)}
        maxLength={seoLimits.title.max}
        error={errors[title]?.message}
        hint={<SeoCounter length={(watch(title) ?? "").length} target={seoLimits.title.target} />}
      />
      <TextAreaField
        label={labelIn(t("seo.field.default_description"), language, t)}
        rows={3}
        registration={register(description)}
        maxLength={seoLimits.description.max}
        error={errors[description]?.message}
        hint={
          <SeoCounter
            length={(watch(description) ?? "").length}
            target={seoLimits.description.target}
          />
        }
      />
      <TextField
        label={labelIn(t("seo.field.default_keywords"), language, t)}
        placeholder="heritage, culture, balkans"
        registration={register(keywords)}
        error={errors[keywords]?.message}
        hint={<span className="text-gray-600">{t("seo.keywordsHint")}</span>}
      />
    </fieldset>
  );
}
