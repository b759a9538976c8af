/**
 * @module
 * /admin/users: "Create Admin User" (site spec, section 2) and, beyond the spec, the list of the
 * admin users with removal. Loader and action run in users.server.ts, which checks the caller.
 */
import { data, useLoaderData } from "react-router";
import { AdminUsersList } from "../../components/admin/users/admin-users-list";
import { CreateUserForm } from "../../components/admin/users/create-user-form";
import { adminFailureMessage, keepFormOnFailure } from "../../lib/server-action-failure";
import type { Route } from "./+types/users";
import { loadUsers, runUsersAction, type UsersActionData } from "./users.server";

export function meta() {
  return [{ title: "Users | Heritage Admin" }];
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
      intent: intent === "delete" ? "delete" : "create",
      ok: false,
      message: adminFailureMessage(failure),
    }),
  );
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-semibold">User Management</h1>
        <p className="text-(--color-muted)">
          Create and remove the people who can sign in to this admin area.
        </p>
      </div>
      <CreateUserForm />
      {loaded.ok ? (
        <AdminUsersList users={loaded.users} currentUserId={loaded.currentUserId} />
      ) : (
        <p role="alert" className="text-(--color-terracotta-700)">
          {loaded.message}
        </p>
      )}
    </div>
  );
}
