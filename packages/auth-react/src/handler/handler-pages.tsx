/**
 * @module
 * The small handler pages: sign-out, error, not found, and the page of routes whose client calls
 * do not exist yet (it says so). The other pages have modules of their own.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../hooks/use-auth";
import { type HandlerRoute, useHandlerOptions } from "./handler-options";
import { HandlerCard } from "./handler-ui";

export function SignOutPage() {
  const { urls, navigate, classNames } = useHandlerOptions();
  const { signOut } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().then(
      () => navigate(urls.afterSignOut, { replace: true }),
      (caught: unknown) =>
        setError(
          caught instanceof Error ? caught.message : "Failed to sign out. Please try again.",
        ),
    );
  }, [signOut, navigate, urls.afterSignOut]);

  return (
    <HandlerCard title="Sign out">
      {error ? (
        <p role="alert" className={classNames.error}>
          {error}
        </p>
      ) : (
        <p role="status" className={classNames.status}>
          Signing out...
        </p>
      )}
    </HandlerCard>
  );
}

export function ErrorPage() {
  const { urls, searchParams, classNames } = useHandlerOptions();
  const code = searchParams.get("errorCode");
  const message = searchParams.get("message");
  return (
    <HandlerCard title="Something went wrong">
      <p role="alert" className={classNames.error}>
        {message || "An unknown error occurred."}
      </p>
      {code ? <p className={classNames.text}>Error code: {code}</p> : null}
      <p className={classNames.text}>
        <a className={classNames.link} href={urls.home}>
          Go home
        </a>
      </p>
    </HandlerCard>
  );
}

const unavailableTitles: Partial<Record<HandlerRoute, string>> = {
  "team-invitation": "Team invitation",
};

export function UnavailablePage({ route }: { route: HandlerRoute }) {
  const { urls, classNames } = useHandlerOptions();
  return (
    <HandlerCard title={unavailableTitles[route] ?? "Not available"}>
      <p role="status" className={classNames.text}>
        This page is not available yet: the server does not offer it so far. Please contact an
        administrator if you need help with your account.
      </p>
      <p className={classNames.text}>
        <a className={classNames.link} href={`${urls.handler}/sign-in`}>
          Back to sign in
        </a>
      </p>
    </HandlerCard>
  );
}

export function NotFoundPage() {
  const { urls, classNames } = useHandlerOptions();
  return (
    <HandlerCard title="Page not found">
      <p className={classNames.text}>There is no such page.</p>
      <p className={classNames.text}>
        <a className={classNames.link} href={urls.home}>
          Go home
        </a>
      </p>
    </HandlerCard>
  );
}
