/**
 * @module
 * What an editor sees when a colleague saved the same item first (issue 29): who and when, and
 * each field the colleague changed, as it was when the editor opened it and as it is now. The
 * editor's own text stays in the form; they copy what they need and save again, which then saves
 * over the colleague's version on purpose (the form now holds its version).
 */
import type { AdminKey } from "../../../i18n/admin/en";
import { type AdminTranslator, adminEnglish } from "../../../i18n/admin/translator";
import type { VersionConflict } from "../../../lib/content-api/content-client";
import { useAdminI18n } from "../shell/admin-language";
import { languageName } from "./languages";

const fieldNames: Record<string, AdminKey> = {
  title: "field.title",
  description: "field.description",
  details: "field.details",
  question: "field.question",
  answer: "field.answer",
  name: "field.name",
  category: "field.category",
  slug: "field.slug",
  image: "field.image",
  bg_color: "field.bg_color",
  seo_title: "field.seo_title",
  seo_description: "field.seo_description",
  seo_keywords: "field.seo_keywords",
  seo_og_image: "field.seo_og_image",
  content: "field.content",
};
/** Set by the database, not by editors: never part of a comparison. */
export const bookkeepingFields: ReadonlySet<string> = new Set([
  "id",
  "version",
  "created_at",
  "updated_at",
  "image_url",
]);

/** "Title (German)" for `title_de`, "Title (English)" for `title` (as the form fields name them). */
export function fieldLabel(field: string, t: AdminTranslator["t"] = adminEnglish.t): string {
  const match = /^(.*)_(de|bs)$/.exec(field);
  const base = match?.[1] ?? field;
  const language = languageName(match?.[2] === "de" ? "de" : match?.[2] === "bs" ? "bs" : "en", t);
  const key = fieldNames[base];
  const name = key ? t(key) : base;
  return base === "category" || base === "image" || base === "bg_color" || base === "slug"
    ? name
    : t("field.inLanguage", { field: name, language });
}

function shown(value: unknown, t: AdminTranslator["t"]): string {
  if (value === null || value === undefined || value === "") return t("common.empty");
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The fields the colleague changed: what the editor opened against what is stored now. */
export function changedSinceOpened(
  opened: Record<string, unknown> | null,
  current: Record<string, unknown>,
): { field: string; before: unknown; now: unknown }[] {
  return Object.keys(current)
    .filter((field) => !bookkeepingFields.has(field))
    .filter(
      (field) => JSON.stringify(opened?.[field] ?? null) !== JSON.stringify(current[field] ?? null),
    )
    .map((field) => ({ field, before: opened?.[field], now: current[field] }));
}

export function VersionConflictNotice({
  conflict,
  opened,
  what,
  onUseTheirs,
  labelOf,
  headingLevel = 3,
}: {
  conflict: VersionConflict;
  /** Its heading's level: 3 in a dialog or a section (default), 2 right below a page's title. */
  headingLevel?: 2 | 3;
  /** How a field is named (default: the row's columns, "Title (German)"). */
  labelOf?: (field: string) => string;
  /** The row as the editor opened it. */
  opened: Record<string, unknown> | null;
  /** What was saved, as the heading names it: "this project", "these SEO settings". */
  what: string;
  /** Copies the colleague's value of a field into the form (the editor's other fields stay). */
  onUseTheirs?: ((field: string, value: unknown) => void) | undefined;
}) {
  const { t, formatDateTime } = useAdminI18n();
  const label = labelOf ?? ((field: string) => fieldLabel(field, t));
  const when = conflict.changedAt ? formatDateTime(conflict.changedAt) : null;
  const who = conflict.changedBy ?? t("conflict.someone");
  const changes = changedSinceOpened(opened, conflict.current);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      role="alert"
      aria-labelledby="version-conflict-title"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Heading id="version-conflict-title" className="font-semibold">
        {when ? t("conflict.headingAt", { who, what, when }) : t("conflict.heading", { who, what })}
      </Heading>
      <p className="mt-1">{t("conflict.text")}</p>
      {changes.length > 0 ? (
        <dl className="mt-3 space-y-2">
          {changes.map((change) => (
            <div key={change.field}>
              <dt className="font-medium">{label(change.field)}</dt>
              <dd className="whitespace-pre-wrap break-words">
                <span className="text-amber-800">{t("conflict.whenOpened")}</span>{" "}
                {shown(change.before, t)}
              </dd>
              <dd className="whitespace-pre-wrap break-words">
                <span className="text-amber-800">{t("conflict.now")}</span> {shown(change.now, t)}
              </dd>
              {onUseTheirs ? (
                <dd>
                  <button
                    type="button"
                    className="mt-1 rounded border border-amber-400 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100 focus:outline-none focus:ring-2 focus:ring-amber-500"
                    onClick={() => onUseTheirs(change.field, change.now)}
                    aria-label={t("conflict.useTheirsNamed", { field: label(change.field) })}
                  >
                    {t("conflict.useTheirs")}
                  </button>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
