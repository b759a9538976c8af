/**
 * @module
 * /admin/trash (issue 29): what editors deleted, newest first, with who and when. Restore puts an
 * item back as it was deleted (its images were kept); Delete forever asks first, and takes the
 * images nothing else uses with it (issue 33, item 8). Items leave the trash by themselves after
 * the retention time the operator set (30 days by default). Deleting for good, and restoring the
 * global SEO settings, are an admin's (decision 032): an editor does not get those buttons.
 */
import { adminOnlyActions, isGlobalSettingsRow } from "@heritage/content";
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
import { formatWhen, itemName, tableLabels } from "./history-labels";

export function TrashScreen() {
  const client = useContentClient();
  const isAdmin = useAdminRole() === "admin";
  const mayRestore = (entry: TrashEntry) =>
    isAdmin || !isGlobalSettingsRow(entry.table_name, { ...entry.data, id: entry.row_id });
  const loadTrash = useCallback(() => client.history.listTrash(), [client]);
  const { rows, setRows, isLoading, loadError } = useAdminRows(loadTrash, (message) =>
    noticeError("Failed to load the trash", message),
  );
  const nameOf = (entry: TrashEntry) => itemName(entry.table_name, entry.data, entry.row_id);
  const remove = (entry: TrashEntry) =>
    setRows((current) => current.filter((row) => row.id !== entry.id));

  async function restore(entry: TrashEntry) {
    try {
      await client.history.restoreFromTrash(entry.table_name, entry.row_id);
      remove(entry);
      noticeSuccess("Restored", `${tableLabels[entry.table_name]} "${nameOf(entry)}" is back.`);
    } catch (error) {
      noticeError("Failed to restore", errorMessage(error));
    }
  }

  const { askToDelete, confirmDialogProps, toDelete } = useConfirmedDelete(
    async (entry: TrashEntry) => {
      try {
        await client.history.purgeFromTrash(entry.table_name, entry.row_id);
        remove(entry);
        noticeSuccess("Deleted for good", `"${nameOf(entry)}" and its history are gone.`);
        return true;
      } catch (error) {
        noticeError("Failed to delete for good", errorMessage(error));
        return false;
      }
    },
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Trash</h1>
        <p className="mt-2 text-gray-700">
          Deleted projects, categories, FAQ items and page content stay here for 30 days (or as long
          as your site is set to keep them), with their images. Restore puts an item back as it was
          deleted.
        </p>
        {isAdmin ? null : (
          <p role="note" className="mt-2 text-sm text-gray-700">
            {adminOnlyActions["purge-trash"]}
          </p>
        )}
      </div>
      <AdminTable
        rows={rows}
        rowKey={(entry) => entry.id}
        isLoading={isLoading}
        loadingLabel="Loading the trash..."
        loadError={loadError}
        errorText={(message) => `Failed to load the trash: ${message}`}
        emptyText="The trash is empty."
        columns={[
          {
            header: "Item",
            cell: (entry) => (
              <>
                <div className="font-semibold">{nameOf(entry)}</div>
                <div className="text-xs text-gray-700">{tableLabels[entry.table_name]}</div>
              </>
            ),
          },
          { header: "Deleted by", cell: (entry) => entry.deleted_by_name ?? "Unknown" },
          {
            header: "Deleted",
            cell: (entry) => formatWhen(entry.deleted_at),
            cellClassName: "whitespace-nowrap",
          },
          {
            header: "Actions",
            pinned: true,
            cell: (entry) => (
              <div className="flex flex-wrap gap-2">
                {mayRestore(entry) ? (
                  <button
                    type="button"
                    className={adminButton("outline")}
                    aria-label={`Restore ${nameOf(entry)}`}
                    onClick={() => void restore(entry)}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Restore
                  </button>
                ) : (
                  <span className="text-sm text-gray-700">An admin can restore this.</span>
                )}
                {isAdmin ? (
                  <button
                    type="button"
                    className={adminButton("danger")}
                    aria-label={`Delete forever: ${nameOf(entry)}`}
                    onClick={() => askToDelete(entry)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete forever
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        {...confirmDialogProps}
        question={`Delete "${toDelete ? nameOf(toDelete) : ""}" forever, with its history?`}
        description="This cannot be undone. Its images are deleted at once, unless other content uses them."
        confirmLabel="Delete forever"
      />
    </div>
  );
}
