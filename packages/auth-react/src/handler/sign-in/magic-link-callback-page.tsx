/**
 * @module
 * /handler/magic-link-callback?code=…: the page the sign-in e-mail links to. It redeems the code
 * once and moves on like any sign-in (or to /handler/mfa for a user with TOTP); an expired, used or
 * unknown link says so.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { getReturnTarget, useHandlerOptions, useI18n, withReturnTo } from "../handler-options";
import { HandlerCard, HandlerLink, StatusText, Text } from "../handler-ui";
import { useFinishSignIn } from "./use-finish-sign-in";
import { type CodeProblem, codeProblemTexts, toCodeProblem } from "./verification-code-states";

export function MagicLinkCallbackPage() {
  const { urls, searchParams, navigate, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { app, status } = useAuth();
  const finishSignIn = useFinishSignIn();
  const code = searchParams.get("code") ?? "";
  const [problem, setProblem] = useState<CodeProblem | null>(code === "" ? "missing" : null);
  // The sign-in's failure: a message in the pages' language, or what was thrown.
  const [error, setError] = useState<{ message: string } | { caught: unknown } | null>(null);
  const [isRedeemed, setIsRedeemed] = useState(false);
  const redeemed = useRef<string | null>(null);
  const target = getReturnTarget(searchParams, urls.afterSignIn);

  useEffect(() => {
    if (code === "" || redeemed.current === code) return;
    redeemed.current = code;
    const redeem = async () => {
      const result = await app.signInWithMagicLink(code);
      const codeProblem = result.status === "error" ? toCodeProblem(result.error.code) : null;
      if (codeProblem !== null) return setProblem(codeProblem);
      const message = await finishSignIn(result);
      if (message !== null) setError({ message });
      else setIsRedeemed(true);
    };
    redeem().catch((caught: unknown) => setError({ caught }));
  }, [app, code, finishSignIn]);

  useEffect(() => {
    if (isRedeemed && status === "signed-in") navigate(target, { replace: true });
  }, [isRedeemed, status, target, navigate]);

  if (problem === null && error === null) {
    return (
      <HandlerCard title={t("magicLinkCallback.title")}>
        <StatusText>{t("magicLinkCallback.status")}</StatusText>
      </HandlerCard>
    );
  }
  const texts =
    problem !== null
      ? { title: t(codeProblemTexts[problem].title), text: t(codeProblemTexts[problem].text) }
      : {
          title: t("common.somethingWentWrong"),
          text: error === null ? "" : "message" in error ? error.message : errorText(error.caught),
        };
  return (
    <HandlerCard title={texts.title}>
      <p role="alert" className={classNames.error}>
        {texts.text}
      </p>
      <Text>
        <HandlerLink href={withReturnTo(`${urls.handler}/sign-in`, searchParams)}>
          {t("common.backToSignIn")}
        </HandlerLink>
      </Text>
    </HandlerCard>
  );
}
