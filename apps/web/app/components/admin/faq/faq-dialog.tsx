/**
 * @module
 * The FAQ dialog (site spec, section 2): "Add New FAQ" or "Edit FAQ", tabs English, Deutsch,
 * Bosanski with a question and a 4-row answer each, Cancel and Save ("Saving..." while busy).
 * No client-side rules (spec section 5); a refused save keeps the form and says why. The German
 * and Bosnian tabs of an item say whether its translation is missing, outdated or up to date,
 * with "Mark as checked" (issue 34, item 2).
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ContentClient, FaqRow } from "../../../lib/content-api/content-client";
import { AdminTabs } from "../common/admin-tabs";
import { EntityFormDialog, useEntitySave } from "../common/entity-form-dialog";
import { TextAreaField, TextField } from "../common/form-fields";
import { LanguageTabLabel } from "../common/language-tab-label";
import { adminLanguages, languageName } from "../common/languages";
import { useAdminI18n } from "../shell/admin-language";
import { TranslationStatusNote, useItemTranslations } from "../translations/translation-status";

const faqFieldNames = [
  "question",
  "answer",
  "question_de",
  "answer_de",
  "question_bs",
  "answer_bs",
] as const;
type FaqFormValues = Record<(typeof faqFieldNames)[number], string>;

function faqToValues(faq: FaqRow | null): FaqFormValues {
  return Object.fromEntries(
    faqFieldNames.map((name) => [name, faq?.[name] ?? ""]),
  ) as FaqFormValues;
}

export function FaqDialog({
  open,
  onOpenChange,
  faq,
  client,
  onSaved,
  openTab = "en",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  faq: FaqRow | null;
  client: ContentClient;
  onSaved: (faq: FaqRow, change: "added" | "updated") => void;
  /** The language tab shown when the dialog opens (a link to a translation opens its own). */
  openTab?: string | undefined;
}) {
  const {
    register,
    reset,
    setValue,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<FaqFormValues>({
    defaultValues: faqToValues(null),
  });
  const { t } = useAdminI18n();
  const [tab, setTab] = useState("en");
  const translations = useItemTranslations(client, "faqs", faq?.id ?? null, open);
  const { isSaving, save, conflict, versionRef } = useEntitySave({
    open,
    entity: faq,
    create: (values: FaqFormValues) => client.createFaq(values),
    update: (values, version) => client.updateFaq(values, version),
    onSaved,
    onOpenChange,
    notices: {
      added: t("faq.added"),
      updated: t("faq.updated"),
      failed: t("faq.saveFailed"),
    },
    // Each message goes beside its field, and the tab of the first one opens.
    onInvalid: (fieldErrors) => {
      const invalid = faqFieldNames.filter((name) => fieldErrors[name]);
      for (const name of invalid) {
        setError(name, { type: "refused", message: fieldErrors[name] });
      }
      const first = invalid[0] ?? "";
      const translation = adminLanguages.find(
        (language) => language.suffix !== "" && first.endsWith(language.suffix),
      );
      setTab(translation?.code ?? "en");
    },
  });

  useEffect(() => {
    if (!open) return;
    reset(faqToValues(faq));
    setTab(openTab);
  }, [open, faq, reset, openTab]);

  const submit = handleSubmit((values) => {
    clearErrors();
    return save(values);
  });

  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={faq ? t("faq.editTitle") : t("faq.addTitle")}
      isSaving={isSaving}
      onSubmit={(event) => void submit(event)}
      conflict={conflict}
      noun={t("faq.thisItem")}
      isDirty={isDirty}
      onUseTheirs={(field, value) => {
        if ((faqFieldNames as readonly string[]).includes(field)) {
          const name = field as (typeof faqFieldNames)[number];
          setValue(name, typeof value === "string" ? value : "", { shouldDirty: true });
        }
      }}
    >
      <AdminTabs
        label={t("faq.languages")}
        value={tab}
        onValueChange={setTab}
        tabs={adminLanguages.map((language) => ({
          value: language.code,
          label: <LanguageTabLabel code={language.code} />,
          content: (
            <div>
              {language.code === "en" ? null : (
                <TranslationStatusNote
                  entry={translations.entryOf(language.code)}
                  onMarkChecked={(code) => void translations.markChecked(code, versionRef.current)}
                  isMarking={translations.isMarking(language.code)}
                />
              )}
              <TextField
                label={t("faq.field.question", { language: languageName(language.code, t) })}
                registration={register(`question${language.suffix}`)}
                error={errors[`question${language.suffix}`]?.message}
              />
              <TextAreaField
                label={t("faq.field.answer", { language: languageName(language.code, t) })}
                rows={4}
                registration={register(`answer${language.suffix}`)}
                error={errors[`answer${language.suffix}`]?.message}
              />
            </div>
          ),
        }))}
      />
    </EntityFormDialog>
  );
}
