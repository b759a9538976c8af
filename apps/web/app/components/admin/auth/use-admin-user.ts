/**
 * @module
 * The signed-in admin, for screens inside the admin layout (its guard renders them only with a user).
 */
import type { AuthUser } from "@heritage/auth-client";
import { useUser } from "@heritage/auth-react";

export function useAdminUser(): AuthUser {
  const user = useUser();
  if (user === null) throw new Error("useAdminUser is only for screens inside the admin layout");
  return user;
}
