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
import { LanguageTabLabel } from "../common/language-tab-label";
import { type AdminLanguage, adminLanguages, languageName } from "../common/languages";
import { SeoCounter, seoLimits } from "../common/seo-counter";
import { useAdminI18n } from "../shell/admin-language";
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
  const { t } = useAdminI18n();
  const name = { language: languageName(language.code, t) };
  return (
    <div>
      <TextField
        label={t("projects.seo.title", name)}
        registration={register(field("seo_title"))}
        maxLength={seoLimits.title.max}
        error={errors[field("seo_title")]}
        hint={<SeoCounter length={title.length} target={seoLimits.title.target} />}
      />
      <TextAreaField
        label={t("projects.seo.description", name)}
        rows={3}
        registration={register(field("seo_description"))}
        maxLength={seoLimits.description.max}
        error={errors[field("seo_description")]}
        hint={<SeoCounter length={description.length} target={seoLimits.description.target} />}
      />
      <TextField
        label={t("projects.seo.keywords", name)}
        registration={register(field("seo_keywords"))}
        placeholder="heritage, culture, balkans"
        error={errors[field("seo_keywords")]}
        hint={<span className="text-gray-600">{t("projects.seo.keywordsHint")}</span>}
      />
      <TextField
        label={t("projects.seo.image", name)}
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
          {isSaving ? t("common.saving") : t("projects.seo.save", name)}
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
  const { t } = useAdminI18n();
  return (
    <AdminTabs
      label={t("projects.seo.languages")}
      tabs={adminLanguages.map((language) => ({
        value: `seo-${language.code}`,
        label: <LanguageTabLabel code={language.code} />,
        content: <LanguageSeoFields language={language} {...props} />,
      }))}
    />
  );
}
