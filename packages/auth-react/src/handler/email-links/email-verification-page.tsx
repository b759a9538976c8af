/**
 * @module
 * /handler/email-verification?code=…: the page the verification e-mail links to. It redeems the
 * code once on load (link scanners do not run scripts) and says whether the address is now
 * verified, or the link is invalid, expired or already used.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions, useI18n } from "../handler-options";
import { HandlerCard, HandlerLink, StatusText, Text } from "../handler-ui";
import {
  type CodeProblem,
  codeProblemTexts,
  toCodeProblem,
} from "../sign-in/verification-code-states";

type VerifyState =
  | { kind: "verifying" }
  | { kind: "verified" }
  | { kind: "problem"; problem: CodeProblem }
  /** `error` as returned or thrown: shown in the pages' language. */
  | { kind: "failed"; error: unknown };

export function EmailVerificationPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { t, rich, errorText } = useI18n();
  const { app, status, reload } = useAuth();
  const code = searchParams.get("code") ?? "";
  const [state, setState] = useState<VerifyState>(
    code === "" ? { kind: "problem", problem: "missing" } : { kind: "verifying" },
  );
  // A code is redeemed once: a second render (Strict Mode, a re-mount) must not redeem it again.
  const redeemed = useRef<string | null>(null);

  useEffect(() => {
    if (code === "" || redeemed.current === code) return;
    redeemed.current = code;
    app.verifyEmail(code).then(
      (result) => {
        if (result.status === "ok") {
          setState({ kind: "verified" });
          // The signed-in user (if this is theirs) now shows the address as verified.
          if (status === "signed-in") void reload().catch(() => undefined);
          return;
        }
        const problem = toCodeProblem(result.error.code);
        setState(problem ? { kind: "problem", problem } : { kind: "failed", error: result.error });
      },
      (caught: unknown) => setState({ kind: "failed", error: caught }),
    );
  }, [app, code, status, reload]);

  const homeLink = (
    <Text>
      <HandlerLink href={urls.home}>{t("common.goHome")}</HandlerLink>
    </Text>
  );
  if (state.kind === "verifying") {
    return (
      <HandlerCard title={t("emailVerification.title")}>
        <StatusText>{t("emailVerification.status")}</StatusText>
      </HandlerCard>
    );
  }
  if (state.kind === "verified") {
    return (
      <HandlerCard title={t("emailVerification.verifiedTitle")}>
        <StatusText>{t("emailVerification.verified")}</StatusText>
        {homeLink}
      </HandlerCard>
    );
  }
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
      {state.kind === "problem" && state.problem !== "used" ? (
        <Text>
          {rich("emailVerification.newLink", {
            link: (
              <HandlerLink href={`${urls.handler}/account-settings`}>
                {t("emailVerification.accountSettingsLink")}
              </HandlerLink>
            ),
          })}
        </Text>
      ) : null}
      {homeLink}
    </HandlerCard>
  );
}
