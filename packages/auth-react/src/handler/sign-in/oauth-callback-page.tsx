/**
 * @module
 * /handler/oauth-callback: where the browser comes back from an OAuth provider. It redeems the
 * code once with the stored PKCE verifier, then moves on to the page the sign-in started for (same
 * origin only) or the after-sign-in URL; a user with TOTP goes on to /handler/mfa.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { toSameOriginPath, useHandlerOptions, useI18n } from "../handler-options";
import { HandlerCard, HandlerLink, StatusText, Text } from "../handler-ui";
import { keepMfaAttempt } from "./mfa-attempt";

export function OAuthCallbackPage() {
  const { urls, navigate, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, reload } = useAuth();
  // What went wrong, as thrown or returned (shown in the pages' language), or the page's own text.
  const [error, setError] = useState<{ caught: unknown } | { text: "nothingToFinish" } | null>(
    null,
  );
  // The code is redeemed once: a second render (Strict Mode, a re-mount) must not redeem it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      const result = await app.callOAuthCallback();
      if (result.status === "error") {
        if (keepMfaAttempt(result.error)) return navigate(`${urls.handler}/mfa`, { replace: true });
        return setError({ caught: result.error });
      }
      if (result.data === null) {
        return setError({ text: "nothingToFinish" });
      }
      await reload();
      const back = result.data.afterCallbackRedirectUrl;
      navigate((back === null ? null : toSameOriginPath(back)) ?? urls.afterSignIn, {
        replace: true,
      });
    };
    finish().catch((caught: unknown) => setError({ caught }));
  }, [app, reload, navigate, urls.handler, urls.afterSignIn]);

  return (
    <HandlerCard title={t("oauthCallback.title")}>
      {error === null ? (
        <StatusText>{t("oauthCallback.status")}</StatusText>
      ) : (
        <>
          <p role="alert" className={classNames.error}>
            {"caught" in error ? errorText(error.caught) : t("oauthCallback.nothingToFinish")}
          </p>
          <Text>
            <HandlerLink href={`${urls.handler}/sign-in`}>{t("common.backToSignIn")}</HandlerLink>
          </Text>
        </>
      )}
    </HandlerCard>
  );
}
