/**
 * @module
 * /handler/forgot-password: asks for the account's e-mail and mails a reset link that leads to
 * /handler/password-reset. The answer is the same whether or not the address has an account.
 */
import { type FormEvent, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { toAbsoluteUrl, useHandlerOptions, useI18n, withReturnTo } from "../handler-options";
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
  const { t, errorText } = useI18n();
  const { app } = useAuth();
  const form = useFormState<"email">();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signInHref = withReturnTo(`${urls.handler}/sign-in`, searchParams);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (email === "") return form.fail({ fields: { email: t("validation.enterYourEmail") } });
    if (!isEmailLike(email)) {
      return form.fail({ fields: { email: t("validation.invalidEmail") } });
    }
    void form.run(async () => {
      const result = await app.sendForgotPasswordEmail(email, {
        callbackUrl: toAbsoluteUrl(`${urls.handler}/password-reset`),
      });
      if (result.status === "error") form.fail({ form: errorText(result.error) });
      else setSentTo(email);
    });
  };

  if (sentTo !== null) {
    return (
      <HandlerCard title={t("forgotPassword.sentTitle")}>
        <StatusText>{t("forgotPassword.sent", { email: sentTo })}</StatusText>
        <Text>
          <HandlerLink href={signInHref}>{t("common.backToSignIn")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={t("forgotPassword.title")}>
      <Text>{t("forgotPassword.instructions")}</Text>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("common.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={form.fieldErrors.email}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("common.sending")}>
          {t("forgotPassword.submit")}
        </SubmitButton>
      </form>
      <Text>
        <HandlerLink href={signInHref}>{t("common.backToSignIn")}</HandlerLink>
      </Text>
    </HandlerCard>
  );
}
