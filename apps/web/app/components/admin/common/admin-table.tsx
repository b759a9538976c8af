/**
 * @module
 * The list of an admin screen (projects, FAQ, contact messages): its loading, error and empty
 * states, then a table with one header cell per column, plus the Edit / Delete row actions and
 * the loading of the rows these screens share.
 */
import { History, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../lib/content-api/content-client";
import { useAdminI18n } from "../shell/admin-language";
import { adminButton, cellClass, headCellClass, tableClass } from "./admin-styles";
import { EmptyState, ErrorState, LoadingState } from "./screen-states";

export interface AdminTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Added to the cell's class (e.g. `whitespace-nowrap`). */
  cellClassName?: string;
  /**
   * Stays at the table's right edge while a narrow screen scrolls the other columns sideways:
   * the row's actions, which a phone would otherwise find off-screen (issue 33, item 11).
   */
  pinned?: boolean;
}

/** A pinned column's cells: over the scrolling ones, with a shadow where they pass under. */
const pinnedClass =
  "sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)] sm:static sm:shadow-none";

export interface AdminTableProps<Row> {
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: AdminTableColumn<Row>[];
  isLoading: boolean;
  loadingLabel: string;
  /** The load failure's message, or null. */
  loadError: string | null;
  errorText: (message: string) => string;
  emptyText: string;
}

export function AdminTable<Row>({
  rows,
  rowKey,
  columns,
  isLoading,
  loadingLabel,
  loadError,
  errorText,
  emptyText,
}: AdminTableProps<Row>) {
  if (isLoading) return <LoadingState label={loadingLabel} />;
  if (loadError) return <ErrorState text={errorText(loadError)} />;
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  return (
    // "relative": visually hidden text inside (absolutely placed) scrolls with the table too.
    <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.pinned ? `${headCellClass} ${pinnedClass}` : headCellClass}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={[cellClass, column.cellClassName, column.pinned ? pinnedClass : ""]
                    .filter(Boolean)
                    .join(" ")}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Edit and Delete buttons of a row, and History when the row keeps versions; `name` makes
 * their accessible names ("Edit {name}").
 */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
  onHistory,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  onHistory?: () => void;
}) {
  const { t } = useAdminI18n();
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={adminButton("outline")}
        aria-label={t("common.editNamed", { name })}
        onClick={onEdit}
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t("common.edit")}
      </button>
      <button
        type="button"
        className={adminButton("danger")}
        aria-label={t("common.deleteNamed", { name })}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t("common.delete")}
      </button>
      {onHistory ? (
        <button
          type="button"
          className={adminButton("outline")}
          aria-label={t("common.historyNamed", { name })}
          onClick={onHistory}
        >
          <History aria-hidden="true" className="size-4" />
          {t("common.history")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Loads a screen's rows (again whenever `loadRows` changes: pass a `useCallback`), keeping the
 * failure's message for the error state; `onLoadError` adds the screen's own notice.
 */
export function useAdminRows<Row>(
  loadRows: () => Promise<Row[]>,
  onLoadError?: (message: string) => void,
) {
  const [rows, setRows] = useState<Row[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The notice is the screen's; a new function each render must not trigger a reload.
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;

  const reload = useCallback(async () => {
    setIsLoading(true);
    try {
      setRows(await loadRows());
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
      onLoadErrorRef.current?.(errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }, [loadRows]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, setRows, isLoading, loadError, reload };
}

/**
 * The row waiting for the delete confirmation, and the delete itself: one at a time, the dialog
 * kept open while it runs, closed when `remove` reports success (it gives its own notices).
 */
export function useConfirmedDelete<Row>(remove: (row: Row) => Promise<boolean>) {
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete || isDeleting) return;
    setIsDeleting(true);
    try {
      if (await remove(toDelete)) setToDelete(null);
    } finally {
      setIsDeleting(false);
    }
  }

  return {
    toDelete,
    isDeleting,
    askToDelete: setToDelete,
    confirmDialogProps: {
      open: toDelete !== null,
      onOpenChange: (open: boolean) => {
        if (!open && !isDeleting) setToDelete(null);
      },
      isBusy: isDeleting,
      onConfirm: () => void confirmDelete(),
    },
  };
}
