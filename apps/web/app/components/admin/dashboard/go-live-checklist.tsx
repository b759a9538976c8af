/**
 * @module
 * The dashboard's "Before you go live" checklist (issue 19, defect 10): every placeholder of the
 * default copy still in place (bracketed texts, the example.org address, the all-zero phone, the
 * networks' home pages as social links), per language, each linking to the form where it is
 * edited. Public pages whose own content holds one are kept out of search engines until then.
 */
import { findPlaceholders, type Placeholder, type SiteContentRow } from "@heritage/content";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { AdminKey } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import { errorMessage } from "../../../lib/content-api/content-client";
import { isSiteLanguage } from "../../../lib/language";
import { languageName } from "../common/languages";
import { ErrorState, LoadingState } from "../common/screen-states";
import { useContentClient } from "../common/use-content-client";
import { useAdminI18n } from "../shell/admin-language";

const fieldKeys: Record<string, AdminKey> = {
  content: "goLive.field.content",
  email: "goLive.field.email",
  phone: "goLive.field.phone",
  address: "goLive.field.address",
  contact_email: "goLive.field.contact_email",
  contact_phone: "goLive.field.contact_phone",
  social: "goLive.field.social",
};

/** The checklist item's text, e.g. "Impressum (German): Content". */
export function placeholderLabel(
  placeholder: Placeholder,
  { t }: Pick<AdminTranslator, "t"> = adminEnglish,
): string {
  const section = t(`goLive.section.${placeholder.section}`);
  const place = isSiteLanguage(placeholder.language)
    ? t("goLive.place", { section, language: languageName(placeholder.language, t) })
    : section;
  const fieldKey = fieldKeys[placeholder.field];
  return t("goLive.item", { place, field: fieldKey ? t(fieldKey) : placeholder.field });
}

/** Where the placeholder is edited. */
export function placeholderHref(placeholder: Placeholder): string {
  if (placeholder.section === "seo") {
    return `/admin/seo?tab=${placeholder.field === "social" ? "social" : "organization"}`;
  }
  return `/admin/site-content?section=${placeholder.section}&language=${placeholder.language}`;
}

export function GoLiveChecklist() {
  const client = useContentClient();
  const i18n = useAdminI18n();
  const { t } = i18n;
  const [placeholders, setPlaceholders] = useState<Placeholder[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const rows = new Map(
        (await client.listSiteContent()).map((row) => [row.id, row as unknown as SiteContentRow]),
      );
      setPlaceholders(findPlaceholders((id) => rows.get(id)));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, [client]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section
      aria-labelledby="go-live-heading"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="go-live-heading" className="text-xl font-semibold text-gray-900">
        {t("goLive.heading")}
      </h2>
      {loadError !== null ? (
        <ErrorState
          text={t("goLive.loadFailed", { message: loadError })}
          onRetry={() => void load()}
        />
      ) : placeholders === null ? (
        <LoadingState label={t("goLive.loading")} />
      ) : placeholders.length === 0 ? (
        <p className="text-sm text-green-800">{t("goLive.none")}</p>
      ) : (
        <>
          <p className="text-sm text-gray-800">{t("goLive.intro")}</p>
          <ul className="space-y-1 text-sm" aria-label={t("goLive.list")}>
            {placeholders.map((placeholder) => (
              <li
                key={`${placeholder.section}-${placeholder.language}-${placeholder.field}`}
                className="break-words"
              >
                <Link
                  to={placeholderHref(placeholder)}
                  className="font-semibold text-(--color-heritage-800) underline"
                >
                  {placeholderLabel(placeholder, i18n)}
                </Link>{" "}
                <span className="text-gray-800">
                  {t("goLive.stillShows", { text: placeholder.text })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
