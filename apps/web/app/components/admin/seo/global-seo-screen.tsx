/**
 * @module
 * /admin/seo (site spec, section 2): "Global SEO Settings" with tabs General, Organization,
 * Social Media and Performance, "Save SEO Settings" (not on Performance, which has nothing to
 * save), and the live social-share preview beside.
 * Title, description and keywords are written per language, with what each one misses shown
 * above them (issue 19, defect 4). Validated with the shared global SEO schema (keywords parsed
 * from comma-separated text). Global settings are an admin's: an editor sees them read-only, with
 * a note, and no Save or Restore (the server refuses an editor's save anyway; decision 032).
 */

import { GLOBAL_SEO_ID, type GlobalSeoContent, globalSeoContentSchema } from "@heritage/content";
import { zodResolver } from "@hookform/resolvers/zod";
import { History } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import {
  ContentClientError,
  errorMessage,
  type VersionConflict,
} from "../../../lib/content-api/content-client";
import { useAdminRole } from "../auth/use-admin-role";
import { adminButton, cardClass } from "../common/admin-styles";
import { AdminTabs } from "../common/admin-tabs";
import { TextAreaField, TextField } from "../common/form-fields";
import { adminLanguages } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { ErrorState, LoadingState } from "../common/screen-states";
import { useLeaveWarning } from "../common/unsaved-changes";
import { useContentClient } from "../common/use-content-client";
import { VersionConflictNotice } from "../common/version-conflict";
import { HistoryDialog } from "../history/history-dialog";
import { useAdminI18n } from "../shell/admin-language";
import {
  type GlobalSeoFormValues,
  globalSeoFieldLabel,
  toGlobalSeoValues,
} from "./global-seo-form-values";
import { LanguageSeoFields, SeoLanguageSummary } from "./language-seo-fields";
import { PerformancePanel } from "./performance-panel";
import { SocialPreview } from "./social-preview";

const seoResolver = zodResolver(globalSeoContentSchema) as unknown as Resolver<
  GlobalSeoFormValues,
  unknown,
  GlobalSeoContent
>;

const tabOfField = (name: string) =>
  name.startsWith("social_")
    ? "social"
    : name.startsWith("organization_") || name.startsWith("contact_")
      ? "organization"
      : "general";

const seoTabs = ["general", "organization", "social", "performance"];

/** The form's values of a stored settings row (its `content`). */
function settingsOf(row: Record<string, unknown>): GlobalSeoFormValues {
  const content = row.content;
  return toGlobalSeoValues(
    content && typeof content === "object" ? (content as Record<string, unknown>) : null,
  );
}

/** Wraps a tab's fields; disabled (read-only) for an editor. */
function SettingsFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={readOnly} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}

export function GlobalSeoScreen() {
  const client = useContentClient();
  const { t } = useAdminI18n();
  const readOnly = useAdminRole() !== "admin";
  const form = useForm<GlobalSeoFormValues, unknown, GlobalSeoContent>({
    resolver: seoResolver,
    defaultValues: toGlobalSeoValues(null),
  });
  const { register, reset, watch, handleSubmit, formState } = form;
  const [isLoading, setIsLoading] = useState(true);
  // A failed load offers no form: its defaults, saved, would overwrite the stored settings.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // ?tab=social opens that tab (the dashboard's go-live checklist links there).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(() => {
    const requested = searchParams.get("tab");
    return requested && seoTabs.includes(requested) ? requested : "general";
  });
  const isSavingRef = useRef(false);
  /** The settings' version the form is based on (sent as If-Match). */
  const versionRef = useRef<number | undefined>(undefined);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  // What the form's text is based on: the stored settings, then a colleague's after a conflict.
  const [opened, setOpened] = useState<GlobalSeoFormValues>(() => toGlobalSeoValues(null));
  const [historyOpen, setHistoryOpen] = useState(false);

  // Returns a cancel function: the effect's cleanup (a retry's is not needed: the screen stays).
  const load = useCallback(() => {
    let isCurrent = true;
    setIsLoading(true);
    client
      .getGlobalSeoRow()
      .then((stored) => {
        if (!isCurrent) return;
        versionRef.current = stored?.version;
        setConflict(null);
        setOpened(toGlobalSeoValues(stored?.content ?? null));
        reset(toGlobalSeoValues(stored?.content ?? null));
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        setLoadError(errorMessage(error));
        noticeError(t("seo.loadFailedTitle"), errorMessage(error));
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [client, reset, t]);

  useEffect(() => load(), [load]);

  const save = handleSubmit(
    async (values) => {
      if (isSavingRef.current) return;
      isSavingRef.current = true;
      setIsSaving(true);
      try {
        const saved = await client.saveGlobalSeo(values, versionRef.current);
        versionRef.current = saved.version;
        setConflict(null);
        // What is saved is the form's new starting point: no longer "unsaved", and what a later
        // conflict compares a colleague's version with.
        setOpened(form.getValues());
        reset(form.getValues());
        noticeSuccess(t("seo.saved"), t("seo.savedText"));
      } catch (error) {
        // A colleague saved first: the next Save is based on their version (issue 29).
        if (error instanceof ContentClientError && error.conflict) {
          versionRef.current = error.conflict.currentVersion;
          // A second conflict compares with the colleague's version the form is now based on.
          if (conflict) setOpened(settingsOf(conflict.current));
          setConflict(error.conflict);
        }
        noticeError(t("seo.saveFailed"), errorMessage(error));
      } finally {
        isSavingRef.current = false;
        setIsSaving(false);
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOfField(first));
    },
  );

  const leaveWarning = useLeaveWarning(formState.isDirty && !isSaving);
  const errorOf = (name: keyof GlobalSeoFormValues) => formState.errors[name]?.message;
  const title = watch("default_title") ?? "";
  const description = watch("default_description") ?? "";

  if (isLoading) return <LoadingState label={t("seo.loading")} />;
  if (loadError !== null) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-semibold">{t("seo.title")}</h1>
        <ErrorState
          text={t("seo.loadFailed", { message: loadError })}
          onRetry={() => void load()}
        />
      </div>
    );
  }

  const url = (name: keyof GlobalSeoFormValues, label: string, placeholder: string) => (
    <TextField
      label={label}
      type="url"
      placeholder={placeholder}
      registration={register(name)}
      error={errorOf(name)}
    />
  );

  return (
    <div className="space-y-6">
      {leaveWarning}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t("seo.title")}</h1>
        <button
          type="button"
          className={adminButton("outline")}
          aria-label={t("seo.historyNamed")}
          onClick={() => setHistoryOpen(true)}
        >
          <History aria-hidden="true" className="size-4" />
          {t("common.history")}
        </button>
      </div>
      <HistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        client={client}
        table="site_content"
        item={{ id: GLOBAL_SEO_ID, name: t("seo.itemName"), version: versionRef.current }}
        readOnlyNote={readOnly ? t("roles.globalSettings") : undefined}
        onRestored={(row) => {
          versionRef.current = typeof row.version === "number" ? row.version : undefined;
          setConflict(null);
          setOpened(settingsOf(row));
          reset(settingsOf(row));
        }}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form onSubmit={(event) => void save(event)} noValidate className={cardClass}>
          {readOnly ? (
            <p role="note" className="mb-4 rounded-md bg-gray-100 p-3 text-sm text-gray-900">
              {t("roles.globalSettings")} {t("seo.readOnly")}
            </p>
          ) : null}
          {conflict ? (
            <VersionConflictNotice
              // Field by field, as the editor opened them and as the colleague saved them.
              conflict={{ ...conflict, current: settingsOf(conflict.current) }}
              opened={opened}
              what={t("seo.these")}
              headingLevel={2}
              labelOf={(name) => globalSeoFieldLabel(name, t)}
              onUseTheirs={(name, value) =>
                form.setValue(
                  name as keyof GlobalSeoFormValues,
                  typeof value === "string" ? value : "",
                  { shouldDirty: true },
                )
              }
            />
          ) : null}
          <AdminTabs
            label={t("seo.tabs")}
            value={tab}
            onValueChange={setTab}
            tabs={[
              {
                value: "general",
                label: t("seo.tab.general"),
                content: (
                  <SettingsFields readOnly={readOnly}>
                    <TextField
                      label={t("seo.field.site_name")}
                      registration={register("site_name")}
                      error={errorOf("site_name")}
                    />
                    <SeoLanguageSummary values={watch()} />
                    {adminLanguages.map((language) => (
                      <LanguageSeoFields
                        key={language.code}
                        language={language}
                        register={register}
                        watch={watch}
                        errors={formState.errors}
                      />
                    ))}
                    {url(
                      "default_og_image",
                      t("seo.field.default_og_image"),
                      "https://example.org/share.jpg",
                    )}
                  </SettingsFields>
                ),
              },
              {
                value: "organization",
                label: t("seo.tab.organization"),
                content: (
                  <SettingsFields readOnly={readOnly}>
                    <TextField
                      label={t("seo.field.organization_name")}
                      registration={register("organization_name")}
                      error={errorOf("organization_name")}
                    />
                    <TextAreaField
                      label={t("seo.field.organization_description")}
                      rows={3}
                      registration={register("organization_description")}
                      error={errorOf("organization_description")}
                    />
                    {url(
                      "organization_logo",
                      t("seo.field.organization_logo"),
                      "https://example.org/logo.png",
                    )}
                    {url(
                      "organization_url",
                      t("seo.field.organization_url"),
                      "https://example.org",
                    )}
                    <TextField
                      label={t("seo.field.contact_email")}
                      type="email"
                      registration={register("contact_email")}
                      error={errorOf("contact_email")}
                    />
                    <TextField
                      label={t("seo.field.contact_phone")}
                      type="tel"
                      registration={register("contact_phone")}
                      error={errorOf("contact_phone")}
                    />
                  </SettingsFields>
                ),
              },
              {
                value: "social",
                label: t("seo.tab.social"),
                content: (
                  <SettingsFields readOnly={readOnly}>
                    {url(
                      "social_twitter",
                      t("seo.field.social_twitter"),
                      "https://twitter.com/...",
                    )}
                    {url(
                      "social_facebook",
                      t("seo.field.social_facebook"),
                      "https://facebook.com/...",
                    )}
                    {url(
                      "social_linkedin",
                      t("seo.field.social_linkedin"),
                      "https://linkedin.com/company/...",
                    )}
                    {url(
                      "social_instagram",
                      t("seo.field.social_instagram"),
                      "https://instagram.com/...",
                    )}
                  </SettingsFields>
                ),
              },
              {
                value: "performance",
                label: t("seo.tab.performance"),
                content: <PerformancePanel />,
              },
            ]}
          />
          {/* The Performance tab measures the public pages: it has nothing to save. */}
          {tab === "performance" || readOnly ? null : (
            <div className="mt-6 border-t border-gray-200 pt-4">
              <button type="submit" className={adminButton("primary")} disabled={isSaving}>
                {isSaving ? t("common.saving") : t("seo.save")}
              </button>
            </div>
          )}
        </form>
        <aside className={cardClass}>
          <SocialPreview
            title={title || watch("site_name") || ""}
            description={description}
            image={watch("default_og_image") ?? ""}
            url={watch("organization_url") ?? ""}
          />
        </aside>
      </div>
    </div>
  );
}
