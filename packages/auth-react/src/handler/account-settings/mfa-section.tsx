/**
 * @module
 * Account settings, two-factor authentication (contract §2.14): turning TOTP on with a new secret
 * (shown as a QR code to scan, as an otpauth link and as the key to type), confirmed by a code of the authenticator app
 * so nobody locks themselves out, and turning it off.
 */
import { type AuthUser, createTotpUri, generateTotpSecret } from "@heritage/auth-client";
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { SettingsSection } from "./settings-section";
import { isCurrentTotpCode } from "./totp-code";
import { toQrCodeDataUrl } from "./totp-qr-code";

/** The key as authenticator apps take it typed in: base32 in groups of four. */
function readableKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function MfaSection({ user, projectName }: { user: AuthUser; projectName: string }) {
  const { classNames } = useHandlerOptions();
  const { t, rich, errorText } = useI18n();
  const { app, reload } = useAuth();
  const form = useFormState<"code">();
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const turnOff = async () => {
    setIsBusy(true);
    setNotice(null);
    try {
      await app.disableTotpMfa();
      await reload();
      setNotice(t("mfaSection.turnedOff"));
    } catch (caught) {
      form.fail({ form: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (secret === null) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    void form.run(async () => {
      if (!(await isCurrentTotpCode(secret, code, Date.now()))) {
        return form.fail({
          fields: { code: t("mfaSection.wrongCode") },
        });
      }
      await app.enableTotpMfa(secret);
      await reload();
      setSecret(null);
      setNotice(t("mfaSection.turnedOn"));
    });
  };

  // Turning off disables the focused button: a view of its own, so the focus stays in the section.
  const view = user.requiresTotpMfa
    ? isBusy
      ? "turning-off"
      : "on"
    : secret === null
      ? "off"
      : "setting-up";
  if (user.requiresTotpMfa) {
    return (
      <SettingsSection title={t("mfa.title")} view={view}>
        <p className={classNames.text}>{t("mfaSection.on")}</p>
        <FormAlert message={form.formError} />
        <button
          type="button"
          className={classNames.secondaryButton}
          disabled={isBusy}
          onClick={() => void turnOff()}
        >
          {t("mfaSection.turnOff")}
        </button>
        {notice ? <StatusText>{notice}</StatusText> : null}
      </SettingsSection>
    );
  }
  if (secret === null) {
    return (
      <SettingsSection title={t("mfa.title")} view={view}>
        <p className={classNames.text}>{t("mfaSection.off")}</p>
        <button
          type="button"
          className={classNames.secondaryButton}
          onClick={() => {
            setNotice(null);
            setSecret(generateTotpSecret());
          }}
        >
          {t("mfaSection.turnOn")}
        </button>
        {notice ? <StatusText>{notice}</StatusText> : null}
      </SettingsSection>
    );
  }
  const totpUri = createTotpUri({
    secretBase64: secret,
    accountName: user.primaryEmail ?? user.id,
    issuer: projectName,
  });
  return (
    <SettingsSection title={t("mfa.title")} view={view}>
      <p className={classNames.text}>
        {rich("mfaSection.setUp", {
          link: (
            <a className={classNames.link} href={totpUri}>
              {t("mfaSection.openInApp")}
            </a>
          ),
        })}
      </p>
      <img
        src={toQrCodeDataUrl(totpUri)}
        alt={t("mfaSection.qrCodeAlt")}
        width={200}
        height={200}
        data-totp-qr-code=""
      />
      <p className={classNames.text}>
        {rich("mfaSection.key", { key: <code data-totp-key="">{readableKey(totpUri)}</code> })}
      </p>
      <form ref={form.formRef} noValidate onSubmit={confirm} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("mfaSection.codeLabel")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={form.fieldErrors.code}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("mfaSection.busy")}>
          {t("mfaSection.confirm")}
        </SubmitButton>
        <button
          type="button"
          className={classNames.secondaryButton}
          onClick={() => setSecret(null)}
        >
          {t("common.cancel")}
        </button>
      </form>
    </SettingsSection>
  );
}
