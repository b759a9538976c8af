/**
 * @module
 * The global SEO text of each language (issue 19, defect 4): title, description and keywords in
 * English, German and Bosnian, and a summary of what each language is missing. A page reads its
 * own language's text only; where that is missing it shows the built-in text of the same
 * language, never another language's, and the summary says so.
 */
import { type GlobalSeoLocalisedField, missingGlobalSeoFields } from "@heritage/content";
import type { FieldErrors, UseFormRegister, UseFormWatch } from "react-hook-form";
import { TextAreaField, TextField } from "../common/form-fields";
import type { AdminLanguage } from "../common/languages";
import { adminLanguages } from "../common/languages";
import { SeoCounter, seoLimits } from "../common/seo-counter";
import type { GlobalSeoFormValues } from "./global-seo-form-values";

const fieldLabels: Record<GlobalSeoLocalisedField, string> = {
  default_title: "title",
  default_description: "description",
  default_keywords: "keywords",
};

/** "Default Title" in English, "Default Title (Deutsch)" in the others. */
const labelIn = (label: string, language: AdminLanguage) =>
  language.code === "en" ? label : `${label} (${language.tabLabel})`;

const nameOf = (field: GlobalSeoLocalisedField, language: AdminLanguage) =>
  `${field}${language.suffix}` as keyof GlobalSeoFormValues;

/** Per language: complete, or which fields are missing and what the site shows instead. */
export function SeoLanguageSummary({ values }: { values: Partial<GlobalSeoFormValues> }) {
  const missing = missingGlobalSeoFields(values);
  return (
    <section aria-labelledby="seo-languages-heading" className="mb-6">
      <h2 id="seo-languages-heading" className="mb-2 text-lg font-semibold">
        Search and share text per language
      </h2>
      <ul aria-label="SEO text per language" className="space-y-1 text-sm">
        {adminLanguages.map((language) => {
          const fields = missing[language.code];
          return (
            <li
              key={language.code}
              className={fields.length > 0 ? "text-red-800" : "text-green-800"}
            >
              {fields.length === 0
                ? `${language.tabLabel}: complete`
                : `${language.tabLabel}: missing ${fields.map((field) => fieldLabels[field]).join(", ")} (the ${language.englishName} pages show the built-in ${language.englishName} text)`}
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
  return (
    <fieldset className="mb-4 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold">{language.tabLabel}</legend>
      <TextField
        label={labelIn("Default Title", language)}
        registration={register(title)}
        maxLength={seoLimits.title.max}
        error={errors[title]?.message}
        hint={<SeoCounter length={(watch(title) ?? "").length} target={seoLimits.title.target} />}
      />
      <TextAreaField
        label={labelIn("Default Description", language)}
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
        label={labelIn("Default Keywords", language)}
        placeholder="heritage, culture, balkans"
        registration={register(keywords)}
        error={errors[keywords]?.message}
        hint={<span className="text-gray-600">Separate keywords with commas.</span>}
      />
    </fieldset>
  );
}
