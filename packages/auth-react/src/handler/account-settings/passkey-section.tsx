/**
 * @module
 * Account settings, passkey (contract §2.15): registering one for this site (it replaces the
 * user's earlier passkey), shown when the project allows passkeys.
 */
import type { AuthUser } from "@heritage/auth-client";
import { useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { FormAlert, StatusText } from "../handler-ui";
import { SettingsSection } from "./settings-section";

export function PasskeySection({ user }: { user: AuthUser }) {
  const { classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
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
      if (result.status === "error") return setError(errorText(result.error));
      await reload();
      setNotice(t("passkey.saved"));
    } catch (caught) {
      setError(errorText(caught, "passkey.notSaved"));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <SettingsSection
      title={t("passkey.title")}
      // The button is disabled while the browser asks for the passkey.
      view={isBusy ? "registering" : (notice ?? error ?? undefined)}
    >
      <p className={classNames.text}>
        {user.passkeyAuthEnabled ? t("passkey.enabled") : t("passkey.disabled")}
      </p>
      <FormAlert message={error} />
      <button
        type="button"
        className={classNames.secondaryButton}
        disabled={isBusy}
        onClick={() => void register()}
      >
        {isBusy
          ? t("signIn.waitingForPasskey")
          : user.passkeyAuthEnabled
            ? t("passkey.replace")
            : t("passkey.add")}
      </button>
      {notice ? <StatusText>{notice}</StatusText> : null}
    </SettingsSection>
  );
}
