/**
 * @module
 * /admin/site-content (site spec, section 2): tabs Hero Section, Footer, About Page, Contact
 * Page, Impressum and Datenschutz, each with English, German and Bosnian sub-tabs and forms.
 * A language with nothing stored starts from the built-in default copy. The German and Bosnian
 * tabs of a section say whether its translation is missing, outdated or up to date, with "Mark
 * as checked" (issue 34, item 2). A section can be saved as a draft, previewed, published or
 * discarded; its forms then hold the draft (issue 34, item 1).
 */
import { defaultPageCopy } from "@heritage/content";
import { History } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  errorMessage,
  type SiteContentRowAnswer,
  siteContentRowAnswerSchema,
} from "../../../lib/content-api/content-client";
import { adminButton } from "../common/admin-styles";
import { AdminTabs } from "../common/admin-tabs";
import { adminLanguages, languageName } from "../common/languages";
import { noticeError } from "../common/notices";
import { ErrorState, LoadingState } from "../common/screen-states";
import { useLeaveWarning } from "../common/unsaved-changes";
import { useContentClient } from "../common/use-content-client";
import { adminPreviewHref, DraftBar } from "../drafts/draft-bar";
import { type ItemDraft, useItemDraft } from "../drafts/use-item-draft";
import { HistoryDialog } from "../history/history-dialog";
import { ItemSchedule } from "../schedules/item-schedule";
import { useAdminI18n } from "../shell/admin-language";
import { TranslationStatusNote, useTableTranslations } from "../translations/translation-status";
import { type KeepBeforePublish, SiteContentForm } from "./site-content-form";
import { type ContentSectionForm, contentSectionForms } from "./site-content-sections";

const columns = { en: "content", de: "content_de", bs: "content_bs" } as const;

export function SiteContentScreen() {
  const client = useContentClient();
  const { t } = useAdminI18n();
  const [rows, setRows] = useState<Map<string, SiteContentRowAnswer> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await client.listSiteContent();
      setRows(new Map(list.map((row) => [row.id, row])));
      setLoadError(null);
    } catch (error) {
      // No forms then: forms filled with the default copy would overwrite what is stored.
      setLoadError(errorMessage(error));
      setRows(new Map());
      noticeError(t("siteContent.loadFailedTitle"), errorMessage(error));
    }
  }, [client, t]);

  const retry = () => {
    setRows(null);
    void load();
  };

  useEffect(() => {
    void load();
  }, [load]);

  if (rows === null) return <LoadingState label={t("siteContent.loading")} />;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">{t("siteContent.title")}</h1>
      {loadError ? (
        <ErrorState text={t("siteContent.loadFailed", { message: loadError })} onRetry={retry} />
      ) : (
        <SiteContentTabs
          rows={rows}
          client={client}
          // Only the restored section's row is replaced: other sections' forms keep their text.
          onRowRestored={(row) => setRows((current) => new Map(current).set(row.id, row))}
        />
      )}
    </div>
  );
}

function SiteContentTabs({
  rows,
  client,
  onRowRestored,
}: {
  rows: Map<string, SiteContentRowAnswer>;
  client: ReturnType<typeof useContentClient>;
  onRowRestored: (row: SiteContentRowAnswer) => void;
}) {
  const { t } = useAdminI18n();
  const [history, setHistory] = useState<{ open: boolean; section: ContentSectionForm | null }>({
    open: false,
    section: null,
  });
  // Which forms (section/language) hold unsaved changes: leaving the page asks first.
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const onDirtyChange = useCallback((key: string, isDirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(key) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const leaveWarning = useLeaveWarning(dirtyForms.size > 0);
  // Each section's version: its three language forms save the same row (If-Match, issue 29).
  const [versions, setVersions] = useState<ReadonlyMap<string, number | undefined>>(
    () => new Map([...rows].map(([id, row]) => [id, row.version])),
  );
  // Each section's translation status per language; a save (or a colleague's, seen as a
  // conflict) may change it.
  const translations = useTableTranslations(client, "site_content");
  const reloadTranslations = translations.reload;
  const onVersion = useCallback(
    (section: string, version: number | undefined) => {
      setVersions((current) => new Map(current).set(section, version));
      void reloadTranslations();
    },
    [reloadTranslations],
  );
  // ?section=impressum&language=de opens that form (the dashboard's go-live checklist links
  // there); anything else opens the first tabs.
  const [searchParams] = useSearchParams();
  const requestedSection = searchParams.get("section");
  const requestedLanguage = searchParams.get("language");
  const openSection = contentSectionForms.find((form) => form.id === requestedSection)?.id;
  const openLanguage = adminLanguages.find((entry) => entry.code === requestedLanguage)?.code;
  return (
    <>
      {leaveWarning}
      <AdminTabs
        label={t("siteContent.sections")}
        {...(openSection ? { defaultValue: openSection } : {})}
        tabs={contentSectionForms.map((section) => ({
          value: section.id,
          label: t(section.tabLabel),
          content: (
            <div className="rounded-lg border border-gray-200 bg-white p-6">
              <div className="mb-4 flex justify-end">
                <button
                  type="button"
                  className={adminButton("outline")}
                  aria-label={t("common.historyNamed", { name: t(section.tabLabel) })}
                  onClick={() => setHistory({ open: true, section })}
                >
                  <History aria-hidden="true" className="size-4" />
                  {t("common.history")}
                </button>
              </div>
              <SectionDraft
                client={client}
                section={section}
                onPublished={(row) => {
                  onVersion(row.id, row.version);
                  onRowRestored(row);
                }}
              >
                {(draft, keepBeforePublish) => (
                  <AdminTabs
                    label={t("siteContent.languages", { section: t(section.tabLabel) })}
                    {...(openLanguage && section.id === openSection
                      ? { defaultValue: openLanguage }
                      : {})}
                    tabs={adminLanguages.map((language) => {
                      const stored = rows.get(section.id)?.[columns[language.code]];
                      const initial =
                        stored ??
                        (defaultPageCopy[language.code][section.id] as unknown as Record<
                          string,
                          unknown
                        >);
                      return {
                        value: language.code,
                        label: languageName(language.code, t),
                        content: (
                          <>
                            {language.code === "en" ? null : (
                              <TranslationStatusNote
                                entry={translations.entryOf(section.id, language.code)}
                                onMarkChecked={(code) =>
                                  void translations.markChecked(
                                    section.id,
                                    code,
                                    versions.get(section.id),
                                  )
                                }
                                isMarking={translations.isMarking(section.id, language.code)}
                              />
                            )}
                            <SiteContentForm
                              section={section}
                              language={language}
                              initial={initial}
                              client={client}
                              onDirtyChange={onDirtyChange}
                              version={versions.get(section.id)}
                              onVersion={onVersion}
                              draft={draft}
                              keepBeforePublish={keepBeforePublish}
                            />
                          </>
                        ),
                      };
                    })}
                  />
                )}
              </SectionDraft>
            </div>
          ),
        }))}
      />
      <HistoryDialog
        open={history.open}
        onOpenChange={(open) => setHistory((current) => ({ ...current, open }))}
        client={client}
        table="site_content"
        item={
          history.section
            ? {
                id: history.section.id,
                name: t(history.section.tabLabel),
                version: versions.get(history.section.id),
              }
            : null
        }
        onRestored={(row) => {
          const restored = siteContentRowAnswerSchema.parse(row);
          onVersion(restored.id, restored.version);
          onRowRestored(restored);
        }}
      />
    </>
  );
}

/** A section's draft (issue 34, item 1): its state and actions above the language forms. */
function SectionDraft({
  client,
  section,
  onPublished,
  children,
}: {
  client: ReturnType<typeof useContentClient>;
  section: ContentSectionForm;
  onPublished: (row: SiteContentRowAnswer) => void;
  children: (draft: ItemDraft, keepBeforePublish: KeepBeforePublish) => ReactNode;
}) {
  const draft = useItemDraft(client, "site_content", section.id, true);
  // Each open language form's "save my unsaved text to the draft", run before publishing, so
  // Publish never leaves out what the editor typed (as the project and FAQ editors do).
  const beforePublish = useRef(new Map<string, () => Promise<boolean>>());
  const keepBeforePublish = useCallback<KeepBeforePublish>((key, save) => {
    if (save) beforePublish.current.set(key, save);
    else beforePublish.current.delete(key);
  }, []);
  async function publish() {
    for (const save of [...beforePublish.current.values()]) {
      if (!(await save())) return;
    }
    const row = await draft.publish(siteContentRowAnswerSchema);
    if (row) onPublished(row);
  }
  return (
    <>
      <DraftBar
        draft={draft}
        previewHref={adminPreviewHref("site_content", section.id)}
        onPublish={() => void publish()}
        onDiscard={() => void draft.discard()}
      />
      <ItemSchedule
        client={client}
        table="site_content"
        id={section.id}
        hasDraft={draft.draft !== null}
        canUnpublish={false}
      />
      {children(draft, keepBeforePublish)}
    </>
  );
}
