/**
 * @module
 * `useProject`: the project's public config from `GET /projects/current` (which sign-in methods are
 * on, whether sign-up is), loaded once per page.
 */
import type { AuthProject } from "@heritage/auth-client";
import { useEffect, useState } from "react";
import { useAuth } from "../hooks/use-auth";

export type ProjectState =
  | { status: "loading" }
  | { status: "ready"; project: AuthProject }
  | { status: "error"; message: string };

export function useProject(): ProjectState {
  const { app } = useAuth();
  const [state, setState] = useState<ProjectState>({ status: "loading" });
  useEffect(() => {
    let isCurrent = true;
    app.getProject().then(
      (project) => isCurrent && setState({ status: "ready", project }),
      (caught: unknown) =>
        isCurrent &&
        setState({
          status: "error",
          message: caught instanceof Error ? caught.message : "The project could not be loaded.",
        }),
    );
    return () => {
      isCurrent = false;
    };
  }, [app]);
  return state;
}
