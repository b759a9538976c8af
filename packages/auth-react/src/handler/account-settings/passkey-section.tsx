/**
 * @module
 * Account settings, passkey (contract §2.15): registering one for this site (it replaces the
 * user's earlier passkey), shown when the project allows passkeys.
 */
import type { AuthUser } from "@heritage/auth-client";
import { useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions } from "../handler-options";
import { FormAlert, StatusText } from "../handler-ui";
import { SettingsSection } from "./settings-section";

export function PasskeySection({ user }: { user: AuthUser }) {
  const { classNames } = useHandlerOptions();
  const { app, reload } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const register = async () => {
    setIsBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await app.registerPasskey();
      if (result.status === "error") return setError(result.error.message);
      await reload();
      setNotice("Your passkey has been saved. You can sign in with it now.");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The passkey could not be saved.");
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <SettingsSection
      title="Passkey"
      // The button is disabled while the browser asks for the passkey.
      view={isBusy ? "registering" : (notice ?? error ?? undefined)}
    >
      <p className={classNames.text}>
        {user.passkeyAuthEnabled
          ? "You can sign in with a passkey. A new one replaces it."
          : "Sign in with your device's screen lock instead of a password."}
      </p>
      <FormAlert message={error} />
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={isBusy}
        onClick={() => void register()}
      >
        {isBusy
          ? "Waiting for your passkey..."
          : user.passkeyAuthEnabled
            ? "Replace passkey"
            : "Add a passkey"}
      </button>
      {notice ? <StatusText>{notice}</StatusText> : null}
    </SettingsSection>
  );
}
