/**
 * @module
 * /handler/mfa: the second step of a sign-in of a user with TOTP. It takes the 6-digit code of the
 * authenticator app for the attempt the sign-in page kept, then moves on like a sign-in.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { getReturnTarget, useHandlerOptions, useI18n, withReturnTo } from "../handler-options";
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
import { clearMfaAttempt, readMfaAttempt } from "./mfa-attempt";
import { toCodeProblem } from "./verification-code-states";

export function MfaPage() {
  const { urls, searchParams, navigate, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, status, reload } = useAuth();
  const form = useFormState<"code">();
  // Read after mounting: session storage exists only in the browser.
  const [attemptCode, setAttemptCode] = useState<string | null | undefined>(undefined);
  const [isExpired, setIsExpired] = useState(false);
  const target = getReturnTarget(searchParams, urls.afterSignIn);
  const signInHref = withReturnTo(`${urls.handler}/sign-in`, searchParams);

  useEffect(() => setAttemptCode(readMfaAttempt()), []);
  useEffect(() => {
    if (status === "signed-in") navigate(target, { replace: true });
  }, [status, target, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const totp = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(totp)) {
      return form.fail({ fields: { code: t("mfa.enterCode") } });
    }
    if (!attemptCode) return;
    void form.run(async () => {
      const result = await app.signInWithMfa({ attemptCode, totp });
      if (result.status === "ok") {
        clearMfaAttempt();
        return reload();
      }
      if (toCodeProblem(result.error.code) !== null) {
        clearMfaAttempt();
        return setIsExpired(true);
      }
      const isWrongCode = result.error.code === "INVALID_TOTP_CODE";
      form.fail(
        isWrongCode ? { fields: { code: t("mfa.wrongCode") } } : { form: errorText(result.error) },
      );
    });
  };

  if (attemptCode === undefined || status === "signed-in") {
    return (
      <HandlerCard title={t("mfa.title")}>
        <StatusText>
          {status === "signed-in" ? t("common.redirecting") : t("common.loading")}
        </StatusText>
      </HandlerCard>
    );
  }
  if (attemptCode === null || isExpired) {
    return (
      <HandlerCard title={t("mfa.title")}>
        <p role="alert" className={classNames.error}>
          {isExpired ? t("mfa.expired") : t("mfa.noAttempt")}
        </p>
        <Text>
          <HandlerLink href={signInHref}>{t("common.signInLink")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={t("mfa.title")}>
      <Text>{t("mfa.instructions")}</Text>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("mfa.codeLabel")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          error={form.fieldErrors.code}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("mfa.busy")}>
          {t("mfa.submit")}
        </SubmitButton>
      </form>
      <Text>
        <HandlerLink href={signInHref}>{t("common.cancel")}</HandlerLink>
      </Text>
    </HandlerCard>
  );
}
