/**
 * @module
 * /admin/activity (issue 29): the audit log, newest first: who did what and when (content
 * created, changed, deleted, restored; admins signing in, failing to, being added or removed, and
 * their roles changed).
 * Filters by who, what and a date range; "Show older" pages back. Nobody can change an entry:
 * the screen only reads.
 */
import { isSiteRole } from "@heritage/content";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { errorMessage } from "../../../lib/content-api/content-client";
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilters,
} from "../../../lib/content-api/history-client";
import { adminButton, inputClass, labelClass } from "../common/admin-styles";
import { AdminTable } from "../common/admin-table";
import { noticeError } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { useAdminI18n } from "../shell/admin-language";
import {
  actionLabel,
  auditActions,
  changedFieldsText,
  formatWhen,
  tableLabel,
} from "./history-labels";

/** The day's first or last moment in the editor's time zone, as the API's ISO time. */
function dayBoundary(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

type T = AdminTranslator["t"];

function itemText(entry: AuditEntry, t: T): string {
  const kind = entry.target_type ? tableLabel(entry.target_type, t) : "";
  const name = entry.summary ?? entry.target_id ?? "";
  return [kind, name ? `"${name}"` : ""].filter(Boolean).join(" ");
}

function detailsText(entry: AuditEntry, t: T): string {
  const fields = entry.details?.changed_fields;
  if (Array.isArray(fields) && fields.length > 0) {
    return changedFieldsText(
      fields.filter((field): field is string => typeof field === "string"),
      t,
    );
  }
  // A role change (from, to) and a new user's role (decision 032).
  const { from, to, role } = entry.details ?? {};
  if (isSiteRole(from) && isSiteRole(to)) {
    return t("activity.roleChange", { from: t(`users.role.${from}`), to: t(`users.role.${to}`) });
  }
  if (isSiteRole(role)) return t("activity.role", { role: t(`users.role.${role}`) });
  const reason = entry.details?.reason;
  return typeof reason === "string" ? reason : "";
}

export function ActivityScreen() {
  const client = useContentClient();
  const { t, language } = useAdminI18n();
  const [who, setWho] = useState("");
  const [what, setWhat] = useState("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [hasOlder, setHasOlder] = useState(false);
  /** Everyone seen in the log so far, for the Who filter. */
  const [people, setPeople] = useState<Map<string, string>>(new Map());
  const ids = { who: useId(), what: useId(), from: useId(), to: useId() };
  /**
   * The latest load's number. A filter changed while a load was under way starts another; the
   * earlier answer may come last, and must not replace the newer one's entries.
   */
  const latestLoad = useRef(0);

  const filters = useCallback(
    (after?: number): AuditFilters => ({
      actorId: who || undefined,
      action: what || undefined,
      from: dayBoundary(fromDay, false),
      to: dayBoundary(toDay, true),
      after,
    }),
    [who, what, fromDay, toDay],
  );

  const load = useCallback(
    async (after?: number) => {
      const thisLoad = ++latestLoad.current;
      setIsLoading(true);
      try {
        const page = await client.history.listAuditLog(filters(after));
        if (thisLoad !== latestLoad.current) return;
        setEntries((current) => {
          if (!after) return page;
          const shown = new Set(current.map((entry) => entry.id));
          return [...current, ...page.filter((entry) => !shown.has(entry.id))];
        });
        setHasOlder(page.length === AUDIT_PAGE_SIZE);
        setPeople((current) => {
          const next = new Map(current);
          for (const entry of page) {
            if (entry.actor_id) next.set(entry.actor_id, entry.actor_name ?? entry.actor_id);
          }
          return next;
        });
        setLoadError(null);
      } catch (error) {
        if (thisLoad !== latestLoad.current) return;
        setLoadError(errorMessage(error));
        noticeError(t("activity.loadFailedTitle"), errorMessage(error));
      } finally {
        if (thisLoad === latestLoad.current) setIsLoading(false);
      }
    },
    [client, filters, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">{t("activity.title")}</h1>
        <p className="mt-2 text-gray-700">{t("activity.intro")}</p>
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="px-1 text-sm font-semibold">{t("activity.filter")}</legend>
        <div>
          <label htmlFor={ids.who} className={labelClass}>
            {t("activity.who")}
          </label>
          <select
            id={ids.who}
            className={inputClass}
            value={who}
            onChange={(event) => setWho(event.target.value)}
          >
            <option value="">{t("activity.everyone")}</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.what} className={labelClass}>
            {t("activity.what")}
          </label>
          <select
            id={ids.what}
            className={inputClass}
            value={what}
            onChange={(event) => setWhat(event.target.value)}
          >
            <option value="">{t("activity.everything")}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className={labelClass}>
            {t("activity.from")}
          </label>
          <input
            id={ids.from}
            type="date"
            className={inputClass}
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className={labelClass}>
            {t("activity.to")}
          </label>
          <input
            id={ids.to}
            type="date"
            className={inputClass}
            value={toDay}
            onChange={(event) => setToDay(event.target.value)}
          />
        </div>
      </fieldset>
      <AdminTable
        rows={entries}
        rowKey={(entry) => entry.id}
        isLoading={isLoading && entries.length === 0}
        loadingLabel={t("activity.loading")}
        loadError={loadError}
        errorText={(message) => t("activity.loadFailed", { message })}
        emptyText={t("activity.empty")}
        columns={[
          {
            header: t("activity.column.when"),
            cell: (entry) => formatWhen(entry.at, language),
            cellClassName: "whitespace-nowrap",
          },
          {
            header: t("activity.column.who"),
            cell: (entry) => entry.actor_name ?? t("activity.unknown"),
          },
          { header: t("activity.column.what"), cell: (entry) => actionLabel(entry.action, t) },
          { header: t("activity.column.item"), cell: (entry) => itemText(entry, t) },
          { header: t("activity.column.details"), cell: (entry) => detailsText(entry, t) },
        ]}
      />
      {hasOlder ? (
        <button
          type="button"
          className={adminButton("outline")}
          disabled={isLoading}
          onClick={() => void load(entries.length)}
        >
          {isLoading ? t("activity.loadingMore") : t("activity.showOlder")}
        </button>
      ) : null}
    </div>
  );
}
