/**
 * @module
 * The admin guard (site spec, sections 2 and 4): a spinner while the auth state loads, with
 * "Taking longer than expected..." and a refresh hint after 5 s; without a user the notice
 * "Authentication Required / Please log in to access this page" and a redirect to /login that
 * replaces history and remembers where the user was going.
 */
import type { AuthUser } from "@heritage/auth-client";
import { useAuth } from "@heritage/auth-react";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Spinner } from "../../ui/spinner";
import { useAdminI18n } from "../shell/admin-language";
import { createLoginState, loginPath } from "./return-to";

/** Spec section 9: the loading warning appears after 5 s. */
export const slowAuthWarningMs = 5000;

export function AuthLoading({
  label,
  slowNotice,
}: {
  label: string;
  /** The notice after 5 s, in the page's language (/login's, or the admin's). */
  slowNotice: { slow: string; refreshHint: string };
}) {
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsSlow(true), slowAuthWarningMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <Spinner label={label} />
      {isSlow ? (
        <div role="alert" className="space-y-1">
          <p className="font-semibold text-(--color-heritage-900)">{slowNotice.slow}</p>
          <p className="text-(--color-muted)">{slowNotice.refreshHint}</p>
        </div>
      ) : null}
    </div>
  );
}

export interface AdminGuardProps {
  /** While true (signing out) a missing user is expected: no notice, no redirect. */
  isSigningOut?: boolean;
  children: (user: AuthUser) => ReactNode;
}

export function AdminGuard({ isSigningOut = false, children }: AdminGuardProps) {
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useAdminI18n();
  const isUnauthenticated = status === "signed-out" || status === "error";

  useEffect(() => {
    if (!isUnauthenticated || isSigningOut) return;
    toast.error(t("guard.requiredTitle"), {
      id: "authentication-required",
      description: t("guard.requiredText"),
    });
    void navigate(loginPath, { replace: true, state: createLoginState(location) });
  }, [isUnauthenticated, isSigningOut, location, navigate, t]);

  if (status === "signed-in" && user !== null) return <>{children(user)}</>;
  if (isUnauthenticated && !isSigningOut) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-2 p-8 text-center">
        <h1 className="text-2xl font-semibold">{t("guard.requiredTitle")}</h1>
        <p className="text-(--color-muted)">{t("guard.requiredText")}</p>
      </div>
    );
  }
  return (
    <AuthLoading
      label={isSigningOut ? t("guard.signingOut") : t("guard.loading")}
      slowNotice={{ slow: t("guard.slow"), refreshHint: t("guard.refreshHint") }}
    />
  );
}
