/**
 * @module
 * An item's history (issue 29): every saved version, newest first, with who saved it, when and
 * which fields changed; any two versions side by side, per language; and Restore, which brings a
 * version back as a new one (so the restore can itself be undone). The restore sends the version
 * the list shows (If-Match), so it never overwrites a colleague's newer save unseen.
 */
import { RotateCcw } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { type ContentClient, errorMessage } from "../../../lib/content-api/content-client";
import type { HistoryTable, Revision } from "../../../lib/content-api/history-client";
import { AdminDialog } from "../common/admin-dialog";
import { adminButton, inputClass, labelClass } from "../common/admin-styles";
import { AdminTabs } from "../common/admin-tabs";
import { LanguageTabLabel } from "../common/language-tab-label";
import { noticeError, noticeSuccess } from "../common/notices";
import { ErrorState, LoadingState } from "../common/screen-states";
import { bookkeepingFields, fieldLabel } from "../common/version-conflict";
import { useAdminI18n } from "../shell/admin-language";
import { changedFieldsText, formatWhen, operationLabel } from "./history-labels";

/** Fields written per language; any other field is common to all languages. */
const languageFields = new Set([
  "title",
  "description",
  "details",
  "question",
  "answer",
  "name",
  "content",
  "seo_title",
  "seo_description",
  "seo_keywords",
  "seo_og_image",
]);

type Group = "en" | "de" | "bs" | "common";
/** The comparison's tabs: each language as the editors' tabs name it, in itself (spec section 2). */
const groups: Group[] = ["en", "de", "bs", "common"];

function groupOf(field: string): Group {
  const suffix = /_(de|bs)$/.exec(field)?.[1];
  if (suffix === "de" || suffix === "bs") return suffix;
  return languageFields.has(field) ? "en" : "common";
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}

function versionLabel(revision: Revision, { t, language }: AdminTranslator): string {
  return t("history.versionLabel", {
    version: String(revision.version),
    operation: operationLabel(revision.operation, t),
    when: formatWhen(revision.created_at, language),
    who: revision.actor_name ?? t("history.unknownPerson"),
  });
}

/** Two versions side by side: one row per field of the group, changed ones marked. */
function Comparison({ older, newer, group }: { older: Revision; newer: Revision; group: Group }) {
  const { t } = useAdminI18n();
  const fields = [...new Set([...Object.keys(older.data), ...Object.keys(newer.data)])].filter(
    (field) => !bookkeepingFields.has(field) && groupOf(field) === group,
  );
  if (fields.length === 0) return <p className="text-sm text-gray-700">{t("history.noFields")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="border-b px-2 py-1">
              {t("history.field")}
            </th>
            <th scope="col" className="border-b px-2 py-1">
              {t("history.version", { version: String(older.version) })}
            </th>
            <th scope="col" className="border-b px-2 py-1">
              {t("history.version", { version: String(newer.version) })}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const before = text(older.data[field]);
            const after = text(newer.data[field]);
            const changed = before !== after;
            return (
              <tr key={field} className={changed ? "bg-amber-50" : undefined}>
                <th scope="row" className="border-b px-2 py-1 align-top font-medium">
                  {fieldLabel(field, t)}
                  {changed ? (
                    <span className="block text-xs text-amber-800">{t("history.changed")}</span>
                  ) : null}
                </th>
                <td className="border-b px-2 py-1 align-top whitespace-pre-wrap break-words">
                  {before || <span className="text-gray-500">{t("common.empty")}</span>}
                </td>
                <td className="border-b px-2 py-1 align-top whitespace-pre-wrap break-words">
                  {after || <span className="text-gray-500">{t("common.empty")}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One side of the comparison: any kept version. */
function RevisionSelect({
  label,
  revisions,
  value,
  onChange,
}: {
  label: string;
  revisions: Revision[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const i18n = useAdminI18n();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {revisions.map((revision) => (
          <option key={revision.id} value={revision.id}>
            {versionLabel(revision, i18n)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function HistoryDialog({
  open,
  onOpenChange,
  client,
  table,
  item,
  onRestored,
  readOnlyNote,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: ContentClient;
  table: HistoryTable;
  /** The item as the list shows it: its version is what a restore is checked against. */
  item: { id: string; name: string; version?: number | undefined } | null;
  onRestored: (row: Record<string, unknown>) => void;
  /** Set when the signed-in user may not restore this item (an editor, the global SEO): why. */
  readOnlyNote?: string | undefined;
}) {
  const i18n = useAdminI18n();
  const { t } = i18n;
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [isLoading, setIsLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [olderId, setOlderId] = useState("");
  const [newerId, setNewerId] = useState("");
  const [restoring, setRestoring] = useState<string | null>(null);
  const [currentVersion, setCurrentVersion] = useState<number | undefined>(undefined);
  const ids = { versions: useId(), compare: useId() };

  // The parent may build `item` anew each render: its id and version are what count.
  const itemId = item?.id;
  const itemVersion = item?.version;
  const load = useCallback(async () => {
    if (!itemId) return;
    setIsLoading(true);
    try {
      const found = await client.history.listRevisions(table, itemId);
      setRevisions(found);
      setNewerId(found[0]?.id ?? "");
      setOlderId(found[1]?.id ?? found[0]?.id ?? "");
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }, [client, table, itemId]);

  useEffect(() => {
    if (!open || !itemId) return;
    setCurrentVersion(itemVersion);
    void load();
  }, [open, itemId, itemVersion, load]);

  async function restore(revision: Revision) {
    if (restoring) return;
    setRestoring(revision.id);
    try {
      const row = await client.history.restoreRevision(revision.id, currentVersion);
      const version = typeof row.version === "number" ? row.version : undefined;
      setCurrentVersion(version);
      onRestored(row);
      noticeSuccess(
        t("history.restored"),
        t("history.restoredText", { version: String(revision.version) }),
      );
      await load();
    } catch (error) {
      noticeError(t("history.restoreFailed"), errorMessage(error));
    } finally {
      setRestoring(null);
    }
  }

  const older = revisions.find((revision) => revision.id === olderId);
  const newer = revisions.find((revision) => revision.id === newerId);
  const title = item ? t("history.titleOf", { name: item.name }) : t("common.history");

  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={title} wide>
      {isLoading && revisions.length === 0 ? (
        <LoadingState label={t("history.loading")} />
      ) : loadError ? (
        <ErrorState
          text={t("history.loadFailed", { message: loadError })}
          onRetry={() => void load()}
        />
      ) : revisions.length === 0 ? (
        <p className="py-6 text-center text-gray-700">{t("history.none")}</p>
      ) : (
        <div className="space-y-6">
          <section aria-labelledby={ids.versions}>
            <h3 id={ids.versions} className="mb-2 font-semibold">
              {t("history.versions")}
            </h3>
            {readOnlyNote ? <p className="mb-2 text-sm text-gray-700">{readOnlyNote}</p> : null}
            <ol className="divide-y rounded-md border border-gray-200">
              {revisions.map((revision, index) => (
                <li
                  key={revision.id}
                  className="flex flex-wrap items-center justify-between gap-2 p-3"
                >
                  <div className="text-sm">
                    <div className="font-medium">
                      {versionLabel(revision, i18n)}
                      {index === 0 ? ` ${t("history.current")}` : ""}
                    </div>
                    {revision.changed_fields.length > 0 && revision.operation !== "create" ? (
                      <div className="text-gray-700">
                        {t("history.changedFields", {
                          fields: changedFieldsText(revision.changed_fields, t),
                        })}
                      </div>
                    ) : null}
                  </div>
                  {index > 0 && !readOnlyNote ? (
                    <button
                      type="button"
                      className={adminButton("outline")}
                      disabled={restoring !== null}
                      aria-label={t("history.restoreVersion", {
                        version: String(revision.version),
                      })}
                      onClick={() => void restore(revision)}
                    >
                      <RotateCcw aria-hidden="true" className="size-4" />
                      {restoring === revision.id ? t("history.restoring") : t("history.restore")}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby={ids.compare} className="space-y-3">
            <h3 id={ids.compare} className="font-semibold">
              {t("history.compareVersions")}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <RevisionSelect
                label={t("history.compare")}
                revisions={revisions}
                value={olderId}
                onChange={setOlderId}
              />
              <RevisionSelect
                label={t("history.with")}
                revisions={revisions}
                value={newerId}
                onChange={setNewerId}
              />
            </div>
            {older && newer ? (
              <AdminTabs
                label={t("history.compareLanguage")}
                tabs={groups.map((group) => ({
                  value: group,
                  label:
                    group === "common" ? (
                      t("history.commonFields")
                    ) : (
                      <LanguageTabLabel code={group} />
                    ),
                  content: <Comparison older={older} newer={newer} group={group} />,
                }))}
              />
            ) : null}
          </section>
        </div>
      )}
    </AdminDialog>
  );
}
