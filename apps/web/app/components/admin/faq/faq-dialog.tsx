/**
 * @module
 * The FAQ dialog (site spec, section 2): "Add New FAQ" or "Edit FAQ", tabs English, Deutsch,
 * Bosanski with a question and a 4-row answer each, Cancel and Save ("Saving..." while busy).
 * No client-side rules (spec section 5); a refused save keeps the form and says why. The German
 * and Bosnian tabs of an item say whether its translation is missing, outdated or up to date,
 * with "Mark as checked" (issue 34, item 2). An item can be saved as a draft, previewed,
 * published or discarded; the dialog opens on its draft when it has one (issue 34, item 1).
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type ContentClient,
  type FaqRow,
  faqRowSchema,
} from "../../../lib/content-api/content-client";
import { AdminTabs } from "../common/admin-tabs";
import { EntityFormDialog, useEntitySave } from "../common/entity-form-dialog";
import { TextAreaField, TextField } from "../common/form-fields";
import { LanguageTabLabel } from "../common/language-tab-label";
import { adminLanguages, languageName } from "../common/languages";
import { adminPreviewHref, DraftBar, SaveDraftButton } from "../drafts/draft-bar";
import { useItemDraft } from "../drafts/use-item-draft";
import { ItemSchedule } from "../schedules/item-schedule";
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

function faqToValues(faq: FaqRow | null, draft?: Record<string, unknown>): FaqFormValues {
  return Object.fromEntries(
    faqFieldNames.map((name) => {
      const drafted = draft?.[name];
      return [name, typeof drafted === "string" ? drafted : (faq?.[name] ?? "")];
    }),
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
  const itemDraft = useItemDraft(client, "faqs", faq?.id ?? null, open);
  const { isSaving, save, conflict, versionRef, saved, noteConflict } = useEntitySave({
    open,
    entity: faq,
    create: (values: FaqFormValues) => client.createFaq(values),
    update: (values, version) => client.updateFaq(values, version),
    // Saved from a form opened on the draft: the draft is live now, and goes.
    onSaved: (row, change) => {
      if (itemDraft.draft) void itemDraft.discard();
      onSaved(row, change);
    },
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

  // The item's draft, once read (or saved again): the form holds it, based on the version it was
  // saved on. Without one the form keeps what it was opened with (and anything typed since).
  const draft = itemDraft.draft;
  useEffect(() => {
    if (!open || !draft) return;
    reset(faqToValues(faq, draft.data));
    versionRef.current = draft.base_version ?? undefined;
  }, [open, faq, draft, reset, versionRef]);
  const discardDraft = async () => {
    if (!(await itemDraft.discard())) return;
    reset(faqToValues(faq));
    versionRef.current = faq?.version;
  };

  const submit = handleSubmit((values) => {
    clearErrors();
    return save(values);
  });
  const saveDraft = handleSubmit((values) => {
    clearErrors();
    return itemDraft.save(values, versionRef.current, noteConflict);
  });
  // Publishing publishes what the form shows: unsaved changes are saved to the draft first.
  const publish = handleSubmit(async (values) => {
    if (isDirty && !(await itemDraft.save(values, versionRef.current, noteConflict))) return;
    const row = await itemDraft.publish(faqRowSchema, noteConflict);
    if (!row) return;
    saved(row);
    onSaved(row, "updated");
    onOpenChange(false);
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
      header={
        faq ? (
          <>
            <DraftBar
              draft={itemDraft}
              previewHref={adminPreviewHref("faqs", faq.id, { language: tab })}
              onPublish={() => void publish()}
              onDiscard={() => void discardDraft()}
            />
            <ItemSchedule
              client={client}
              table="faqs"
              id={faq.id}
              hasDraft={itemDraft.draft !== null}
              canUnpublish
            />
          </>
        ) : null
      }
      extraActions={
        faq ? (
          <SaveDraftButton
            draft={itemDraft}
            disabled={isSaving || !itemDraft.isLoaded}
            onClick={() => void saveDraft()}
          />
        ) : null
      }
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
