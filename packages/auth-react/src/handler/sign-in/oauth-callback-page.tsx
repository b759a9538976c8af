/**
 * @module
 * /handler/oauth-callback: where the browser comes back from an OAuth provider. It redeems the
 * code once with the stored PKCE verifier, then moves on to the page the sign-in started for (same
 * origin only) or the after-sign-in URL; a user with TOTP goes on to /handler/mfa.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { toSameOriginPath, useHandlerOptions } from "../handler-options";
import { HandlerCard, HandlerLink, StatusText, Text } from "../handler-ui";
import { keepMfaAttempt } from "./mfa-attempt";

export function OAuthCallbackPage() {
  const { urls, navigate, classNames } = useHandlerOptions();
  const { app, reload } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // The code is redeemed once: a second render (Strict Mode, a re-mount) must not redeem it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      const result = await app.callOAuthCallback();
      if (result.status === "error") {
        if (keepMfaAttempt(result.error)) return navigate(`${urls.handler}/mfa`, { replace: true });
        return setError(result.error.message);
      }
      if (result.data === null) {
        return setError("There is no sign-in to finish here. Please sign in again.");
      }
      await reload();
      const back = result.data.afterCallbackRedirectUrl;
      navigate((back === null ? null : toSameOriginPath(back)) ?? urls.afterSignIn, {
        replace: true,
      });
    };
    finish().catch((caught: unknown) =>
      setError(caught instanceof Error ? caught.message : "An unknown error occurred."),
    );
  }, [app, reload, navigate, urls.handler, urls.afterSignIn]);

  return (
    <HandlerCard title="Signing in">
      {error === null ? (
        <StatusText>Finishing your sign-in...</StatusText>
      ) : (
        <>
          <p role="alert" className={classNames.error}>
            {error}
          </p>
          <Text>
            <HandlerLink href={`${urls.handler}/sign-in`}>Back to sign in</HandlerLink>
          </Text>
        </>
      )}
    </HandlerCard>
  );
}
