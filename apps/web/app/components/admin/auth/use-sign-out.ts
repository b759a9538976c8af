/**
 * @module
 * Sign out from the admin area (site spec, section 8): "Signed out / You have been successfully
 * signed out." and on to /login; on failure "Failed to sign out. Please try again.".
 */
import { useAuth } from "@heritage/auth-react";
import { createContext, useCallback, useContext, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { loginPath } from "./return-to";

export const signOutMessages = {
  successTitle: "Signed out",
  successText: "You have been successfully signed out.",
  failure: "Failed to sign out. Please try again.",
} as const;

export function useSignOut(): AdminSignOut {
  const { signOut: endSession } = useAuth();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setIsSigningOut(true);
    try {
      await endSession();
    } catch {
      setIsSigningOut(false);
      toast.error(signOutMessages.failure);
      return;
    }
    toast.success(signOutMessages.successTitle, { description: signOutMessages.successText });
    await navigate(loginPath, { replace: true });
  }, [endSession, navigate]);
  return { signOut, isSigningOut };
}

export interface AdminSignOut {
  signOut: () => Promise<void>;
  isSigningOut: boolean;
}

/** The admin layout's sign-out, shared with its screens so the guard knows a sign-out is on. */
export const AdminSignOutContext = createContext<AdminSignOut | null>(null);

/** Sign out from inside an admin screen (e.g. after removing your own account). */
export function useAdminSignOut(): AdminSignOut {
  const value = useContext(AdminSignOutContext);
  if (value === null)
    throw new Error("useAdminSignOut is only for screens inside the admin layout");
  return value;
}
