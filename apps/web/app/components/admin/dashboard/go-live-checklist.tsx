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
import { errorMessage } from "../../../lib/content-api/content-client";
import { adminLanguages } from "../common/languages";
import { ErrorState, LoadingState } from "../common/screen-states";
import { useContentClient } from "../common/use-content-client";

const sectionLabels: Record<Placeholder["section"], string> = {
  impressum: "Impressum",
  datenschutz: "Datenschutz",
  contact: "Contact Page",
  footer: "Footer",
  seo: "SEO",
};

const fieldLabels: Record<string, string> = {
  content: "Content",
  email: "Email",
  phone: "Phone",
  address: "Address",
  contact_email: "Contact Email",
  contact_phone: "Contact Phone",
  social: "Social links",
};

/** The checklist item's text, e.g. "Impressum (German): Content". */
export function placeholderLabel(placeholder: Placeholder): string {
  const language = adminLanguages.find((entry) => entry.code === placeholder.language);
  const place = language
    ? `${sectionLabels[placeholder.section]} (${language.englishName})`
    : sectionLabels[placeholder.section];
  return `${place}: ${fieldLabels[placeholder.field] ?? placeholder.field}`;
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
        Before you go live
      </h2>
      {loadError !== null ? (
        <ErrorState
          text={`Failed to check the content for placeholders: ${loadError}`}
          onRetry={() => void load()}
        />
      ) : placeholders === null ? (
        <LoadingState label="Checking the content for placeholders..." />
      ) : placeholders.length === 0 ? (
        <p className="text-sm text-green-800">
          No placeholders left: every page can be found by search engines.
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-800">
            These texts are still the built-in placeholders. Replace them with your organisation's
            details; until then, the pages showing them are hidden from search engines (noindex).
          </p>
          <ul className="space-y-1 text-sm" aria-label="Placeholders still in place">
            {placeholders.map((placeholder) => (
              <li
                key={`${placeholder.section}-${placeholder.language}-${placeholder.field}`}
                className="break-words"
              >
                <Link
                  to={placeholderHref(placeholder)}
                  className="font-semibold text-(--color-heritage-800) underline"
                >
                  {placeholderLabel(placeholder)}
                </Link>{" "}
                <span className="text-gray-800">still shows “{placeholder.text}”</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
