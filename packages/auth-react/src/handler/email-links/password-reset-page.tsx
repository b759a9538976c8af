/**
 * @module
 * /handler/password-reset?code=…: the page the reset e-mail links to. It checks the code on load
 * (so an expired or used link says so before anyone types), then takes the new password twice,
 * with the spec's length rules (section 5), and leads to sign-in once the password is reset.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n, withReturnTo } from "../handler-options";
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
import {
  type CodeProblem,
  codeProblemTexts,
  toCodeProblem,
} from "../sign-in/verification-code-states";

type ResetState =
  | { kind: "checking" }
  | { kind: "ready" }
  | { kind: "problem"; problem: CodeProblem }
  /** `error` as returned or thrown: shown in the pages' language. */
  | { kind: "failed"; error: unknown }
  | { kind: "done" };

export function PasswordResetPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app } = useAuth();
  const code = searchParams.get("code") ?? "";
  const [state, setState] = useState<ResetState>(
    code === "" ? { kind: "problem", problem: "missing" } : { kind: "checking" },
  );
  const form = useFormState<NewPasswordField>();
  const signInHref = withReturnTo(`${urls.handler}/sign-in`, searchParams);
  const forgotHref = withReturnTo(`${urls.handler}/forgot-password`, searchParams);

  useEffect(() => {
    if (code === "") return;
    let isCurrent = true;
    app.verifyPasswordResetCode(code).then(
      (result) => {
        if (!isCurrent) return;
        if (result.status === "ok") return setState({ kind: "ready" });
        const problem = toCodeProblem(result.error.code);
        setState(problem ? { kind: "problem", problem } : { kind: "failed", error: result.error });
      },
      (caught: unknown) => isCurrent && setState({ kind: "failed", error: caught }),
    );
    return () => {
      isCurrent = false;
    };
  }, [app, code]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const repeat = String(data.get("passwordRepeat") ?? "");
    const problems = checkNewPassword(password, repeat, t);
    if (Object.keys(problems).length > 0) return form.fail({ fields: problems });
    void form.run(async () => {
      const result = await app.resetPassword({ code, password });
      if (result.status === "ok") return setState({ kind: "done" });
      const problem = toCodeProblem(result.error.code);
      if (problem) return setState({ kind: "problem", problem });
      const field = passwordFieldOf(result.error.code);
      const message = errorText(result.error);
      form.fail(field ? { fields: { [field]: message } } : { form: message });
    });
  };

  if (state.kind === "checking") {
    return (
      <HandlerCard title={t("forgotPassword.title")}>
        <StatusText>{t("passwordReset.checking")}</StatusText>
      </HandlerCard>
    );
  }
  if (state.kind === "problem" || state.kind === "failed") {
    const texts =
      state.kind === "problem"
        ? {
            title: t(codeProblemTexts[state.problem].title),
            text: t(codeProblemTexts[state.problem].text),
          }
        : { title: t("common.somethingWentWrong"), text: errorText(state.error) };
    return (
      <HandlerCard title={texts.title}>
        <p role="alert" className={classNames.error}>
          {texts.text}
        </p>
        <Text>
          <HandlerLink href={forgotHref}>{t("passwordReset.requestNewLink")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (state.kind === "done") {
    return (
      <HandlerCard title={t("passwordReset.doneTitle")}>
        <StatusText>{t("passwordReset.done")}</StatusText>
        <Text>
          <HandlerLink href={signInHref}>{t("common.signInLink")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={t("passwordReset.formTitle")}>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("passwordReset.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordLengthHint(t)}
          error={form.fieldErrors.password}
        />
        <Field
          label={t("passwordReset.repeatNewPassword")}
          name="passwordRepeat"
          type="password"
          autoComplete="new-password"
          required
          error={form.fieldErrors.passwordRepeat}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("passwordReset.busy")}>
          {t("passwordReset.submit")}
        </SubmitButton>
      </form>
    </HandlerCard>
  );
}
