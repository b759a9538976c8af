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
import { formatSubmissionDate } from "./format-date";
import { StatusBadge } from "./status-badge";

export function ContactSubmissionsScreen() {
  const client = useContentClient();
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
        noticeError("Error", "Failed to update status. Please try again.");
        return false;
      }
    },
    [client, setSubmissions],
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
      noticeSuccess("Status updated", "Contact submission status has been updated successfully.");
      setOpenId(null);
    }
  }

  const open = submissions.find((submission) => submission.id === openId) ?? null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-semibold">Contact Form Submissions</h1>
        {isLoading || loadError ? null : (
          <p className="text-gray-700" data-testid="submission-count">
            Total: {submissions.length}
          </p>
        )}
      </div>

      <AdminTable
        rows={submissions}
        rowKey={(submission) => submission.id}
        isLoading={isLoading}
        loadingLabel="Loading contact submissions..."
        loadError={loadError}
        errorText={(message) => `Error loading contact submissions: ${message}`}
        emptyText="No contact submissions yet."
        columns={[
          { header: "Name", cell: (submission) => submission.name },
          { header: "Email", cell: (submission) => submission.email },
          { header: "Subject", cell: (submission) => submission.subject },
          { header: "Status", cell: (submission) => <StatusBadge status={submission.status} /> },
          {
            header: "Date",
            cell: (submission) => formatSubmissionDate(submission.created_at),
            cellClassName: "whitespace-nowrap",
          },
          {
            header: "Actions",
            pinned: true,
            cell: (submission) => (
              <button
                type="button"
                className={adminButton("outline")}
                aria-label={`View message from ${submission.name}`}
                onClick={() => view(submission)}
              >
                <Eye aria-hidden="true" className="size-4" />
                View
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
        title={open ? `Message from ${open.name}` : "Message"}
      >
        {open ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold">Email</dt>
              <dd>
                <a className="text-(--color-heritage-800) underline" href={`mailto:${open.email}`}>
                  {open.email}
                </a>
              </dd>
              <dt className="font-semibold">Subject</dt>
              <dd>{open.subject}</dd>
              <dt className="font-semibold">Status</dt>
              <dd>
                <StatusBadge status={open.status} />
              </dd>
              <dt className="font-semibold">Date</dt>
              <dd>{formatSubmissionDate(open.created_at)}</dd>
            </dl>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Message</h3>
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
                  {isUpdating ? "Saving..." : "Mark as Replied"}
                </button>
              )}
              <button
                type="button"
                className={adminButton("outline")}
                onClick={() => setOpenId(null)}
              >
                Close
              </button>
            </div>
          </div>
        ) : null}
      </AdminDialog>
    </div>
  );
}
