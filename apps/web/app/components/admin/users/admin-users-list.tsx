/**
 * @module
 * The admin users (beyond the spec): email, name, role, created, last active, and for an admin
 * "Make admin" / "Make editor" and Remove with a confirmation (decision 032). The last admin can
 * be neither removed nor made an editor, nobody changes their own role, and removing yourself
 * signs you out. An editor sees the list without those controls; the server refuses them anyway.
 */
import { type SiteRole, siteRoleLabels } from "@heritage/content";
import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useAdminSignOut } from "../auth/use-sign-out";
import { RemoveUserDialog } from "./remove-user-dialog";
import { RoleBadge } from "./role-badge";

export interface AdminUserListItem {
  id: string;
  email: string | null;
  displayName: string | null;
  createdAt: string;
  lastActiveAt: string;
  role: SiteRole;
}

export type RemoveUserResult =
  | { intent: "delete"; ok: true; userId: string; wasSelf: boolean }
  | { intent: "delete"; ok: false; message: string };

export type ChangeRoleResult =
  | { intent: "role"; ok: true; userId: string; role: SiteRole }
  | { intent: "role"; ok: false; message: string };

const otherRole = (role: SiteRole): SiteRole => (role === "admin" ? "editor" : "admin");

/** What the note under the heading says about the users and their roles. */
function usersNote(users: AdminUserListItem[], adminCount: number): string {
  if (users.length <= 1) return "This is the only admin user; it cannot be removed.";
  const editors = users.length - adminCount;
  const counts = `${users.length} admin users: ${adminCount} ${adminCount === 1 ? "admin" : "admins"} (everything) and ${editors} ${editors === 1 ? "editor" : "editors"} (content only).`;
  return adminCount <= 1
    ? `${counts} The only admin can be neither removed nor made an editor.`
    : counts;
}

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
  canManage,
}: {
  users: AdminUserListItem[];
  currentUserId: string;
  /** The signed-in user is an admin: the role and Remove buttons are shown. */
  canManage: boolean;
}) {
  const fetcher = useFetcher<RemoveUserResult>({ key: "remove-admin-user" });
  const roleFetcher = useFetcher<ChangeRoleResult>({ key: "change-admin-role" });
  const { signOut } = useAdminSignOut();
  const [pending, setPending] = useState<AdminUserListItem | null>(null);
  const adminCount = users.filter((user) => user.role === "admin").length;
  /** The only admin (or the only user) stays: neither removed nor made an editor. */
  const isLastAdmin = (user: AdminUserListItem) =>
    users.length <= 1 || (user.role === "admin" && adminCount <= 1);
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

  const roleResult = roleFetcher.data;
  const handledRole = useRef<ChangeRoleResult | undefined>(undefined);
  useEffect(() => {
    if (roleResult === undefined || handledRole.current === roleResult) return;
    handledRole.current = roleResult;
    if (!roleResult.ok) {
      toast.error("Error", { description: roleResult.message });
      return;
    }
    const user = users.find((candidate) => candidate.id === roleResult.userId);
    toast.success("Role changed", {
      description: `${user ? labelOf(user) : "The user"} is now ${roleResult.role === "admin" ? "an admin" : "an editor"}.`,
    });
  }, [roleResult, users]);

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
        {usersNote(users, adminCount)}
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
                Role
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Created
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Last active
              </th>
              {canManage ? (
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const isSelf = user.id === currentUserId;
              const isOnlyAdmin = isLastAdmin(user);
              const newRole = otherRole(user.role);
              return (
                <tr key={user.id} className="border-b border-(--color-heritage-50) last:border-0">
                  <td className="py-3 pr-4 font-medium text-(--color-ink)">
                    {user.email ?? "—"}
                    {isSelf ? (
                      <span className="ml-2 text-xs text-(--color-muted)">(you)</span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-4">{user.displayName ?? "—"}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(user.lastActiveAt)}</td>
                  {canManage ? (
                    <td className="py-3 text-right whitespace-nowrap">
                      {/* Your own role is another admin's to change. */}
                      {isSelf ? null : (
                        <button
                          type="button"
                          disabled={
                            roleFetcher.state !== "idle" || (user.role === "admin" && isOnlyAdmin)
                          }
                          aria-describedby={isOnlyAdmin ? "admin-users-note" : undefined}
                          // The name starts with the visible text (axe's label-in-name).
                          aria-label={`Make ${newRole}: ${labelOf(user)}`}
                          onClick={() =>
                            void roleFetcher.submit(
                              { intent: "role", userId: user.id, role: newRole },
                              { method: "post" },
                            )
                          }
                          className="inline-flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-(--color-heritage-800) hover:bg-(--color-heritage-50) disabled:cursor-not-allowed disabled:text-(--color-muted) disabled:opacity-70"
                        >
                          Make {siteRoleLabels[newRole].toLowerCase()}
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={isOnlyAdmin}
                        aria-describedby={isOnlyAdmin ? "admin-users-note" : undefined}
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
                  ) : null}
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
