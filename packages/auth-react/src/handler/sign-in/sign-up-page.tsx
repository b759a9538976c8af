/**
 * @module
 * /handler/sign-up: e-mail and password, twice, checked against the spec's rules (section 5); the
 * new account gets a verification e-mail linking to /handler/email-verification. Afterwards the
 * page moves on to `after_auth_return_to` or the after-sign-up URL (default: after sign-in).
 */
import type { FormEvent } from "react";
import { useAuth } from "../../hooks/use-auth";
import { isEmailLike } from "../email-links/forgot-password-page";
import {
  getReturnTarget,
  toAbsoluteUrl,
  useHandlerOptions,
  useI18n,
  withReturnTo,
} from "../handler-options";
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
import {
  checkNewPassword,
  type NewPasswordField,
  passwordFieldOf,
  passwordLengthHint,
} from "../password-rules";
import { useMoveOnWithAccount } from "../use-account-state";
import { useProject } from "../use-project";

type SignUpField = "email" | NewPasswordField;

function SignUpForm() {
  const { urls, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { signUpWithCredential, reload } = useAuth();
  const form = useFormState<SignUpField>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const repeat = String(data.get("passwordRepeat") ?? "");
    const problems: Partial<Record<SignUpField, string>> = {
      ...(email === ""
        ? { email: t("validation.enterYourEmail") }
        : isEmailLike(email)
          ? {}
          : { email: t("validation.invalidEmail") }),
      ...checkNewPassword(password, repeat, t),
    };
    if (Object.keys(problems).length > 0) return form.fail({ fields: problems });
    void form.run(async () => {
      const result = await signUpWithCredential({
        email,
        password,
        verificationCallbackUrl: toAbsoluteUrl(`${urls.handler}/email-verification`),
      });
      if (result.status === "ok") return reload();
      const field =
        result.error.code === "USER_EMAIL_ALREADY_EXISTS"
          ? "email"
          : passwordFieldOf(result.error.code);
      const message = errorText(result.error);
      form.fail(field ? { fields: { [field]: message } } : { form: message });
    });
  };

  return (
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
      <Field
        label={t("common.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={passwordLengthHint(t)}
        error={form.fieldErrors.password}
      />
      <Field
        label={t("signUp.repeatPassword")}
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        required
        error={form.fieldErrors.passwordRepeat}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel={t("signUp.busy")}>
        {t("signUp.submit")}
      </SubmitButton>
    </form>
  );
}

export function SignUpPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { t, rich, errorText } = useI18n();
  const target = getReturnTarget(searchParams, urls.afterSignUp);
  const status = useMoveOnWithAccount(target);
  const project = useProject();
  const signInLink = (
    <Text>
      {rich("signUp.haveAccount", {
        link: (
          <HandlerLink href={withReturnTo(`${urls.handler}/sign-in`, searchParams)}>
            {t("common.signInLink")}
          </HandlerLink>
        ),
      })}
    </Text>
  );

  if (status === "loading" || status === "signed-in" || project.status === "loading") {
    return (
      <HandlerCard title={t("signUp.title")}>
        <StatusText>
          {status === "signed-in" ? t("common.redirecting") : t("common.loading")}
        </StatusText>
      </HandlerCard>
    );
  }
  if (project.status === "error") {
    return (
      <HandlerCard title={t("signUp.title")}>
        <p role="alert" className={classNames.error}>
          {errorText(project.error, "common.projectNotLoaded")}
        </p>
        {signInLink}
      </HandlerCard>
    );
  }
  const { config } = project.project;
  if (!config.signUpEnabled || !config.credentialEnabled) {
    return (
      <HandlerCard title={t("signUp.title")}>
        <StatusText>
          {config.signUpEnabled ? t("signUp.passwordNotEnabled") : t("signUp.notEnabled")}
        </StatusText>
        {signInLink}
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={t("signUp.formTitle")}>
      <SignUpForm />
      {signInLink}
    </HandlerCard>
  );
}
