/**
 * @module
 * The state of an item's draft in its editor (issue 34, item 1): "Draft saved {time} by {name}",
 * that the form holds the draft, and Preview (the admin's preview screen), Publish and Discard
 * draft. Also the "Save draft" button that stands beside Save.
 */
import { Link } from "react-router";
import type { DraftTable } from "../../../lib/content-api/draft-client";
import { adminButton } from "../common/admin-styles";
import { useAdminI18n } from "../shell/admin-language";
import type { ItemDraft } from "./use-item-draft";

/** The admin's preview screen of an item's draft (a project's page is at its live address). */
export function adminPreviewHref(
  table: DraftTable,
  id: string,
  options: { slug?: string | undefined; language?: string | undefined } = {},
): string {
  const query = new URLSearchParams({ table, id });
  if (options.slug) query.set("slug", options.slug);
  if (options.language) query.set("language", options.language);
  return `/admin/preview?${query.toString()}`;
}

export function DraftBar({
  draft,
  previewHref,
  onPublish,
  onDiscard,
}: {
  draft: ItemDraft;
  previewHref: string;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  const { t, formatDateTime } = useAdminI18n();
  const saved = draft.draft;
  if (!saved) return null;
  const busy = draft.busy !== null;
  return (
    <section
      aria-label={t("draft.saved")}
      data-draft-bar=""
      className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-gray-900"
    >
      <p className="font-semibold" role="status">
        {t("draft.state", {
          time: formatDateTime(saved.saved_at),
          name: saved.saved_by_name ?? t("draft.someone"),
        })}
      </p>
      <p className="mt-1">{t("draft.editing")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={previewHref} className={adminButton("outline")}>
          {t("draft.preview")}
        </Link>
        <button
          type="button"
          className={adminButton("primary")}
          disabled={busy}
          onClick={onPublish}
        >
          {draft.busy === "publish" ? t("draft.publishing") : t("draft.publish")}
        </button>
        <button
          type="button"
          className={adminButton("outline")}
          disabled={busy}
          onClick={onDiscard}
        >
          {t("draft.discard")}
        </button>
      </div>
    </section>
  );
}

/** "Save draft", beside Save: submits the form as a draft. */
export function SaveDraftButton({
  draft,
  onClick,
  disabled = false,
}: {
  draft: ItemDraft;
  onClick: () => void;
  disabled?: boolean;
}) {
  const { t } = useAdminI18n();
  return (
    <button
      type="button"
      className={adminButton("outline")}
      disabled={disabled || draft.busy !== null}
      onClick={onClick}
    >
      {draft.busy === "save" ? t("draft.saving") : t("draft.save")}
    </button>
  );
}
