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
  /** `error` as thrown: the page shows it in its language (`errorText`). */
  | { status: "error"; error: unknown };

export function useProject(): ProjectState {
  const { app } = useAuth();
  const [state, setState] = useState<ProjectState>({ status: "loading" });
  useEffect(() => {
    let isCurrent = true;
    app.getProject().then(
      (project) => isCurrent && setState({ status: "ready", project }),
      (caught: unknown) => isCurrent && setState({ status: "error", error: caught }),
    );
    return () => {
      isCurrent = false;
    };
  }, [app]);
  return state;
}
