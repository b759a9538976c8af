/**
 * @module
 * /handler/team-invitation?code=…: the page a team invitation e-mail links to. A signed-out
 * visitor signs in first and comes back here; a signed-in one sees which team invites them and
 * accepts (their verified e-mail must be the invited one) or leaves it.
 */
import { useEffect, useState } from "react";
import { useAuth } from "../hooks/use-auth";
import { returnToParam, useHandlerOptions } from "./handler-options";
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
  | { kind: "failed"; message: string };

export function TeamInvitationPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const { status } = useAuth();
  const teams = useTeamCalls();
  const code = searchParams.get("code") ?? "";
  const [state, setState] = useState<InvitationState>(
    code === "" ? { kind: "problem", problem: "missing" } : { kind: "loading" },
  );
  const [error, setError] = useState<string | null>(null);
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
        setState(
          problem
            ? { kind: "problem", problem }
            : { kind: "failed", message: result.error.message },
        );
      },
      (caught: unknown) =>
        isCurrent &&
        setState({
          kind: "failed",
          message: caught instanceof Error ? caught.message : "An unknown error occurred.",
        }),
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
      setError(result.error.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "An unknown error occurred.");
    } finally {
      setIsBusy(false);
    }
  };

  const title = "Team invitation";
  if (teams === null) {
    return (
      <HandlerCard title={title}>
        <StatusText>Team invitations are not available in this app.</StatusText>
      </HandlerCard>
    );
  }
  if (state.kind === "problem" || state.kind === "failed") {
    const texts =
      state.kind === "problem"
        ? codeProblemTexts[state.problem]
        : { title: "Something went wrong", text: state.message };
    return (
      <HandlerCard title={texts.title}>
        <p role="alert" className={classNames.error}>
          {texts.text}
        </p>
        <Text>
          <HandlerLink href={urls.home}>Go home</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (status === "signed-out") {
    return (
      <HandlerCard title={title}>
        <Text>You have been invited to join a team. Please sign in to accept the invitation.</Text>
        <Text>
          <HandlerLink href={signInHref}>Sign in</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (state.kind === "joined") {
    return (
      <HandlerCard title={title}>
        <StatusText>You have joined {state.teamName}.</StatusText>
        <Text>
          <HandlerLink href={urls.home}>Go home</HandlerLink>
        </Text>
      </HandlerCard>
    );
  }
  if (state.kind === "loading") {
    return (
      <HandlerCard title={title}>
        <StatusText>Loading the invitation...</StatusText>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title={title}>
      <Text>You have been invited to join {state.teamName}.</Text>
      <FormAlert message={error} />
      <button
        type="button"
        className={classNames.button}
        disabled={isBusy}
        onClick={() => void accept(state.teamName)}
      >
        {isBusy ? "Joining..." : "Join team"}
      </button>
      <Text>
        <HandlerLink href={urls.home}>Ignore the invitation</HandlerLink>
      </Text>
    </HandlerCard>
  );
}
