/**
 * @module
 * Sign-in with an e-mailed code (spec section 2, magic link): the visitor gives an address, the
 * e-mail carries a link to /handler/magic-link-callback and a 6-character code, which can be
 * typed here instead. New addresses are signed up when the project allows it.
 */
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { isEmailLike } from "../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions, useI18n } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { useFinishSignIn } from "./use-finish-sign-in";
import { toCodeProblem } from "./verification-code-states";

export function MagicLinkSignIn() {
  const { urls, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app } = useAuth();
  const finishSignIn = useFinishSignIn();
  const emailForm = useFormState<"email">();
  const codeForm = useFormState<"code">();
  const [sent, setSent] = useState<{ email: string; nonce: string } | null>(null);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (email === "") {
      return emailForm.fail({ fields: { email: t("validation.enterYourEmail") } });
    }
    if (!isEmailLike(email)) {
      return emailForm.fail({ fields: { email: t("validation.invalidEmail") } });
    }
    void emailForm.run(async () => {
      const result = await app.sendMagicLinkEmail(email, {
        callbackUrl: toAbsoluteUrl(`${urls.handler}/magic-link-callback`),
      });
      if (result.status === "error") emailForm.fail({ form: errorText(result.error) });
      else setSent({ email, nonce: result.data.nonce });
    });
  };

  const signIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sent === null) return;
    const otp = String(new FormData(event.currentTarget).get("code") ?? "")
      .replace(/\s/g, "")
      .toUpperCase();
    if (otp.length !== 6) {
      return codeForm.fail({
        fields: { code: t("magicLink.enterCode") },
      });
    }
    void codeForm.run(async () => {
      const result = await app.signInWithOtp({ otp, nonce: sent.nonce });
      if (result.status === "error" && toCodeProblem(result.error.code) !== null) {
        return codeForm.fail({
          fields: { code: t("magicLink.codeInvalid") },
        });
      }
      const message = await finishSignIn(result);
      if (message !== null) codeForm.fail({ form: message });
    });
  };

  if (sent !== null) {
    return (
      <form ref={codeForm.formRef} noValidate onSubmit={signIn} className={classNames.form}>
        <StatusText>{t("magicLink.sent", { email: sent.email })}</StatusText>
        <FormAlert message={codeForm.formError} />
        <Field
          label={t("magicLink.codeLabel")}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          required
          error={codeForm.fieldErrors.code}
        />
        <SubmitButton isBusy={codeForm.isBusy} busyLabel={t("common.signingIn")}>
          {t("magicLink.signInWithCode")}
        </SubmitButton>
        <button type="button" className={classNames.secondaryButton} onClick={() => setSent(null)}>
          {t("magicLink.useAnotherEmail")}
        </button>
      </form>
    );
  }
  return (
    <form ref={emailForm.formRef} noValidate onSubmit={send} className={classNames.form}>
      <FormAlert message={emailForm.formError} />
      <Field
        label={t("magicLink.emailLabel")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={emailForm.fieldErrors.email}
      />
      <SubmitButton isBusy={emailForm.isBusy} busyLabel={t("common.sending")}>
        {t("magicLink.send")}
      </SubmitButton>
    </form>
  );
}
