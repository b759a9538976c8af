/**
 * @module
 * The handler pages: sign-in, sign-out and error work against the Tier-1 server; sign-up shows
 * whether the project allows it; the pages whose server endpoints do not exist yet (password
 * reset, e-mail verification, OAuth, magic link, account settings, invitations, MFA) say so.
 */
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useAuth } from "../hooks/use-auth";
import { getReturnTarget, type HandlerRoute, useHandlerOptions } from "./handler-options";

function HandlerCard({ title, children }: { title: string; children: ReactNode }) {
  const { classNames } = useHandlerOptions();
  return (
    <div className={classNames.page} data-auth-handler="">
      <div className={classNames.card}>
        <h1 className={classNames.title}>{title}</h1>
        {children}
      </div>
    </div>
  );
}

function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { classNames } = useHandlerOptions();
  const id = useId();
  return (
    <div className={classNames.field}>
      <label htmlFor={id} className={classNames.label}>
        {label}
      </label>
      <input id={id} className={classNames.input} {...input} />
    </div>
  );
}

export function SignInPage() {
  const { urls, searchParams, navigate, classNames } = useHandlerOptions();
  const { status, signInWithCredential, reload } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const target = getReturnTarget(searchParams, urls.afterSignIn);

  useEffect(() => {
    if (status === "signed-in") navigate(target, { replace: true });
  }, [status, target, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (email === "" || password === "") {
      setError("Please enter your e-mail and password.");
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const result = await signInWithCredential({ email, password });
      if (result.status === "error") setError(result.error.message);
      else await reload();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "An unknown error occurred");
    } finally {
      setIsBusy(false);
    }
  };

  if (status === "loading" || status === "signed-in") {
    return (
      <HandlerCard title="Sign in">
        <p role="status" className={classNames.status}>
          {status === "loading" ? "Loading..." : "Redirecting..."}
        </p>
      </HandlerCard>
    );
  }
  return (
    <HandlerCard title="Sign in to your account">
      <form noValidate onSubmit={(event) => void submit(event)} className={classNames.form}>
        {error ? (
          <p role="alert" className={classNames.error}>
            {error}
          </p>
        ) : null}
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" disabled={isBusy} className={classNames.button}>
          {isBusy ? "Signing in..." : "Sign In"}
        </button>
      </form>
      <p className={classNames.text}>
        <a className={classNames.link} href={`${urls.handler}/forgot-password`}>
          Forgot password?
        </a>
      </p>
    </HandlerCard>
  );
}

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
  "sign-up": "Sign up",
  "email-verification": "Verify your e-mail",
  "password-reset": "Reset your password",
  "forgot-password": "Forgot password",
  "oauth-callback": "Signing in",
  "magic-link-callback": "Signing in",
  "account-settings": "Account settings",
  "team-invitation": "Team invitation",
  mfa: "Two-factor authentication",
};

export function SignUpPage() {
  const { urls, classNames } = useHandlerOptions();
  const { app } = useAuth();
  const [isEnabled, setIsEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let isCurrent = true;
    app.getProject().then(
      (project) => isCurrent && setIsEnabled(project.config.signUpEnabled),
      () => isCurrent && setIsEnabled(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [app]);
  return (
    <HandlerCard title="Sign up">
      <p role="status" className={classNames.text}>
        {isEnabled === false
          ? "Sign-up is not enabled for this project: accounts are created by its administrators."
          : "Creating an account here is not available yet."}
      </p>
      <p className={classNames.text}>
        <a className={classNames.link} href={`${urls.handler}/sign-in`}>
          Sign in instead
        </a>
      </p>
    </HandlerCard>
  );
}

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
