/**
 * @module
 * The admin users (beyond the spec): email, name, created, last active, and Remove with a
 * confirmation. The last admin cannot be removed; removing yourself signs you out.
 */
import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useAdminSignOut } from "../auth/use-sign-out";
import { RemoveUserDialog } from "./remove-user-dialog";

export interface AdminUserListItem {
  id: string;
  email: string | null;
  displayName: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export type RemoveUserResult =
  | { intent: "delete"; ok: true; userId: string; wasSelf: boolean }
  | { intent: "delete"; ok: false; message: string };

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}

function labelOf(user: AdminUserListItem): string {
  return user.email ?? user.displayName ?? user.id;
}

export function AdminUsersList({
  users,
  currentUserId,
}: {
  users: AdminUserListItem[];
  currentUserId: string;
}) {
  const fetcher = useFetcher<RemoveUserResult>({ key: "remove-admin-user" });
  const { signOut } = useAdminSignOut();
  const [pending, setPending] = useState<AdminUserListItem | null>(null);
  const isLastAdmin = users.length <= 1;
  const opener = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const handled = useRef<RemoveUserResult | undefined>(undefined);

  const result = fetcher.data;
  useEffect(() => {
    if (result === undefined || handled.current === result) return;
    handled.current = result;
    setPending(null);
    if (!result.ok) {
      toast.error("Error", { description: result.message });
      return;
    }
    toast.success("User removed", { description: "The admin user was removed." });
    if (result.wasSelf) void signOut();
  }, [result, signOut]);

  const confirm = () => {
    if (pending === null) return;
    void fetcher.submit(
      {
        intent: "delete",
        userId: pending.id,
        confirmSelf: pending.id === currentUserId ? "yes" : "",
      },
      { method: "post" },
    );
  };

  return (
    <section
      aria-labelledby="admin-users-title"
      className="rounded-xl border border-(--color-heritage-100) bg-white p-6 shadow-sm"
    >
      <h2
        id="admin-users-title"
        ref={heading}
        tabIndex={-1}
        className="mb-1 text-xl font-semibold outline-none"
      >
        Admin Users
      </h2>
      <p id="admin-users-note" className="mb-4 text-sm text-(--color-muted)">
        {isLastAdmin
          ? "This is the only admin user; it cannot be removed."
          : `${users.length} admin users. Every admin can manage all content and users.`}
      </p>
      {/* Wide rows scroll here, not the page; "relative" holds in the header's visually hidden
          text too (absolutely placed, it would otherwise widen the page on a phone). */}
      <section
        className="relative overflow-x-auto"
        aria-label="Admin users table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box needs keyboard access (to scroll it) when nothing in it can be focused, as with one admin
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-(--color-heritage-100) text-(--color-heritage-900)">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Email
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Name
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Created
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Last active
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const isSelf = user.id === currentUserId;
              return (
                <tr key={user.id} className="border-b border-(--color-heritage-50) last:border-0">
                  <td className="py-3 pr-4 font-medium text-(--color-ink)">
                    {user.email ?? "—"}
                    {isSelf ? (
                      <span className="ml-2 text-xs text-(--color-muted)">(you)</span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-4">{user.displayName ?? "—"}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(user.lastActiveAt)}</td>
                  <td className="py-3 text-right">
                    <button
                      type="button"
                      disabled={isLastAdmin}
                      aria-describedby={isLastAdmin ? "admin-users-note" : undefined}
                      aria-label={`Remove ${labelOf(user)}`}
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setPending(user);
                      }}
                      className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 py-2 font-medium text-(--color-terracotta-700) hover:bg-(--color-terracotta-50) disabled:cursor-not-allowed disabled:text-(--color-muted) disabled:opacity-70"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <RemoveUserDialog
        userLabel={pending ? labelOf(pending) : ""}
        isSelf={pending?.id === currentUserId}
        isOpen={pending !== null}
        isBusy={fetcher.state !== "idle"}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        onConfirm={confirm}
        returnFocusTo={() => (opener.current?.isConnected ? opener.current : heading.current)}
      />
    </section>
  );
}
