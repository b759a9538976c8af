/**
 * @module
 * One language of one site content section: its fields (rich HTML ones with a live, sanitised
 * preview) and "Save {Language} Content". Values the form has no inputs for (the about page's
 * values list) are kept and saved as they were. Validated with the section's shared schema.
 * "Save draft" keeps the language's text in the section's draft (issue 34, item 1), which the
 * form then holds.
 */

import { siteContentColumns, siteContentSchemas } from "@heritage/content";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  type ContentClient,
  ContentClientError,
  errorMessage,
  type VersionConflict,
} from "../../../lib/content-api/content-client";
import { adminButton } from "../common/admin-styles";
import { TextAreaField, TextField } from "../common/form-fields";
import { HtmlPreview } from "../common/html-preview";
import type { AdminLanguage } from "../common/languages";
import { languageName } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { VersionConflictNotice } from "../common/version-conflict";
import { SaveDraftButton } from "../drafts/draft-bar";
import type { ItemDraft } from "../drafts/use-item-draft";
import { useAdminI18n } from "../shell/admin-language";
import type { ContentField, ContentSectionForm } from "./site-content-sections";

type ContentValues = Record<string, unknown>;

/**
 * Leaves (or with null, takes back) what Publish of the section's draft runs first for one
 * language form: saving its unsaved text to the draft; false when that was refused.
 */
export type KeepBeforePublish = (key: string, save: (() => Promise<boolean>) | null) => void;

function HtmlField({
  field,
  form,
  error,
  lang,
}: {
  field: ContentField;
  lang: string;
  form: ReturnType<typeof useForm<ContentValues>>;
  error: string | undefined;
}) {
  const { t } = useAdminI18n();
  const html = form.watch(field.name);
  return (
    <>
      <TextAreaField
        label={t(field.label)}
        rows={field.rows ?? 6}
        registration={form.register(field.name)}
        error={error}
      />
      <HtmlPreview
        lang={lang}
        html={typeof html === "string" ? html : ""}
        label={t("siteContent.preview", { field: t(field.label) })}
      />
    </>
  );
}

/** Stored values as form text: everything the section has, strings for the inputs. */
function toFormValues(section: ContentSectionForm, stored: ContentValues): ContentValues {
  const values: ContentValues = { ...stored };
  for (const field of section.fields) {
    const value = stored[field.name];
    values[field.name] = typeof value === "string" ? value : "";
  }
  return values;
}

export function SiteContentForm({
  section,
  language,
  initial,
  client,
  onDirtyChange,
  version,
  onVersion,
  draft,
  keepBeforePublish,
}: {
  section: ContentSectionForm;
  language: AdminLanguage;
  initial: ContentValues;
  client: ContentClient;
  /** Told when the form starts or stops holding unsaved changes (key: section/language). */
  onDirtyChange?: (key: string, isDirty: boolean) => void;
  /** The section row's version this form's text is based on (sent as If-Match). */
  version?: number | undefined;
  /** Told the section's version after a save, or a colleague's after their earlier save. */
  onVersion?: (section: string, version: number | undefined) => void;
  /** The section's draft: the form starts from its text for this language when it has one. */
  draft?: ItemDraft | undefined;
  /** Where this form leaves what Publish runs first: its unsaved text saved to the draft. */
  keepBeforePublish?: KeepBeforePublish | undefined;
}) {
  const { t } = useAdminI18n();
  const drafted = draft?.draft?.data[siteContentColumns[language.code]];
  // Compared as text: another language's draft saved leaves this form's text (and edits) alone.
  const draftedText = drafted && typeof drafted === "object" ? JSON.stringify(drafted) : null;
  const start = useMemo(
    () =>
      draftedText === null
        ? initial
        : { ...initial, ...(JSON.parse(draftedText) as ContentValues) },
    [initial, draftedText],
  );

  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  // What this form's text is based on: the stored content, then a colleague's after a conflict.
  const [opened, setOpened] = useState<ContentValues>(initial);
  useEffect(() => setOpened(start), [start]);
  /** The section fields of this form's language in a stored row (the editable ones only). */
  const languageContent = (row: Record<string, unknown>): Record<string, unknown> => {
    const stored = row[siteContentColumns[language.code]];
    const content = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
    return Object.fromEntries(
      section.fields.map((field) => [field.name, content[field.name] ?? ""]),
    );
  };
  const form = useForm<ContentValues>({
    // The section's shared schema: e-mails and URLs checked, HTML cleaned.
    resolver: zodResolver(siteContentSchemas[section.id]) as unknown as Resolver<ContentValues>,
    defaultValues: toFormValues(section, start),
  });
  const { register, reset, handleSubmit, formState } = form;
  const [isSaving, setIsSaving] = useState(false);
  const isSavingRef = useRef(false);

  useEffect(() => {
    reset(toFormValues(section, start));
  }, [start, section, reset]);

  const { isDirty } = formState;
  useEffect(() => {
    onDirtyChange?.(`${section.id}/${language.code}`, isDirty);
  }, [onDirtyChange, section.id, language.code, isDirty]);

  const save = handleSubmit(async (values) => {
    if (isSavingRef.current) return;
    isSavingRef.current = true;
    setIsSaving(true);
    try {
      const saved = await client.saveSiteContent({
        section: section.id,
        language: language.code,
        content: values,
        version,
      });
      onVersion?.(section.id, saved.version);
      setConflict(null);
      // What is saved is the form's new starting point: no longer "unsaved", and what a later
      // conflict compares a colleague's version with.
      setOpened(form.getValues());
      reset(form.getValues());
      noticeSuccess(
        t("siteContent.saved", { name: t(section.noticeName) }),
        language.code === "en"
          ? t("siteContent.updated")
          : t("siteContent.updatedLanguage", { code: language.code.toUpperCase() }),
      );
    } catch (error) {
      // A colleague saved the section first: the next Save is based on their version.
      if (error instanceof ContentClientError && error.conflict) {
        onVersion?.(section.id, error.conflict.currentVersion);
        // A second conflict compares with the colleague's version this form is now based on.
        if (conflict) setOpened(languageContent(conflict.current));
        setConflict(error.conflict);
      }
      noticeError(t("siteContent.saveFailed"), errorMessage(error));
    } finally {
      isSavingRef.current = false;
      setIsSaving(false);
    }
  });

  /** A colleague's save since this form's version: shown as for a save, based on theirs next. */
  const noteConflict = (error: unknown) => {
    if (!(error instanceof ContentClientError) || !error.conflict) return;
    onVersion?.(section.id, error.conflict.currentVersion);
    if (conflict) setOpened(languageContent(conflict.current));
    setConflict(error.conflict);
  };

  const saveDraft = handleSubmit(async (values) => {
    if (!draft) return;
    const saved = await draft.save(
      { [siteContentColumns[language.code]]: values },
      version,
      noteConflict,
    );
    if (saved) setConflict(null);
  });

  /** Before Publish: the form's unsaved text into the draft; false when that was refused. */
  const saveBeforePublish = async (): Promise<boolean> => {
    if (!draft || !formState.isDirty) return true;
    let saved = false;
    await handleSubmit(async (values) => {
      const answer = await draft.save(
        { [siteContentColumns[language.code]]: values },
        version,
        noteConflict,
      );
      saved = answer !== null;
      if (answer) setConflict(null);
    })();
    return saved;
  };
  const saveBeforePublishRef = useRef(saveBeforePublish);
  saveBeforePublishRef.current = saveBeforePublish;
  useEffect(() => {
    if (!keepBeforePublish) return;
    const key = language.code;
    keepBeforePublish(key, () => saveBeforePublishRef.current());
    return () => keepBeforePublish(key, null);
  }, [keepBeforePublish, language.code]);

  const errorOf = (name: string) => {
    const error = formState.errors[name];
    return typeof error?.message === "string" ? error.message : undefined;
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      {conflict ? (
        <VersionConflictNotice
          // This form's language of the section, field by field, as opened and as it is now.
          conflict={{ ...conflict, current: languageContent(conflict.current) }}
          opened={opened}
          what={t("siteContent.conflictWhat", { section: t(section.tabLabel) })}
          labelOf={(name) => {
            const label = section.fields.find((field) => field.name === name)?.label;
            return t("field.inLanguage", {
              field: label ? t(label) : name,
              language: languageName(language.code, t),
            });
          }}
          onUseTheirs={(name, value) =>
            form.setValue(name, typeof value === "string" ? value : "", { shouldDirty: true })
          }
        />
      ) : null}
      {section.fields.map((field) => {
        if (field.kind === "html") {
          return (
            <HtmlField
              key={field.name}
              field={field}
              form={form}
              error={errorOf(field.name)}
              lang={language.code}
            />
          );
        }
        if (field.kind === "textarea") {
          return (
            <TextAreaField
              key={field.name}
              label={t(field.label)}
              rows={field.rows ?? 3}
              registration={register(field.name)}
              error={errorOf(field.name)}
            />
          );
        }
        return (
          <TextField
            key={field.name}
            label={t(field.label)}
            type={field.kind === "email" ? "email" : field.kind === "url" ? "url" : "text"}
            registration={register(field.name)}
            error={errorOf(field.name)}
          />
        );
      })}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={adminButton("primary")} disabled={isSaving}>
          {isSaving ? t("common.saving") : t(`siteContent.save.${language.code}`)}
        </button>
        {draft ? (
          <SaveDraftButton
            draft={draft}
            disabled={isSaving || !draft.isLoaded}
            onClick={() => void saveDraft()}
          />
        ) : null}
      </div>
    </form>
  );
}
