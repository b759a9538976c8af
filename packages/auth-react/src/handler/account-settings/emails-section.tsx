/**
 * @module
 * Account settings, e-mails: the user's contact channels (contract §2.6) with their state, and
 * the actions on them: add an address, mail it a verification link, make it primary, delete it.
 */
import type { ContactChannel } from "@heritage/auth-client";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { isEmailLike } from "../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { SettingsSection } from "./settings-section";

// Each button's name starts with its visible text (axe label-content-name-mismatch) and names the
// address, so a screen-reader list of buttons tells them apart.
type ChannelAction = "verify" | "primary" | "delete";

function describeChannel(channel: ContactChannel): string {
  return [
    channel.isPrimary ? "Primary" : null,
    channel.isVerified ? "Verified" : "Not verified",
    channel.usedForAuth ? "Used for sign-in" : null,
  ]
    .filter(Boolean)
    .join(", ");
}

export function EmailsSection() {
  const { urls, classNames } = useHandlerOptions();
  const { app, reload } = useAuth();
  const [channels, setChannels] = useState<ContactChannel[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const actions = useFormState<never, HTMLDivElement>();
  const addForm = useFormState<"email">();

  const load = useCallback(async () => {
    try {
      setChannels(await app.listContactChannels());
      setLoadError(null);
    } catch (caught) {
      setLoadError(caught instanceof Error ? caught.message : "Your e-mails could not be loaded.");
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
        if (result.status === "error") return actions.fail({ form: result.error.message });
        setNotice(
          action === "verify"
            ? `A verification link has been sent to ${channel.value}.`
            : action === "primary"
              ? `${channel.value} is now your primary e-mail.`
              : `${channel.value} has been removed.`,
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
    if (email === "") return addForm.fail({ fields: { email: "Please enter an e-mail address." } });
    if (!isEmailLike(email)) {
      return addForm.fail({ fields: { email: "Please enter a valid e-mail address." } });
    }
    void addForm.run(async () => {
      const result = await app.createContactChannel({ value: email, usedForAuth: false });
      if (result.status === "error")
        return addForm.fail({ fields: { email: result.error.message } });
      element.reset();
      setNotice(`${email} has been added. Verify it with the link we can send it.`);
      await load();
    });
  };

  return (
    <SettingsSection title="E-mails">
      <div ref={actions.formRef}>
        <FormAlert message={loadError ?? actions.formError} />
      </div>
      {channels === null ? (
        loadError ? null : (
          <StatusText>Loading your e-mails...</StatusText>
        )
      ) : (
        <ul className={classNames.list}>
          {channels.map((channel) => (
            <li key={channel.id} className={classNames.listItem}>
              <span className={classNames.text}>
                <strong>{channel.value}</strong> ({describeChannel(channel)})
              </span>
              {channel.isVerified ? null : (
                <button
                  type="button"
                  className={classNames.secondaryButton}
                  disabled={busyId !== null}
                  aria-label={`Send verification link to ${channel.value}`}
                  onClick={() => act(channel, "verify")}
                >
                  Send verification link
                </button>
              )}
              {channel.isPrimary ? null : (
                <>
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={`Make primary: ${channel.value}`}
                    onClick={() => act(channel, "primary")}
                  >
                    Make primary
                  </button>
                  <button
                    type="button"
                    className={classNames.secondaryButton}
                    disabled={busyId !== null}
                    aria-label={`Remove ${channel.value}`}
                    onClick={() => act(channel, "delete")}
                  >
                    Remove
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
          label="Add an e-mail"
          name="email"
          type="email"
          autoComplete="email"
          error={addForm.fieldErrors.email}
        />
        <SubmitButton isBusy={addForm.isBusy} busyLabel="Adding...">
          Add e-mail
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
