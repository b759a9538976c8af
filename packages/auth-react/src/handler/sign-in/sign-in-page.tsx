/**
 * @module
 * /handler/sign-in: the sign-in methods the project has enabled (from the client project endpoint):
 * OAuth providers, passkey, an e-mailed code (magic link), e-mail and password; a user with TOTP goes on to /handler/mfa. A signed-in visitor moves on at once to `after_auth_return_to` (same
 * origin only) or the after-sign-in URL.
 */
import type { FormEvent } from "react";
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
import { useMoveOnWithAccount } from "../use-account-state";
import { useProject } from "../use-project";
import { MagicLinkSignIn } from "./magic-link-sign-in";
import { OtherSignInMethods } from "./other-sign-in-methods";
import { useFinishSignIn } from "./use-finish-sign-in";

function PasswordSignInForm() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { t } = useI18n();
  const { signInWithCredential } = useAuth();
  const finishSignIn = useFinishSignIn();
  const form = useFormState<"email" | "password">();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    if (email === "" || password === "") {
      return form.fail({
        fields: {
          ...(email === "" ? { email: t("validation.enterYourEmail") } : {}),
          ...(password === "" ? { password: t("validation.enterYourPassword") } : {}),
        },
      });
    }
    void form.run(async () => {
      // On success the page moves on once the user has loaded (see SignInPage).
      const message = await finishSignIn(await signInWithCredential({ email, password }));
      if (message !== null) form.fail({ form: message });
    });
  };

  return (
    <>
      <form ref={form.formRef} noValidate onSubmit={submit} className={classNames.form}>
        <FormAlert message={form.formError} />
        <Field
          label={t("common.email")}
          name="email"
          type="email"
          autoComplete="username"
          required
          error={form.fieldErrors.email}
        />
        <Field
          label={t("common.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.fieldErrors.password}
        />
        <SubmitButton isBusy={form.isBusy} busyLabel={t("common.signingIn")}>
          {t("signIn.submit")}
        </SubmitButton>
      </form>
      <Text>
        <HandlerLink href={withReturnTo(`${urls.handler}/forgot-password`, searchParams)}>
          {t("signIn.forgotPassword")}
        </HandlerLink>
      </Text>
    </>
  );
}

export function SignInPage() {
  const { urls, searchParams } = useHandlerOptions();
  const { t, rich } = useI18n();
  const target = getReturnTarget(searchParams, urls.afterSignIn);
  const status = useMoveOnWithAccount(target);
  const project = useProject();

  if (status === "loading" || status === "signed-in" || project.status === "loading") {
    return (
      <HandlerCard title={t("signIn.title")}>
        <StatusText>
          {status === "signed-in" ? t("common.redirecting") : t("common.loading")}
        </StatusText>
      </HandlerCard>
    );
  }
  // Without the project's config, offer the password form: the server still decides.
  const config = project.status === "ready" ? project.project.config : null;
  const hasPassword = config === null || config.credentialEnabled;
  const oauthProviders = config?.oauthProviders.map((provider) => provider.id) ?? [];
  const hasPasskey = config?.passkeyEnabled ?? false;
  const hasMagicLink = config?.magicLinkEnabled ?? false;
  const hasOtherMethods = oauthProviders.length > 0 || hasPasskey;
  return (
    <HandlerCard title={t("signIn.formTitle")}>
      {hasOtherMethods ? (
        <OtherSignInMethods
          oauthProviders={oauthProviders}
          hasPasskey={hasPasskey}
          returnTarget={target}
        />
      ) : null}
      {hasMagicLink ? <MagicLinkSignIn /> : null}
      {hasPassword ? (
        <PasswordSignInForm />
      ) : hasOtherMethods || hasMagicLink ? null : (
        <StatusText>{t("signIn.noMethod")}</StatusText>
      )}
      {config?.signUpEnabled ? (
        <Text>
          {rich("signIn.noAccount", {
            link: (
              <HandlerLink href={withReturnTo(`${urls.handler}/sign-up`, searchParams)}>
                {t("signIn.signUpLink")}
              </HandlerLink>
            ),
          })}
        </Text>
      ) : null}
    </HandlerCard>
  );
}
