/**
 * @module
 * Sign-in with an e-mailed code (spec section 2, magic link): the visitor gives an address, the
 * e-mail carries a link to /handler/magic-link-callback and a 6-character code, which can be
 * typed here instead. New addresses are signed up when the project allows it.
 */
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { isEmailLike } from "../email-links/forgot-password-page";
import { toAbsoluteUrl, useHandlerOptions } from "../handler-options";
import { Field, FormAlert, StatusText, SubmitButton, useFormState } from "../handler-ui";
import { useFinishSignIn } from "./use-finish-sign-in";
import { toCodeProblem } from "./verification-code-states";

export function MagicLinkSignIn() {
  const { urls, classNames } = useHandlerOptions();
  const { app } = useAuth();
  const finishSignIn = useFinishSignIn();
  const emailForm = useFormState<"email">();
  const codeForm = useFormState<"code">();
  const [sent, setSent] = useState<{ email: string; nonce: string } | null>(null);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (email === "") {
      return emailForm.fail({ fields: { email: "Please enter your e-mail address." } });
    }
    if (!isEmailLike(email)) {
      return emailForm.fail({ fields: { email: "Please enter a valid e-mail address." } });
    }
    void emailForm.run(async () => {
      const result = await app.sendMagicLinkEmail(email, {
        callbackUrl: toAbsoluteUrl(`${urls.handler}/magic-link-callback`),
      });
      if (result.status === "error") emailForm.fail({ form: result.error.message });
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
        fields: { code: "Please enter the 6-character code from the e-mail." },
      });
    }
    void codeForm.run(async () => {
      const result = await app.signInWithOtp({ otp, nonce: sent.nonce });
      if (result.status === "error" && toCodeProblem(result.error.code) !== null) {
        return codeForm.fail({
          fields: {
            code: "This code is not valid any more. Please check it or ask for a new one.",
          },
        });
      }
      const message = await finishSignIn(result);
      if (message !== null) codeForm.fail({ form: message });
    });
  };

  if (sent !== null) {
    return (
      <form ref={codeForm.formRef} noValidate onSubmit={signIn} className={classNames.form}>
        <StatusText>
          We have sent a sign-in link and code to {sent.email}. Open the link, or type the code.
        </StatusText>
        <FormAlert message={codeForm.formError} />
        <Field
          label="Code from the e-mail"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          required
          error={codeForm.fieldErrors.code}
        />
        <SubmitButton isBusy={codeForm.isBusy} busyLabel="Signing in...">
          Sign in with code
        </SubmitButton>
        <button type="button" className={classNames.secondaryButton} onClick={() => setSent(null)}>
          Use another e-mail
        </button>
      </form>
    );
  }
  return (
    <form ref={emailForm.formRef} noValidate onSubmit={send} className={classNames.form}>
      <FormAlert message={emailForm.formError} />
      <Field
        label="Email for a sign-in code"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={emailForm.fieldErrors.email}
      />
      <SubmitButton isBusy={emailForm.isBusy} busyLabel="Sending...">
        Email me a sign-in code
      </SubmitButton>
    </form>
  );
}
