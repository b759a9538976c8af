/**
 * @module
 * /handler/team-invitation?code=…: the page a team invitation e-mail links to. A signed-out
 * visitor signs in first and comes back here; a signed-in one sees which team invites them and
 * accepts (their verified e-mail must be the invited one) or leaves it.
 */
import { useEffect, useState } from "react";
import { useAuth } from "../hooks/use-auth";
import { returnToParam, useHandlerOptions, useI18n } from "./handler-options";
import { FormAlert, HandlerCard, HandlerLink, StatusText, Text } from "./handler-ui";
import {
  type CodeProblem,
  codeProblemTexts,
  toCodeProblem,
} from "./sign-in/verification-code-states";
import { useTeamCalls } from "./team-access";

type InvitationState =
  | { kind: "loading" }
  | { kind: "invited"; teamName: string }
  | { kind: "joined"; teamName: string }
  | { kind: "problem"; problem: CodeProblem }
  /** `error` as returned or thrown: shown in the pages' language. */
  | { kind: "failed"; error: unknown };

export function TeamInvitationPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { t, errorText } = useI18n();
  const { status } = useAuth();
  const teams = useTeamCalls();
  const code = searchParams.get("code") ?? "";
  const [state, setState] = useState<InvitationState>(
    code === "" ? { kind: "problem", problem: "missing" } : { kind: "loading" },
  );
  const [error, setError] = useState<{ caught: unknown } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const here = `${urls.handler}/team-invitation?code=${encodeURIComponent(code)}`;
  const signInHref = `${urls.handler}/sign-in?${returnToParam}=${encodeURIComponent(here)}`;

  useEffect(() => {
    if (code === "" || status !== "signed-in" || teams === null) return;
    let isCurrent = true;
    teams.getTeamInvitationDetails(code).then(
      (result) => {
        if (!isCurrent) return;
        if (result.status === "ok") {
          return setState({ kind: "invited", teamName: result.data.teamDisplayName });
        }
        const problem = toCodeProblem(result.error.code);
        setState(problem ? { kind: "problem", problem } : { kind: "failed", error: result.error });
      },
      (caught: unknown) => isCurrent && setState({ kind: "failed", error: caught }),
    );
    return () => {
      isCurrent = false;
    };
  }, [code, status, teams]);

  const accept = async (teamName: string) => {
    if (teams === null) return;
    setIsBusy(true);
    setError(null);
    try {
      const result = await teams.acceptTeamInvitation(code);
      if (result.status === "ok") return setState({ kind: "joined", teamName });
      const problem = toCodeProblem(result.error.code);
      if (problem) return setState({ kind: "problem", problem });
      setError({ caught: result.error });
    } catch (caught) {
      setError({ caught });
    } finally {
      setIsBusy(false);
    }
  };

  const title = t("teamInvitation.title");
  if (teams === null) {
    return (
      <HandlerCard title={title}>
        <StatusText>{t("teamInvitation.notAvailable")}</StatusText>
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
          <HandlerLink href={urls.home}>{t("common.goHome")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (status === "signed-out") {
    return (
      <HandlerCard title={title}>
        <Text>{t("teamInvitation.signInFirst")}</Text>
        <Text>
          <HandlerLink href={signInHref}>{t("common.signInLink")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (state.kind === "joined") {
    return (
      <HandlerCard title={title}>
        <StatusText>{t("teamInvitation.joined", { team: state.teamName })}</StatusText>
        <Text>
          <HandlerLink href={urls.home}>{t("common.goHome")}</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (state.kind === "loading") {
    return (
      <HandlerCard title={title}>
        <StatusText>{t("teamInvitation.loading")}</StatusText>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={title}>
      <Text>{t("teamInvitation.invited", { team: state.teamName })}</Text>
      <FormAlert message={error === null ? null : errorText(error.caught)} />
      <button
        type="button"
        className={classNames.button}
        disabled={isBusy}
        onClick={() => void accept(state.teamName)}
      >
        {isBusy ? t("teamInvitation.joining") : t("teamInvitation.join")}
      </button>
      <Text>
        <HandlerLink href={urls.home}>{t("teamInvitation.ignore")}</HandlerLink>
      </Text>
    </HandlerCard>
  );
}
