/**
 * @module
 * The "Create Admin User" card (site spec, sections 2, 5 and 8): Display Name, Email, Password
 * and "Create User" ("Creating User..." while busy); "Success! / User created successfully" and
 * a cleared form, or the provider's message / "Failed to create user".
 */
import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "../../ui/button-styles";
import { TextField } from "../shell/text-field";
import {
  type AdminUserErrors,
  type AdminUserInput,
  adminPasswordMinLength,
  hasErrors,
  validateAdminUserInput,
} from "./admin-user-input";

export type CreateUserResult =
  | { intent: "create"; ok: true; email: string }
  | { intent: "create"; ok: false; message: string; fieldErrors?: AdminUserErrors };

const emptyInput: AdminUserInput = { email: "", password: "", displayName: "" };

export function CreateUserForm() {
  const fetcher = useFetcher<CreateUserResult>({ key: "create-admin-user" });
  const [input, setInput] = useState<AdminUserInput>(emptyInput);
  const [errors, setErrors] = useState<AdminUserErrors>({});
  const isBusy = fetcher.state !== "idle";

  const update = (field: keyof AdminUserInput) => (event: { target: { value: string } }) =>
    setInput((current) => ({ ...current, [field]: event.target.value }));

  const result = fetcher.data;
  useEffect(() => {
    if (result === undefined) return;
    if (result.ok) {
      toast.success("Success!", { description: "User created successfully" });
      setInput(emptyInput);
      setErrors({});
    } else {
      toast.error("Error", { description: result.message || "Failed to create user" });
      setErrors(result.fieldErrors ?? {});
    }
  }, [result]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateAdminUserInput(input);
    setErrors(found);
    if (hasErrors(found)) {
      const first = form.elements.namedItem(Object.keys(found)[0] ?? "email");
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    await fetcher.submit({ intent: "create", ...input }, { method: "post" });
  };

  return (
    <section
      aria-labelledby="create-admin-user-title"
      className="rounded-xl border border-heritage-100 bg-white p-6 shadow-sm"
    >
      <h2 id="create-admin-user-title" className="mb-4 text-xl font-semibold">
        Create Admin User
      </h2>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 md:grid-cols-3"
      >
        <TextField
          label="Display Name"
          name="displayName"
          autoComplete="off"
          value={input.displayName}
          onChange={update("displayName")}
          error={errors.displayName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={input.email}
          onChange={update("email")}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={adminPasswordMinLength}
          hint={`At least ${adminPasswordMinLength} characters.`}
          value={input.password}
          onChange={update("password")}
          error={errors.password}
        />
        <div className="md:col-span-3">
          <button type="submit" disabled={isBusy} className={buttonClasses("secondary")}>
            {isBusy ? "Creating User..." : "Create User"}
          </button>
        </div>
      </form>
    </section>
  );
}
