/**
 * @module
 * The SEO Settings tab of the project dialog: per language (English, Deutsch, Bosanski) the SEO
 * title and description with their counters, keywords and the share image (spec section 2,
 * fields `seo_*` with `_de` / `_bs`). An existing project can save one language on its own.
 */
import type { UseFormRegister, UseFormWatch } from "react-hook-form";
import { adminButton } from "../common/admin-styles";
import { AdminTabs } from "../common/admin-tabs";
import { TextAreaField, TextField } from "../common/form-fields";
import { type AdminLanguage, adminLanguages } from "../common/languages";
import { SeoCounter, seoLimits } from "../common/seo-counter";
import type { ProjectFormValues } from "./project-form-values";

function LanguageSeoFields({
  language,
  register,
  watch,
  errors,
  onSave,
  savingLanguage,
}: {
  language: AdminLanguage;
  register: UseFormRegister<ProjectFormValues>;
  watch: UseFormWatch<ProjectFormValues>;
  errors: Partial<Record<keyof ProjectFormValues, string>>;
  onSave: ((language: AdminLanguage) => void) | null;
  savingLanguage: string | null;
}) {
  const field = <Base extends "seo_title" | "seo_description" | "seo_keywords" | "seo_og_image">(
    base: Base,
  ) => `${base}${language.suffix}` as `${Base}${AdminLanguage["suffix"]}`;
  const title = watch(field("seo_title")) ?? "";
  const description = watch(field("seo_description")) ?? "";
  const isSaving = savingLanguage === language.code;
  return (
    <div>
      <TextField
        label={`SEO Title (${language.englishName})`}
        registration={register(field("seo_title"))}
        maxLength={seoLimits.title.max}
        error={errors[field("seo_title")]}
        hint={<SeoCounter length={title.length} target={seoLimits.title.target} />}
      />
      <TextAreaField
        label={`SEO Description (${language.englishName})`}
        rows={3}
        registration={register(field("seo_description"))}
        maxLength={seoLimits.description.max}
        error={errors[field("seo_description")]}
        hint={<SeoCounter length={description.length} target={seoLimits.description.target} />}
      />
      <TextField
        label={`SEO Keywords (${language.englishName})`}
        registration={register(field("seo_keywords"))}
        placeholder="heritage, culture, balkans"
        error={errors[field("seo_keywords")]}
        hint={<span className="text-gray-600">Separate keywords with commas.</span>}
      />
      <TextField
        label={`Social Share Image URL (${language.englishName})`}
        type="url"
        registration={register(field("seo_og_image"))}
        placeholder="https://example.org/share.jpg"
        error={errors[field("seo_og_image")]}
      />
      {onSave ? (
        <button
          type="button"
          className={adminButton("outline")}
          disabled={savingLanguage !== null}
          onClick={() => onSave(language)}
        >
          {isSaving ? "Saving..." : `Save ${language.englishName} SEO`}
        </button>
      ) : null}
    </div>
  );
}

export function ProjectSeoFields(props: {
  register: UseFormRegister<ProjectFormValues>;
  watch: UseFormWatch<ProjectFormValues>;
  errors: Partial<Record<keyof ProjectFormValues, string>>;
  /** Saves one language's SEO fields of an existing project; null when adding. */
  onSave: ((language: AdminLanguage) => void) | null;
  savingLanguage: string | null;
}) {
  return (
    <AdminTabs
      label="SEO language"
      tabs={adminLanguages.map((language) => ({
        value: `seo-${language.code}`,
        label: language.tabLabel,
        content: <LanguageSeoFields language={language} {...props} />,
      }))}
    />
  );
}
