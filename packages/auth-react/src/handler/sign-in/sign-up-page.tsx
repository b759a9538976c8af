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
import { checkNewPassword, type NewPasswordField, passwordFieldOf } from "../password-rules";
import { useMoveOnWithAccount } from "../use-account-state";
import { useProject } from "../use-project";

type SignUpField = "email" | NewPasswordField;

function SignUpForm() {
  const { urls, classNames } = useHandlerOptions();
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
        ? { email: "Please enter your e-mail address." }
        : isEmailLike(email)
          ? {}
          : { email: "Please enter a valid e-mail address." }),
      ...checkNewPassword(password, repeat),
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
      form.fail(
        field ? { fields: { [field]: result.error.message } } : { form: result.error.message },
      );
    });
  };

  return (
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
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 70 characters."
        error={form.fieldErrors.password}
      />
      <Field
        label="Repeat password"
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        required
        error={form.fieldErrors.passwordRepeat}
      />
      <SubmitButton isBusy={form.isBusy} busyLabel="Signing up...">
        Sign Up
      </SubmitButton>
    </form>
  );
}

export function SignUpPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const target = getReturnTarget(searchParams, urls.afterSignUp);
  const status = useMoveOnWithAccount(target);
  const project = useProject();
  const signInLink = (
    <Text>
      Already have an account?{" "}
      <HandlerLink href={withReturnTo(`${urls.handler}/sign-in`, searchParams)}>
        Sign in
      </HandlerLink>
    </Text>
  );

  if (status === "loading" || status === "signed-in" || project.status === "loading") {
    return (
      <HandlerCard title="Sign up">
        <StatusText>{status === "signed-in" ? "Redirecting..." : "Loading..."}</StatusText>
      </HandlerCard>
    );
  }
  if (project.status === "error") {
    return (
      <HandlerCard title="Sign up">
        <p role="alert" className={classNames.error}>
          {project.message}
        </p>
        {signInLink}
      </HandlerCard>
    );
  }
  const { config } = project.project;
  if (!config.signUpEnabled || !config.credentialEnabled) {
    return (
      <HandlerCard title="Sign up">
        <StatusText>
          {config.signUpEnabled
            ? "Signing up with a password is not enabled for this project."
            : "Sign-up is not enabled for this project: accounts are created by its administrators."}
        </StatusText>
        {signInLink}
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title="Create a new account">
      <SignUpForm />
      {signInLink}
    </HandlerCard>
  );
}
