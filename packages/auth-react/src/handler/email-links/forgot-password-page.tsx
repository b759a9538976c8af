/**
 * @module
 * /handler/forgot-password: asks for the account's e-mail and mails a reset link that leads to
 * /handler/password-reset. The answer is the same whether or not the address has an account.
 */
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { toAbsoluteUrl, useHandlerOptions, withReturnTo } from "../handler-options";
import {
  Field,
  FormAlert,
  HandlerCard,
  HandlerLink,
  StatusText,
  SubmitButton,
  Text,
  useFormState,
} from "../handler-ui";

/** A light check: the server validates the address for real. */
export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value);
}

export function ForgotPasswordPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { app } = useAuth();
  const form = useFormState<"email">();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signInHref = withReturnTo(`${urls.handler}/sign-in`, searchParams);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (email === "") return form.fail({ fields: { email: "Please enter your e-mail address." } });
    if (!isEmailLike(email)) {
      return form.fail({ fields: { email: "Please enter a valid e-mail address." } });
    }
    void form.run(async () => {
      const result = await app.sendForgotPasswordEmail(email, {
        callbackUrl: toAbsoluteUrl(`${urls.handler}/password-reset`),
      });
      if (result.status === "error") form.fail({ form: result.error.message });
      else setSentTo(email);
    });
  };

  if (sentTo !== null) {
    return (
      <HandlerCard title="Check your e-mail">
        <StatusText>
          If an account signs in with {sentTo}, we have sent it a link to reset the password.
        </StatusText>
        <Text>
          <HandlerLink href={signInHref}>Back to sign in</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title="Reset your password">
      <Text>Enter the e-mail address of your account and we will send you a reset link.</Text>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={form.fieldErrors.email}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
      <Text>
        <HandlerLink href={signInHref}>Back to sign in</HandlerLink>
      </Text>
    </HandlerCard>
  );
}
