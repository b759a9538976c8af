/**
 * @module
 * The sign-in buttons besides the password form: one per OAuth provider of the project (the
 * browser leaves for the provider and comes back to /handler/oauth-callback) and a passkey.
 */
import { useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { toAbsoluteUrl, useHandlerOptions, useI18n } from "../handler-options";
import { FormAlert } from "../handler-ui";
import { useFinishSignIn } from "./use-finish-sign-in";

const providerNames: Record<string, string> = {
  apple: "Apple",
  bitbucket: "Bitbucket",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  linkedin: "LinkedIn",
  microsoft: "Microsoft",
  spotify: "Spotify",
  twitch: "Twitch",
  x: "X",
};

/** The name of an OAuth provider id as people know it. */
export function getProviderName(id: string): string {
  return providerNames[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

export function OtherSignInMethods({
  oauthProviders,
  hasPasskey,
  returnTarget,
}: {
  oauthProviders: string[];
  hasPasskey: boolean;
  /** Where to land after signing in (a same-origin path). */
  returnTarget: string;
}) {
  const { urls, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app } = useAuth();
  const finishSignIn = useFinishSignIn();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (method: string, action: () => Promise<string | null>) => {
    setBusy(method);
    setError(null);
    try {
      const message = await action();
      if (message !== null) setError(message);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const signInWithOAuth = (provider: string) =>
    run(provider, async () => {
      await app.signInWithOAuth(provider, {
        redirectUrl: toAbsoluteUrl(`${urls.handler}/oauth-callback`),
        afterCallbackRedirectUrl: toAbsoluteUrl(returnTarget),
      });
      return null;
    });

  return (
    <div className={classNames.form}>
      <FormAlert message={error} />
      {oauthProviders.map((provider) => (
        <button
          key={provider}
          type="button"
          className={classNames.secondaryButton ?? classNames.button}
          disabled={busy !== null}
          onClick={() => void signInWithOAuth(provider)}
        >
          {t("signIn.withProvider", { provider: getProviderName(provider) })}
        </button>
      ))}
      {hasPasskey ? (
        <button
          type="button"
          className={classNames.secondaryButton ?? classNames.button}
          disabled={busy !== null}
          onClick={() =>
            void run("passkey", async () => finishSignIn(await app.signInWithPasskey()))
          }
        >
          {busy === "passkey" ? t("signIn.waitingForPasskey") : t("signIn.withPasskey")}
        </button>
      ) : null}
    </div>
  );
}
