/**
 * @module
 * /admin/contact-submissions (site spec, sections 2 and 4): "Contact Form Submissions" with the
 * total, the table (Name, Email, Subject, Status, Date, Actions) and the detail dialog. Opening
 * a new message marks it read; "Mark as Replied" sets replied and closes the dialog.
 */
import type { ContactSubmissionStatus } from "@heritage/content";
import { Eye } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import type { ContactSubmissionRow } from "../../../lib/content-api/content-client";
import { AdminDialog } from "../common/admin-dialog";
import { adminButton } from "../common/admin-styles";
import { AdminTable, useAdminRows } from "../common/admin-table";
import { noticeError, noticeSuccess } from "../common/notices";
import { useContentClient } from "../common/use-content-client";
import { useAdminI18n } from "../shell/admin-language";
import { formatSubmissionDate } from "./format-date";
import { StatusBadge } from "./status-badge";

export function ContactSubmissionsScreen() {
  const client = useContentClient();
  const { t, language } = useAdminI18n();
  const loadSubmissions = useCallback(() => client.listContactSubmissions(), [client]);
  const {
    rows: submissions,
    setRows: setSubmissions,
    isLoading,
    loadError,
  } = useAdminRows(loadSubmissions);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isUpdating, setIsUpdating] = useState(false);
  const isUpdatingRef = useRef(false);

  const setStatus = useCallback(
    async (id: string, status: ContactSubmissionStatus): Promise<boolean> => {
      try {
        const saved = await client.updateContactSubmissionStatus(id, status);
        setSubmissions((current) =>
          current.map((submission) =>
            submission.id === id ? { ...submission, status: saved.status } : submission,
          ),
        );
        return true;
      } catch {
        noticeError(t("common.errorTitle"), t("contact.statusFailed"));
        return false;
      }
    },
    [client, setSubmissions, t],
  );

  function view(submission: ContactSubmissionRow) {
    setOpenId(submission.id);
    if (submission.status === "new") void setStatus(submission.id, "read");
  }

  async function markReplied(id: string) {
    if (isUpdatingRef.current) return;
    isUpdatingRef.current = true;
    setIsUpdating(true);
    const isSaved = await setStatus(id, "replied");
    isUpdatingRef.current = false;
    setIsUpdating(false);
    if (isSaved) {
      noticeSuccess(t("contact.statusUpdated"), t("contact.statusUpdatedText"));
      setOpenId(null);
    }
  }

  const open = submissions.find((submission) => submission.id === openId) ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-semibold">{t("contact.title")}</h1>
        {isLoading || loadError ? null : (
          <p className="text-gray-700" data-testid="submission-count">
            {t("contact.total", { count: submissions.length })}
          </p>
        )}
      </div>

      <AdminTable
        rows={submissions}
        rowKey={(submission) => submission.id}
        isLoading={isLoading}
        loadingLabel={t("contact.loading")}
        loadError={loadError}
        errorText={(message) => t("contact.loadFailed", { message })}
        emptyText={t("contact.empty")}
        columns={[
          { header: t("contact.column.name"), cell: (submission) => submission.name },
          { header: t("contact.column.email"), cell: (submission) => submission.email },
          { header: t("contact.column.subject"), cell: (submission) => submission.subject },
          {
            header: t("contact.column.status"),
            cell: (submission) => <StatusBadge status={submission.status} />,
          },
          {
            header: t("contact.column.date"),
            cell: (submission) => formatSubmissionDate(submission.created_at, language),
            cellClassName: "whitespace-nowrap",
          },
          {
            header: t("contact.column.actions"),
            pinned: true,
            cell: (submission) => (
              <button
                type="button"
                className={adminButton("outline")}
                aria-label={t("contact.viewNamed", { name: submission.name })}
                onClick={() => view(submission)}
              >
                <Eye aria-hidden="true" className="size-4" />
                {t("contact.view")}
              </button>
            ),
          },
        ]}
      />

      <AdminDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpenId(null);
        }}
        title={open ? t("contact.dialogTitle", { name: open.name }) : t("contact.message")}
      >
        {open ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold">{t("contact.column.email")}</dt>
              <dd>
                <a className="text-(--color-heritage-800) underline" href={`mailto:${open.email}`}>
                  {open.email}
                </a>
              </dd>
              <dt className="font-semibold">{t("contact.column.subject")}</dt>
              <dd>{open.subject}</dd>
              <dt className="font-semibold">{t("contact.column.status")}</dt>
              <dd>
                <StatusBadge status={open.status} />
              </dd>
              <dt className="font-semibold">{t("contact.column.date")}</dt>
              <dd>{formatSubmissionDate(open.created_at, language)}</dd>
            </dl>
            <div>
              <h3 className="mb-1 text-sm font-semibold">{t("contact.message")}</h3>
              <p className="rounded-md bg-gray-50 p-3 text-sm whitespace-pre-wrap">
                {open.message}
              </p>
            </div>
            <div className="flex justify-end gap-3 border-t border-gray-200 pt-4">
              {open.status === "replied" ? null : (
                <button
                  type="button"
                  className={adminButton("primary")}
                  disabled={isUpdating}
                  onClick={() => void markReplied(open.id)}
                >
                  {isUpdating ? t("common.saving") : t("contact.markReplied")}
                </button>
              )}
              <button
                type="button"
                className={adminButton("outline")}
                onClick={() => setOpenId(null)}
              >
                {t("common.close")}
              </button>
            </div>
          </div>
        ) : null}
      </AdminDialog>
    </div>
  );
}
