/**
 * @module
 * Sign out from the admin area (site spec, section 8): "Signed out / You have been successfully
 * signed out." and on to /login; on failure "Failed to sign out. Please try again.".
 */
import { useAuth } from "@heritage/auth-react";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { useFetchers, useNavigate } from "react-router";
import { toast } from "sonner";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import { loginPath } from "./return-to";

/** How long signing out waits for busy fetchers before it goes to /login anyway. */
export const maxWaitForFetchersMs = 5000;

/** `t`: the admin's language (the layout's, which calls this outside its language provider). */
export function useSignOut(t: AdminTranslator["t"]): AdminSignOut {
  const { signOut: endSession } = useAuth();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [isSignedOut, setIsSignedOut] = useState(false);
  const isFetcherBusy = useFetchers().some((fetcher) => fetcher.state !== "idle");

  // The way to /login waits until no fetcher is busy, so a save under way can finish. It is
  // also a second guard against a React Router race (7.18): a fetcher's revalidation that ends
  // while the navigation is still discovering the /login route "completes" that navigation with
  // the old page's routes (the address says /login, the admin screen stays). The first guard is
  // the admin layout's DiscoverLoginRoute: /login is discovered before anyone signs out, so
  // going there after the fallback below, with a revalidation still running, is safe too.
  useEffect(() => {
    if (!isSignedOut) return;
    const goToLogin = () => {
      setIsSignedOut(false);
      void navigate(loginPath, { replace: true });
    };
    if (!isFetcherBusy) return goToLogin();
    // A request that never answers must not keep the user on "Signing out..." for ever.
    const fallback = setTimeout(goToLogin, maxWaitForFetchersMs);
    return () => clearTimeout(fallback);
  }, [isSignedOut, isFetcherBusy, navigate]);

  const signOut = useCallback(async () => {
    setIsSigningOut(true);
    try {
      await endSession();
    } catch {
      setIsSigningOut(false);
      toast.error(t("signOut.failure"));
      return;
    }
    toast.success(t("signOut.successTitle"), { description: t("signOut.successText") });
    setIsSignedOut(true);
  }, [endSession, t]);
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
