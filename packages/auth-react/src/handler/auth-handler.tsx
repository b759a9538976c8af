/**
 * @module
 * `AuthHandler`: renders the handler page of a path under the handler base (default /handler,
 * auth-platform spec section 2). Place it in a catch-all route and pass the rest of the path.
 *
 * @example
 * <AuthHandler path={params["*"]} searchParams={searchParams} navigate={navigate}
 *   urls={{ afterSignIn: "/admin" }} classNames={{ button: "btn" }} />
 */
import { useMemo } from "react";
import { AccountSettingsPage } from "./account-settings/account-settings-page";
import { EmailVerificationPage } from "./email-links/email-verification-page";
import { ForgotPasswordPage } from "./email-links/forgot-password-page";
import { PasswordResetPage } from "./email-links/password-reset-page";
import {
  HandlerContext,
  type HandlerOptions,
  type HandlerRoute,
  type HandlerSlot,
  type HandlerUrls,
  handlerRoutes,
  resolveHandlerUrls,
} from "./handler-options";
import { ErrorPage, NotFoundPage, SignOutPage } from "./handler-pages";
import { MagicLinkCallbackPage } from "./sign-in/magic-link-callback-page";
import { MfaPage } from "./sign-in/mfa-page";
import { OAuthCallbackPage } from "./sign-in/oauth-callback-page";
import { SignInPage } from "./sign-in/sign-in-page";
import { SignUpPage } from "./sign-in/sign-up-page";
import { TeamInvitationPage } from "./team-invitation-page";

export interface AuthHandlerProps {
  /** The path below the handler base, e.g. "sign-in" (a leading or trailing slash is fine). */
  path: string | undefined;
  searchParams: URLSearchParams;
  navigate: HandlerOptions["navigate"];
  urls?: Partial<HandlerUrls>;
  classNames?: Partial<Record<HandlerSlot, string>>;
}

function isHandlerRoute(value: string): value is HandlerRoute {
  return (handlerRoutes as readonly string[]).includes(value);
}

/** The handler route of a path below the handler base, or null when it is none of them. */
export function getHandlerRoute(path: string | undefined): HandlerRoute | null {
  const name = (path ?? "").replace(/^\/+|\/+$/g, "").toLowerCase();
  return isHandlerRoute(name) ? name : null;
}

export function AuthHandler({ path, searchParams, navigate, urls, classNames }: AuthHandlerProps) {
  const options = useMemo<HandlerOptions>(
    () => ({
      urls: resolveHandlerUrls(urls),
      searchParams,
      navigate,
      classNames: classNames ?? {},
    }),
    [urls, searchParams, navigate, classNames],
  );
  const route = getHandlerRoute(path);
  return (
    <HandlerContext value={options}>
      {route === "sign-in" ? (
        <SignInPage />
      ) : route === "sign-out" ? (
        <SignOutPage />
      ) : route === "error" ? (
        <ErrorPage />
      ) : route === "sign-up" ? (
        <SignUpPage />
      ) : route === "forgot-password" ? (
        <ForgotPasswordPage />
      ) : route === "password-reset" ? (
        <PasswordResetPage />
      ) : route === "email-verification" ? (
        <EmailVerificationPage />
      ) : route === "account-settings" ? (
        <AccountSettingsPage />
      ) : route === "mfa" ? (
        <MfaPage />
      ) : route === "oauth-callback" ? (
        <OAuthCallbackPage />
      ) : route === "magic-link-callback" ? (
        <MagicLinkCallbackPage />
      ) : route === "team-invitation" ? (
        <TeamInvitationPage />
      ) : (
        <NotFoundPage />
      )}
    </HandlerContext>
  );
}
