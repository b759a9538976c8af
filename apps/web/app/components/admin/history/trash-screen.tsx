/**
 * @module
 * /admin/trash (issue 29): what editors deleted, newest first, with who and when. Restore puts an
 * item back as it was deleted (its images were kept); Delete forever asks first, and takes the
 * images nothing else uses with it (issue 33, item 8). Items leave the trash by themselves after
 * the retention time the operator set (30 days by default). Deleting for good, and restoring the
 * global SEO settings, are an admin's (decision 032): an editor does not get those buttons.
 */
import { isGlobalSettingsRow } from "@heritage/content";
import { RotateCcw, Trash2 } from "lucide-react";
import { useCallback } from "react";
import { errorMessage } from "../../../lib/content-api/content-client";
import type { TrashEntry } from "../../../lib/content-api/history-client";
import { useAdminRole } from "../auth/use-admin-role";
import { adminButton } from "../common/admin-styles";
import { AdminTable, useAdminRows, useConfirmedDelete } from "../common/admin-table";
import { ConfirmDialog } from "../common/confirm-dialog";
import { noticeError, noticeSuccess } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { useAdminI18n } from "../shell/admin-language";
import { formatWhen, itemName, tableLabel } from "./history-labels";

export function TrashScreen() {
  const client = useContentClient();
  const { t, language } = useAdminI18n();
  const isAdmin = useAdminRole() === "admin";
  const mayRestore = (entry: TrashEntry) =>
    isAdmin || !isGlobalSettingsRow(entry.table_name, { ...entry.data, id: entry.row_id });
  const loadTrash = useCallback(() => client.history.listTrash(), [client]);
  const { rows, setRows, isLoading, loadError } = useAdminRows(loadTrash, (message) =>
    noticeError(t("trash.loadFailedTitle"), message),
  );
  const nameOf = (entry: TrashEntry) => itemName(entry.table_name, entry.data, entry.row_id, t);
  const remove = (entry: TrashEntry) =>
    setRows((current) => current.filter((row) => row.id !== entry.id));

  async function restore(entry: TrashEntry) {
    try {
      await client.history.restoreFromTrash(entry.table_name, entry.row_id);
      remove(entry);
      noticeSuccess(
        t("trash.restored"),
        t("trash.restoredText", { kind: tableLabel(entry.table_name, t), name: nameOf(entry) }),
      );
    } catch (error) {
      noticeError(t("history.restoreFailed"), errorMessage(error));
    }
  }

  const { askToDelete, confirmDialogProps, toDelete } = useConfirmedDelete(
    async (entry: TrashEntry) => {
      try {
        await client.history.purgeFromTrash(entry.table_name, entry.row_id);
        remove(entry);
        noticeSuccess(t("trash.purged"), t("trash.purgedText", { name: nameOf(entry) }));
        return true;
      } catch (error) {
        noticeError(t("trash.purgeFailed"), errorMessage(error));
        return false;
      }
    },
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">{t("trash.title")}</h1>
        <p className="mt-2 text-gray-700">{t("trash.intro")}</p>
        {isAdmin ? null : (
          <p role="note" className="mt-2 text-sm text-gray-700">
            {t("roles.purgeTrash")}
          </p>
        )}
      </div>
      <AdminTable
        rows={rows}
        rowKey={(entry) => entry.id}
        isLoading={isLoading}
        loadingLabel={t("trash.loading")}
        loadError={loadError}
        errorText={(message) => t("trash.loadFailed", { message })}
        emptyText={t("trash.empty")}
        columns={[
          {
            header: t("trash.column.item"),
            cell: (entry) => (
              <>
                <div className="font-semibold">{nameOf(entry)}</div>
                <div className="text-xs text-gray-700">{tableLabel(entry.table_name, t)}</div>
              </>
            ),
          },
          {
            header: t("trash.column.deletedBy"),
            cell: (entry) => entry.deleted_by_name ?? t("trash.unknown"),
          },
          {
            header: t("trash.column.deleted"),
            cell: (entry) => formatWhen(entry.deleted_at, language),
            cellClassName: "whitespace-nowrap",
          },
          {
            header: t("trash.column.actions"),
            pinned: true,
            cell: (entry) => (
              <div className="flex flex-wrap gap-2">
                {mayRestore(entry) ? (
                  <button
                    type="button"
                    className={adminButton("outline")}
                    aria-label={t("trash.restoreNamed", { name: nameOf(entry) })}
                    onClick={() => void restore(entry)}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    {t("trash.restore")}
                  </button>
                ) : (
                  <span className="text-sm text-gray-700">{t("trash.adminRestores")}</span>
                )}
                {isAdmin ? (
                  <button
                    type="button"
                    className={adminButton("danger")}
                    aria-label={t("trash.deleteForeverNamed", { name: nameOf(entry) })}
                    onClick={() => askToDelete(entry)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("trash.deleteForever")}
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        {...confirmDialogProps}
        question={t("trash.purgeQuestion", { name: toDelete ? nameOf(toDelete) : "" })}
        description={t("trash.purgeText")}
        confirmLabel={t("trash.deleteForever")}
      />
    </div>
  );
}
