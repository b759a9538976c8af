/**
 * @module
 * A live preview of a rich HTML field, cleaned with DOMPurify before it is shown, so what is
 * typed never runs (the server cleans again on save with the site's allow-list).
 */
import DOMPurify from "dompurify";
import { useMemo } from "react";

export function sanitizePreviewHtml(html: string): string {
  if (typeof window === "undefined") return "";
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ["style"] });
}

export function HtmlPreview({
  html,
  label,
  lang,
}: {
  html: string;
  label: string;
  /** The language the content is written in (the form's, not the admin's). */
  lang?: string;
}) {
  const clean = useMemo(() => sanitizePreviewHtml(html), [html]);
  return (
    <section
      aria-label={label}
      className="mb-4 rounded-md border border-dashed border-gray-300 bg-gray-50 p-4"
    >
      <p className="mb-2 text-xs font-semibold tracking-wide text-gray-700 uppercase">{label}</p>
      <div
        lang={lang}
        className="prose max-w-none text-sm"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by DOMPurify just above
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </section>
  );
}
