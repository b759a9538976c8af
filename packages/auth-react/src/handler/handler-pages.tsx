/**
 * @module
 * The small handler pages: sign-out, error and not found. The other pages have modules of their own.
 */
import { useEffect, useRef, useState } from "react";
import { useAuth } from "../hooks/use-auth";
import { useHandlerOptions } from "./handler-options";
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
