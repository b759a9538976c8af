/**
 * @module
 * /handler/email-verification?code=…: the page the verification e-mail links to. It redeems the
 * code once on load (link scanners do not run scripts) and says whether the address is now
 * verified, or the link is invalid, expired or already used.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useHandlerOptions } from "../handler-options";
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
  | { kind: "failed"; message: string };

export function EmailVerificationPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
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
        setState(
          problem
            ? { kind: "problem", problem }
            : { kind: "failed", message: result.error.message },
        );
      },
      (caught: unknown) =>
        setState({
          kind: "failed",
          message: caught instanceof Error ? caught.message : "An unknown error occurred.",
        }),
    );
  }, [app, code, status, reload]);

  const homeLink = (
    <Text>
      <HandlerLink href={urls.home}>Go home</HandlerLink>
    </Text>
  );
  if (state.kind === "verifying") {
    return (
      <HandlerCard title="Verify your e-mail">
        <StatusText>Verifying your e-mail...</StatusText>
      </HandlerCard>
    );
  }
  if (state.kind === "verified") {
    return (
      <HandlerCard title="E-mail verified">
        <StatusText>Your e-mail address has been verified.</StatusText>
        {homeLink}
      </HandlerCard>
    );
  }
  const texts =
    state.kind === "problem"
      ? codeProblemTexts[state.problem]
      : { title: "Something went wrong", text: state.message };
  return (
    <HandlerCard title={texts.title}>
      <p role="alert" className={classNames.error}>
        {texts.text}
      </p>
      {state.kind === "problem" && state.problem !== "used" ? (
        <Text>
          You can send a new link from{" "}
          <HandlerLink href={`${urls.handler}/account-settings`}>your account settings</HandlerLink>
          .
        </Text>
      ) : null}
      {homeLink}
    </HandlerCard>
  );
}
