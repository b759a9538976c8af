/**
 * @module
 * Whether the visitor is signed in with an account of their own. An anonymous user (contract
 * §2.13) is signed in too, but the sign-in and sign-up pages are exactly where they go to get a
 * real account (a sign-up while anonymous upgrades the same user), so they must not be sent away.
 */
import type { AuthUser } from "@heritage/auth-client";
import { useEffect } from "react";
import { useAuth } from "../hooks/use-auth";
import { useHandlerOptions } from "./handler-options";

export type AccountState = "loading" | "signed-in" | "no-account";

export function useAccountState(): AccountState {
  const { status, user } = useAuth<AuthUser>();
  if (status === "loading") return "loading";
  if (status === "signed-in" && user !== null && !user.isAnonymous) return "signed-in";
  return "no-account";
}

/**
 * The account state, and a visitor who has an account is moved on to `target` (replacing the
 * page in history): what the sign-in and sign-up pages do first.
 */
export function useMoveOnWithAccount(target: string): AccountState {
  const { navigate } = useHandlerOptions();
  const status = useAccountState();
  useEffect(() => {
    if (status === "signed-in") navigate(target, { replace: true });
  }, [status, target, navigate]);
  return status;
}
