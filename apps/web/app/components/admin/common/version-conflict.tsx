/**
 * @module
 * What an editor sees when a colleague saved the same item first (issue 29): who and when, and
 * each field the colleague changed, as it was when the editor opened it and as it is now. The
 * editor's own text stays in the form; they copy what they need and save again, which then saves
 * over the colleague's version on purpose (the form now holds its version).
 */
import type { VersionConflict } from "../../../lib/content-api/content-client";

const fieldNames: Record<string, string> = {
  title: "Title",
  description: "Description",
  details: "Details",
  question: "Question",
  answer: "Answer",
  name: "Name",
  category: "Category",
  slug: "Address",
  image: "Image",
  bg_color: "Background colour",
  seo_title: "SEO title",
  seo_description: "SEO description",
  seo_keywords: "SEO keywords",
  seo_og_image: "Share image",
  content: "Content",
};
// As the form fields name them ("Title (German)").
const languageNames: Record<string, string> = { de: "German", bs: "Bosnian" };
/** Set by the database, not by editors: never part of a comparison. */
export const bookkeepingFields: ReadonlySet<string> = new Set([
  "id",
  "version",
  "created_at",
  "updated_at",
  "image_url",
]);

/** "Title (German)" for `title_de`, "Title (English)" for `title`. */
export function fieldLabel(field: string): string {
  const match = /^(.*)_(de|bs)$/.exec(field);
  const base = match?.[1] ?? field;
  const language = match ? languageNames[match[2] ?? ""] : "English";
  const name = fieldNames[base] ?? base;
  return base === "category" || base === "image" || base === "bg_color" || base === "slug"
    ? name
    : `${name} (${language})`;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
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
  labelOf = fieldLabel,
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
  const when = conflict.changedAt ? new Date(conflict.changedAt).toLocaleString("en-GB") : null;
  const changes = changedSinceOpened(opened, conflict.current);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      role="alert"
      aria-labelledby="version-conflict-title"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Heading id="version-conflict-title" className="font-semibold">
        {conflict.changedBy ?? "Someone"} saved {what}
        {when ? ` at ${when}` : ""} while you were editing
      </Heading>
      <p className="mt-1">
        Your changes were not saved, and nothing you typed is lost. Compare their changes below,
        copy what you need into your text, then Save again to save your version over theirs.
      </p>
      {changes.length > 0 ? (
        <dl className="mt-3 space-y-2">
          {changes.map((change) => (
            <div key={change.field}>
              <dt className="font-medium">{labelOf(change.field)}</dt>
              <dd className="whitespace-pre-wrap break-words">
                <span className="text-amber-800">When you opened it:</span> {shown(change.before)}
              </dd>
              <dd className="whitespace-pre-wrap break-words">
                <span className="text-amber-800">Now:</span> {shown(change.now)}
              </dd>
              {onUseTheirs ? (
                <dd>
                  <button
                    type="button"
                    className="mt-1 rounded border border-amber-400 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100 focus:outline-none focus:ring-2 focus:ring-amber-500"
                    onClick={() => onUseTheirs(change.field, change.now)}
                    aria-label={`Use theirs: ${labelOf(change.field)}`}
                  >
                    Use theirs
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
