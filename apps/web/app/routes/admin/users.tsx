/**
 * @module
 * /admin/users: "Create Admin User" (site spec, section 2) and, beyond the spec, the list of the
 * admin users with their roles, role changes and removal. Loader and action run in
 * users.server.ts, which checks the caller (an editor sees the list, and is refused every write
 * with 403; decision 032).
 */
import { data, useLoaderData } from "react-router";
import { useAdminI18n } from "../../components/admin/shell/admin-language";
import { adminPageTitle } from "../../components/admin/shell/admin-page-title";
import { AdminUsersList } from "../../components/admin/users/admin-users-list";
import { CreateUserForm } from "../../components/admin/users/create-user-form";
import { usersMessageText } from "../../components/admin/users/users-messages";
import { adminFailureMessage, keepFormOnFailure } from "../../lib/server-action-failure";
import type { Route } from "./+types/users";
import { loadUsers, runUsersAction, type UsersActionData } from "./users.server";

export function meta({ matches }: Route.MetaArgs) {
  return adminPageTitle(matches, "title.users");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { body, headers } = await loadUsers(request, context);
  return data(body, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status, headers } = await runUsersAction(request, context);
  return data(body, { status, headers });
}

/** Creating or removing a user keeps the screen and the typed input when the server is out of reach. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return keepFormOnFailure(
    () => serverAction(),
    (failure): UsersActionData => ({
      intent: intent === "delete" || intent === "role" ? intent : "create",
      ok: false,
      message: adminFailureMessage(failure),
    }),
  );
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useAdminI18n();
  // The server's word at this request; it refuses an editor's writes whatever the screen shows.
  const isEditor = loaded.ok && loaded.currentUserRole !== "admin";
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-semibold">{t("users.title")}</h1>
        <p className="text-(--color-muted)">{t("users.intro")}</p>
      </div>
      {isEditor ? (
        <p
          role="note"
          className="rounded-lg border border-(--color-heritage-100) bg-white p-4 text-(--color-ink)"
        >
          {t("users.editorNote")}
        </p>
      ) : (
        <CreateUserForm />
      )}
      {loaded.ok ? (
        <AdminUsersList
          users={loaded.users}
          currentUserId={loaded.currentUserId}
          canManage={!isEditor}
        />
      ) : (
        <p role="alert" className="text-(--color-terracotta-700)">
          {usersMessageText(loaded.message, t)}
        </p>
      )}
    </div>
  );
}
