/**
 * @module
 * What every sign-in method does with its result: load the user (the page then moves on), or keep
 * the attempt code and go to /handler/mfa when a second factor is needed, or hand back the message
 * (in the pages' language).
 */
import type { AuthResult } from "@heritage/auth-client";
import { useCallback } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n, withReturnTo } from "../handler-options";
import { keepMfaAttempt } from "./mfa-attempt";

/** Resolves with the message to show, or null when the sign-in goes on. */
export function useFinishSignIn(): (result: AuthResult<unknown>) => Promise<string | null> {
  const { urls, searchParams, navigate } = useHandlerOptions();
  const { reload } = useAuth();
  const { errorText } = useI18n();
  return useCallback(
    async (result) => {
      if (result.status === "ok") {
        await reload();
        return null;
      }
      if (keepMfaAttempt(result.error)) {
        navigate(withReturnTo(`${urls.handler}/mfa`, searchParams));
        return null;
      }
      return errorText(result.error);
    },
    [reload, navigate, urls.handler, searchParams, errorText],
  );
}
