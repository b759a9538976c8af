/**
 * @module
 * The "Create Admin User" card (site spec, sections 2, 5 and 8): Display Name, Email, Password
 * and "Create User" ("Creating User..." while busy); "Success! / User created successfully" and
 * a cleared form, or the provider's message / "Failed to create user".
 */
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "../../ui/button-styles";
import { AdminUserFields, useAdminUserForm } from "./admin-user-fields";
import type { AdminUserErrors } from "./admin-user-input";

export type CreateUserResult =
  | { intent: "create"; ok: true; email: string }
  | { intent: "create"; ok: false; message: string; fieldErrors?: AdminUserErrors };

export function CreateUserForm() {
  const fetcher = useFetcher<CreateUserResult>({ key: "create-admin-user" });
  const form = useAdminUserForm(async (input) => {
    await fetcher.submit({ intent: "create", ...input }, { method: "post" });
  });
  const isBusy = fetcher.state !== "idle";

  const result = fetcher.data;
  const { reset, setErrors } = form;
  useEffect(() => {
    if (result === undefined) return;
    if (result.ok) {
      toast.success("Success!", { description: "User created successfully" });
      reset();
    } else {
      toast.error("Error", { description: result.message || "Failed to create user" });
      setErrors(result.fieldErrors ?? {});
    }
  }, [result, reset, setErrors]);

  return (
    <section
      aria-labelledby="create-admin-user-title"
      className="rounded-xl border border-(--color-heritage-100) bg-white p-6 shadow-sm"
    >
      <h2 id="create-admin-user-title" className="mb-4 text-xl font-semibold">
        Create Admin User
      </h2>
      <form
        noValidate
        onSubmit={(event) => void form.submit(event)}
        className="grid gap-4 md:grid-cols-3"
      >
        <AdminUserFields form={form} forYourself={false} />
        <div className="md:col-span-3">
          <button type="submit" disabled={isBusy} className={buttonClasses("secondary")}>
            {isBusy ? "Creating User..." : "Create User"}
          </button>
        </div>
      </form>
    </section>
  );
}
