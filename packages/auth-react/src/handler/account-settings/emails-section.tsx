/**
 * @module
 * Account settings, e-mails: the user's contact channels (contract §2.6) with their state, and
 * the actions on them: add an address, mail it a verification link, make it primary, delete it.
 */
import type { ContactChannel } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { isEmailLike } from "../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import type { HandlerI18n } from "../i18n/translator";
import { SettingsSection } from "./settings-section";

// Each button's name starts with its visible text (axe label-content-name-mismatch) and names the
// address, so a screen-reader list of buttons tells them apart.
type ChannelAction = "verify" | "primary" | "delete";

function describeChannel(channel: ContactChannel, t: HandlerI18n["t"]): string {
  return [
    channel.isPrimary ? t("emails.primary") : null,
    channel.isVerified ? t("emails.verified") : t("emails.notVerified"),
    channel.usedForAuth ? t("emails.usedForSignIn") : null,
  ]
    .filter(Boolean)
    .join(", ");
}

export function EmailsSection() {
  const { urls, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, reload } = useAuth();
  const [channels, setChannels] = useState<ContactChannel[] | null>(null);
  // As thrown: shown in the pages' language.
  const [loadError, setLoadError] = useState<{ caught: unknown } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const actions = useFormState<never, HTMLDivElement>();
  const addForm = useFormState<"email">();

  const load = useCallback(async () => {
    try {
      setChannels(await app.listContactChannels());
      setLoadError(null);
    } catch (caught) {
      setLoadError({ caught });
    }
  }, [app]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = (channel: ContactChannel, action: ChannelAction) => {
    setNotice(null);
    setBusyId(channel.id);
    void actions.run(async () => {
      try {
        const result =
          action === "verify"
            ? await app.sendContactChannelVerificationEmail(channel.id, {
                callbackUrl: toAbsoluteUrl(`${urls.handler}/email-verification`),
              })
            : action === "primary"
              ? await app.updateContactChannel(channel.id, { isPrimary: true })
              : await app.deleteContactChannel(channel.id);
        if (result.status === "error") return actions.fail({ form: errorText(result.error) });
        const email = channel.value;
        setNotice(
          action === "verify"
            ? t("emails.verificationSent", { email })
            : action === "primary"
              ? t("emails.nowPrimary", { email })
              : t("emails.removed", { email }),
        );
        await load();
        // The primary address is part of the user.
        if (action === "primary") await reload();
      } finally {
        setBusyId(null);
      }
    });
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const element = event.currentTarget;
    const email = String(new FormData(element).get("email") ?? "").trim();
    if (email === "") return addForm.fail({ fields: { email: t("validation.enterAnEmail") } });
    if (!isEmailLike(email)) {
      return addForm.fail({ fields: { email: t("validation.invalidEmail") } });
    }
    void addForm.run(async () => {
      const result = await app.createContactChannel({ value: email, usedForAuth: false });
      if (result.status === "error")
        return addForm.fail({ fields: { email: errorText(result.error) } });
      element.reset();
      setNotice(t("emails.added", { email }));
      await load();
    });
  };

  return (
    <SettingsSection title={t("emails.title")}>
      <div ref={actions.formRef}>
        <FormAlert
          message={loadError ? errorText(loadError.caught, "emails.notLoaded") : actions.formError}
        />
      </div>
      {channels === null ? (
        loadError ? null : (
          <StatusText>{t("emails.loading")}</StatusText>
        )
      ) : (
        <ul className={classNames.list}>
          {channels.map((channel) => (
            <li key={channel.id} className={classNames.listItem}>
              <span className={classNames.text}>
                <strong>{channel.value}</strong> ({describeChannel(channel, t)})
              </span>
              {channel.isVerified ? null : (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={t("emails.sendVerificationTo", { email: channel.value })}
                  onClick={() => act(channel, "verify")}
                >
                  {t("emails.sendVerification")}
                </button>
              )}
              {channel.isPrimary ? null : (
                <>
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={t("emails.makePrimaryNamed", { email: channel.value })}
                    onClick={() => act(channel, "primary")}
                  >
                    {t("emails.makePrimary")}
                  </button>
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={t("emails.removeNamed", { email: channel.value })}
                    onClick={() => act(channel, "delete")}
                  >
                    {t("emails.remove")}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {notice ? <StatusText>{notice}</StatusText> : null}
      <form ref={addForm.formRef} noValidate onSubmit={add} className={classNames.form}>
        <FormAlert message={addForm.formError} />
        <Field
          label={t("emails.addLabel")}
          name="email"
          type="email"
          autoComplete="email"
          error={addForm.fieldErrors.email}
        />
        <SubmitButton isBusy={addForm.isBusy} busyLabel={t("emails.adding")}>
          {t("emails.add")}
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
