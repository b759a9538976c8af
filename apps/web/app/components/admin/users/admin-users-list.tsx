/**
 * @module
 * The admin users (beyond the spec): email, name, role, created, last active, and for an admin
 * "Make admin" / "Make editor" and Remove with a confirmation (decision 032). The last admin can
 * be neither removed nor made an editor, nobody changes their own role, and removing yourself
 * signs you out. An editor sees the list without those controls; the server refuses them anyway.
 */
import type { SiteRole } from "@heritage/content";
import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { useAdminSignOut } from "../auth/use-sign-out";
import { useAdminI18n } from "../shell/admin-language";
import { RemoveUserDialog } from "./remove-user-dialog";
import { RoleBadge } from "./role-badge";
import { usersMessageText } from "./users-messages";

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
function usersNote(
  users: AdminUserListItem[],
  adminCount: number,
  t: AdminTranslator["t"],
): string {
  if (users.length <= 1) return t("users.list.onlyOne");
  const editors = users.length - adminCount;
  const counts = t("users.list.counts", { total: users.length, admins: adminCount, editors });
  return adminCount <= 1 ? `${counts} ${t("users.list.onlyAdmin")}` : counts;
}

/** "Nov 30, 2026, 10:05" in English (as before), as the admin's language writes it otherwise. */
const dateOptions: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

function formatDate(iso: string, { language }: Pick<AdminTranslator, "language">): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? "—"
    : new Intl.DateTimeFormat(language === "en" ? "en-US" : language, dateOptions).format(date);
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
  const i18n = useAdminI18n();
  const { t } = i18n;
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
      toast.error(t("common.errorTitle"), { description: usersMessageText(result.message, t) });
      return;
    }
    toast.success(t("users.removed"), { description: t("users.removedText") });
    if (result.wasSelf) void signOut();
  }, [result, signOut, t]);

  const roleResult = roleFetcher.data;
  const handledRole = useRef<ChangeRoleResult | undefined>(undefined);
  useEffect(() => {
    if (roleResult === undefined || handledRole.current === roleResult) return;
    handledRole.current = roleResult;
    if (!roleResult.ok) {
      toast.error(t("common.errorTitle"), {
        description: usersMessageText(roleResult.message, t),
      });
      return;
    }
    const user = users.find((candidate) => candidate.id === roleResult.userId);
    const name = user ? labelOf(user) : t("users.theUser");
    toast.success(t("users.roleChanged"), {
      description:
        roleResult.role === "admin"
          ? t("users.nowAdmin", { user: name })
          : t("users.nowEditor", { user: name }),
    });
  }, [roleResult, users, t]);

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
        {t("users.list.title")}
      </h2>
      <p id="admin-users-note" className="mb-4 text-sm text-(--color-muted)">
        {usersNote(users, adminCount, t)}
      </p>
      {/* Wide rows scroll here, not the page; "relative" holds in the header's visually hidden
          text too (absolutely placed, it would otherwise widen the page on a phone). */}
      <section
        className="relative overflow-x-auto"
        aria-label={t("users.list.table")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box needs keyboard access (to scroll it) when nothing in it can be focused, as with one admin
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-(--color-heritage-100) text-(--color-heritage-900)">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("users.column.email")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("users.column.name")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("users.column.role")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("users.column.created")}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t("users.column.lastActive")}
              </th>
              {canManage ? (
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">{t("users.column.actions")}</span>
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
                      <span className="ml-2 text-xs text-(--color-muted)">{t("users.you")}</span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-4">{user.displayName ?? "—"}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    {formatDate(user.createdAt, i18n)}
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    {formatDate(user.lastActiveAt, i18n)}
                  </td>
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
                          aria-label={
                            newRole === "admin"
                              ? t("users.makeAdminNamed", { user: labelOf(user) })
                              : t("users.makeEditorNamed", { user: labelOf(user) })
                          }
                          onClick={() =>
                            void roleFetcher.submit(
                              { intent: "role", userId: user.id, role: newRole },
                              { method: "post" },
                            )
                          }
                          className="inline-flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-(--color-heritage-800) hover:bg-(--color-heritage-50) disabled:cursor-not-allowed disabled:text-(--color-muted) disabled:opacity-70"
                        >
                          {newRole === "admin" ? t("users.makeAdmin") : t("users.makeEditor")}
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={isOnlyAdmin}
                        aria-describedby={isOnlyAdmin ? "admin-users-note" : undefined}
                        aria-label={t("users.removeNamed", { user: labelOf(user) })}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setPending(user);
                        }}
                        className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 py-2 font-medium text-(--color-terracotta-700) hover:bg-(--color-terracotta-50) disabled:cursor-not-allowed disabled:text-(--color-muted) disabled:opacity-70"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {t("users.remove")}
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
