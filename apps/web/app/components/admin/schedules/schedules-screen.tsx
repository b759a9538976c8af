/**
 * @module
 * /admin/scheduled (issue 34, item 3; decision 038): what is scheduled, soonest first, with
 * Cancel; and what ran or was cancelled lately, with why a schedule was not done (the item was
 * saved after its draft, the draft was discarded, ...). Schedules are made in the item's editor.
 */
import { CalendarX } from "lucide-react";
import { useCallback } from "react";
import { Link } from "react-router";
import type { AdminKey } from "../../../i18n/admin/en";
import { errorMessage } from "../../../lib/content-api/content-client";
import type { Schedule } from "../../../lib/content-api/schedule-client";
import { adminButton } from "../common/admin-styles";
import { AdminTable, type AdminTableColumn, useAdminRows } from "../common/admin-table";
import { noticeError, noticeSuccess } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { itemName, tableLabel } from "../history/history-labels";
import { useAdminI18n } from "../shell/admin-language";
import { itemEditorHref } from "../translations/translation-labels";

const outcomeKeys: Record<string, AdminKey> = {
  NO_DRAFT: "scheduled.outcome.NO_DRAFT",
  NO_ITEM: "scheduled.outcome.NO_ITEM",
  ITEM_CHANGED: "scheduled.outcome.ITEM_CHANGED",
  DRAFT_CHANGED: "scheduled.outcome.DRAFT_CHANGED",
  DRAFT_DISCARDED: "scheduled.outcome.DRAFT_DISCARDED",
  INVALID_DRAFT: "scheduled.outcome.INVALID_DRAFT",
  DRAFT_PUBLISHED: "scheduled.outcome.DRAFT_PUBLISHED",
};
const stateKeys: Record<Exclude<Schedule["state"], "pending">, AdminKey> = {
  done: "scheduled.state.done",
  failed: "scheduled.state.failed",
  cancelled: "scheduled.state.cancelled",
};

export function SchedulesScreen() {
  const client = useContentClient();
  const { t, formatDateTime } = useAdminI18n();
  const loadPending = useCallback(() => client.schedules.list("pending"), [client]);
  const loadFinished = useCallback(() => client.schedules.list("finished"), [client]);
  const onLoadError = (message: string) => noticeError(t("scheduled.loadFailedTitle"), message);
  const pending = useAdminRows(loadPending, onLoadError);
  const finished = useAdminRows(loadFinished, onLoadError);

  const nameOf = (entry: Schedule) =>
    itemName(entry.table, { title: entry.label }, entry.row_id, t);
  const actionOf = (entry: Schedule) =>
    t(entry.action === "publish" ? "scheduled.action.publish" : "scheduled.action.unpublish");

  async function cancel(entry: Schedule) {
    try {
      await client.schedules.cancel(entry.id);
      noticeSuccess(t("schedule.cancelled"));
    } catch (error) {
      noticeError(t("schedule.cancelFailed"), errorMessage(error));
    }
    // Either way the lists say how things are now (it may have run meanwhile).
    await Promise.all([pending.reload(), finished.reload()]);
  }

  /** What both lists show of a schedule: when, what, which item, by whom. */
  const scheduleColumns: AdminTableColumn<Schedule>[] = [
    {
      header: t("scheduled.column.when"),
      cell: (entry) => formatDateTime(entry.run_at),
      cellClassName: "whitespace-nowrap",
    },
    { header: t("scheduled.column.what"), cell: actionOf },
  ];
  /** The loading, error and empty states both lists share. */
  const listStates = (list: typeof pending, emptyText: string) => ({
    rows: list.rows,
    rowKey: (entry: Schedule) => entry.id,
    isLoading: list.isLoading,
    loadingLabel: t("scheduled.loading"),
    loadError: list.loadError,
    errorText: (message: string) => t("scheduled.loadFailed", { message }),
    emptyText,
  });
  const itemColumn = {
    header: t("scheduled.column.item"),
    cell: (entry: Schedule) => (
      <>
        <div className="font-semibold">
          {entry.state === "pending" ? (
            <Link to={itemEditorHref(entry.table, entry.row_id) ?? "/admin"} className="underline">
              {nameOf(entry)}
            </Link>
          ) : (
            nameOf(entry)
          )}
        </div>
        <div className="text-xs text-gray-700">{tableLabel(entry.table, t)}</div>
      </>
    ),
  };
  const byColumn = {
    header: t("scheduled.column.by"),
    cell: (entry: Schedule) => entry.created_by_name ?? t("trash.unknown"),
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">{t("scheduled.title")}</h1>
        <p className="mt-2 text-gray-700">{t("scheduled.intro")}</p>
      </div>
      <AdminTable
        {...listStates(pending, t("scheduled.empty"))}
        columns={[
          ...scheduleColumns,
          itemColumn,
          byColumn,
          {
            header: t("scheduled.column.actions"),
            pinned: true,
            cell: (entry) => (
              <button
                type="button"
                className={adminButton("outline")}
                aria-label={t("scheduled.cancelNamed", { name: nameOf(entry) })}
                onClick={() => void cancel(entry)}
              >
                <CalendarX aria-hidden="true" className="size-4" />
                {t("schedule.cancel")}
              </button>
            ),
          },
        ]}
      />
      <section aria-labelledby="scheduled-finished" className="space-y-3">
        <h2 id="scheduled-finished" className="text-xl font-semibold">
          {t("scheduled.finishedTitle")}
        </h2>
        <AdminTable
          {...listStates(finished, t("scheduled.finishedEmpty"))}
          columns={[
            ...scheduleColumns,
            itemColumn,
            byColumn,
            {
              header: t("scheduled.column.state"),
              cell: (entry) => (
                <>
                  <div className="font-semibold">
                    {entry.state === "pending" ? "" : t(stateKeys[entry.state])}
                  </div>
                  {entry.outcome && outcomeKeys[entry.outcome] ? (
                    <div className="text-xs text-gray-700">
                      {t(outcomeKeys[entry.outcome] as AdminKey)}
                    </div>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
