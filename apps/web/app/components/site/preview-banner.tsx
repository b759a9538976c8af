/**
 * @module
 * The mark of a signed-in admin's preview of a draft (issue 34, item 1; decision 036): a band at
 * the top of the page, in the page's language, saying that visitors do not see this yet.
 */
import { uiStrings } from "../../lib/i18n";
import { languageTags, type SiteLanguage } from "../../lib/language";

export function PreviewBanner({
  preview,
  language,
}: {
  preview: { savedBy: string | null; savedAt: string | null };
  language: SiteLanguage;
}) {
  const strings = uiStrings[language].preview;
  // Public pages render on the server only: one time zone for everyone, named.
  const savedAt = preview.savedAt
    ? `${new Intl.DateTimeFormat(languageTags[language].lang, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(new Date(preview.savedAt))} UTC`
    : null;
  return (
    <aside
      aria-label={strings.title}
      data-preview-banner=""
      className="border-b-4 border-(--color-terracotta-600) bg-(--color-gold-300) px-4 py-3 text-(--color-ink)"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-baseline gap-x-3 gap-y-1">
        <strong className="font-bold">{strings.title}</strong>
        <span>{strings.text}</span>
        {preview.savedBy && savedAt ? (
          <span>{strings.savedBy(preview.savedBy, savedAt)}</span>
        ) : null}
      </div>
    </aside>
  );
}
