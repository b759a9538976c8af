/**
 * @module
 * Publishing an item at a given time, in its editor (issue 34, item 3; decision 038): the item's
 * pending schedules ("Publishing scheduled for {time} by {name}") with Cancel, and a form to
 * publish its draft, or unpublish it (into the trash), at a date and time in the editor's own
 * time zone. A refused schedule keeps what the editor chose and says why beside the form.
 */
import { CalendarClock } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import type { ContentClient } from "../../../lib/content-api/content-client";
import { errorMessage } from "../../../lib/content-api/content-client";
import type { DraftTable } from "../../../lib/content-api/draft-client";
import type { Schedule, ScheduleAction } from "../../../lib/content-api/schedule-client";
import { adminButton, inputClass, labelClass } from "../common/admin-styles";
import { noticeError, noticeSuccess } from "../common/notices";
import { useAdminI18n } from "../shell/admin-language";

/** A `datetime-local` value ("2026-12-24T09:00") as the moment it names in this browser's zone. */
export function localDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment as a `datetime-local` value in this browser's zone, to the minute. */
export function toLocalDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function ItemSchedule({
  client,
  table,
  id,
  hasDraft,
  canUnpublish,
}: {
  client: ContentClient;
  table: DraftTable;
  id: string;
  /** The item has a draft now: it can be published at a time. */
  hasDraft: boolean;
  /** Projects and FAQ items can be taken off the site at a time; page sections cannot. */
  canUnpublish: boolean;
}) {
  const { t, formatDateTime } = useAdminI18n();
  const fieldId = useId();
  const [pending, setPending] = useState<Schedule[]>([]);
  const [action, setAction] = useState<ScheduleAction>(hasDraft ? "publish" : "unpublish");
  const [when, setWhen] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setPending(await client.schedules.ofItem(table, id));
    } catch {
      // The editor still works; the schedules list (/admin/scheduled) says what failed.
      setPending([]);
    }
  }, [client, table, id]);

  // Discarding or publishing the draft changes what is scheduled: read it again.
  useEffect(() => {
    void hasDraft;
    void reload();
  }, [reload, hasDraft]);
  // A draft just saved is most likely what the editor wants to schedule; without one, only
  // unpublishing is left.
  useEffect(() => {
    setAction(hasDraft ? "publish" : "unpublish");
  }, [hasDraft]);

  if (!hasDraft && !canUnpublish && pending.length === 0) return null;

  async function schedule() {
    const runAt = localDateTime(when);
    if (!runAt) {
      setProblem(t("schedule.chooseTime"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await client.schedules.schedule(table, id, action, runAt);
      noticeSuccess(
        t("schedule.scheduled"),
        t(saved.action === "publish" ? "schedule.publishAt" : "schedule.unpublishAt", {
          time: formatDateTime(saved.run_at),
        }),
      );
      setWhen("");
      await reload();
    } catch (error) {
      // What the editor chose stays in the form, with the reason beside it.
      setProblem(errorMessage(error));
      noticeError(t("schedule.failed"), errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function cancel(entry: Schedule) {
    setBusy(true);
    try {
      await client.schedules.cancel(entry.id);
      noticeSuccess(t("schedule.cancelled"));
      await reload();
    } catch (error) {
      noticeError(t("schedule.cancelFailed"), errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const actions: ScheduleAction[] = [
    ...(hasDraft ? (["publish"] as const) : []),
    ...(canUnpublish ? (["unpublish"] as const) : []),
  ];
  return (
    <section
      aria-label={t("schedule.title")}
      data-item-schedule=""
      className="mb-4 space-y-3 rounded-md border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900"
    >
      {pending.length > 0 ? (
        <ul className="space-y-2">
          {pending.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span role="status" className="inline-flex items-center gap-2 font-semibold">
                <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                {t(
                  entry.action === "publish"
                    ? "schedule.pendingPublish"
                    : "schedule.pendingUnpublish",
                  {
                    time: formatDateTime(entry.run_at),
                    name: entry.created_by_name ?? t("draft.someone"),
                  },
                )}
              </span>
              <button
                type="button"
                className={adminButton("outline")}
                disabled={busy}
                onClick={() => void cancel(entry)}
              >
                {t("schedule.cancel")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {actions.length > 0 ? (
        // Folded away until wanted: the editor's fields stay near the top of the dialog.
        <details>
          <summary className="cursor-pointer font-semibold text-(--color-heritage-800)">
            {t("schedule.open")}
          </summary>
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`${fieldId}-action`} className={labelClass}>
                {t("schedule.action")}
              </label>
              <select
                id={`${fieldId}-action`}
                className={inputClass}
                value={action}
                onChange={(event) => setAction(event.target.value as ScheduleAction)}
              >
                {actions.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(
                      choice === "publish" ? "schedule.actionPublish" : "schedule.actionUnpublish",
                    )}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${fieldId}-when`} className={labelClass}>
                {t("schedule.when")}
              </label>
              <input
                id={`${fieldId}-when`}
                type="datetime-local"
                className={inputClass}
                value={when}
                min={toLocalDateTime(new Date())}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${fieldId}-problem` : undefined}
                onChange={(event) => {
                  setWhen(event.target.value);
                  setProblem(null);
                }}
                onKeyDown={(event) => {
                  // Enter schedules; it must not submit (save) the editor's form around it.
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  void schedule();
                }}
              />
            </div>
            <button
              type="button"
              className={adminButton("outline")}
              disabled={busy}
              onClick={() => void schedule()}
            >
              <CalendarClock aria-hidden="true" className="size-4" />
              {busy ? t("schedule.scheduling") : t("schedule.submit")}
            </button>
          </div>
          <p className="mt-2 text-xs text-gray-700">
            {t("schedule.zone", { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
          </p>
          {problem ? (
            <p id={`${fieldId}-problem`} role="alert" className="mt-2 text-red-700">
              {problem}
            </p>
          ) : null}
        </details>
      ) : null}
    </section>
  );
}
